/**
 * CREATE TABLE (sql-dialect.md §2.7): a column list (SYMBOL CAPACITY/CACHE/NOCACHE/INDEX), `(LIKE t)`
 * or `AS (query)` with `, CAST(col AS type)` / `, INDEX(col)`; then, in any order, TIMESTAMP(col),
 * PARTITION BY unit [TTL], WAL / BYPASS WAL, WITH params, DEDUP UPSERT KEYS(…).
 */
import { IToken } from 'chevrotain';
import type {
  ColumnCast, ColumnDefinition, CreateTableStatement, Duration, Expression, Identifier, IndexDefinition, PartitionUnit,
  Query, TableParam, TypeRef,
} from '../../core/sql/ast';
import { SvcError } from '../../core/errors';
import { durationOf, identifierOf } from './literals';
import { DmlParser } from './dml-parser';
import * as T from './tokens';

const K = T.Keyword;
const PARTITION_UNITS: ReadonlySet<string> = new Set(['NONE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']);

interface Suffix {
  timestamp?: Identifier;
  partitionBy?: PartitionUnit;
  partitionByPosition?: number;
  ttl?: Duration;
  wal?: boolean;
  dedupKeys?: readonly Identifier[];
  params?: readonly TableParam[];
}

export abstract class CreateTableParser extends DmlParser {
  readonly createTable = this.RULE('createTable', (): CreateTableStatement => {
    const create = this.word(10, 'create');
    this.word(11, 'table');
    const ifNotExists = this.OPTION({
      GATE: () => this.isWord(1, 'if'),
      DEF: () => {
        this.word(12, 'if');
        this.CONSUME(K.not);
        this.word(13, 'exists');
      },
    }) !== undefined;
    const table = this.SUBRULE(this.tableName);
    const columns: ColumnDefinition[] = [];
    const indexes: IndexDefinition[] = [];
    const casts: ColumnCast[] = [];
    let like: Identifier | undefined;
    let asSelect: Query | undefined;
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isToken(2, K.like), ALT: () => {
          this.CONSUME(T.LParen);
          this.CONSUME(K.like);
          like = this.SUBRULE2(this.tableName);
          this.CONSUME(T.RParen);
        } },
        { ALT: () => {
          this.CONSUME2(T.LParen);
          this.AT_LEAST_ONE_SEP({
            SEP: T.Comma,
            DEF: () => this.OR2({
              IGNORE_AMBIGUITIES: true,
              DEF: [
                { GATE: () => this.isWord(1, 'index') && this.isToken(2, T.LParen), ALT: () => indexes.push(this.SUBRULE(this.indexDefinition)) },
                { ALT: () => columns.push(this.SUBRULE(this.columnDefinition)) },
              ],
            }),
          });
          this.CONSUME2(T.RParen);
        } },
        { ALT: () => {
          this.CONSUME(K.as);
          // `AS (query) TIMESTAMP(ts)`: the parentheses end the query, so TIMESTAMP is the table's.
          asSelect = this.OR4({
            IGNORE_AMBIGUITIES: true,
            DEF: [
              { GATE: () => this.isToken(1, T.LParen), ALT: () => {
                this.CONSUME3(T.LParen);
                const query = this.SUBRULE(this.query);
                this.CONSUME3(T.RParen);
                return query;
              } },
              { ALT: () => this.SUBRULE2(this.query) },
            ],
          });
        } },
      ],
    });
    // `, INDEX(col)` / `, CAST(col AS type)` after the column list or the AS query.
    this.MANY(() => {
      this.CONSUME(T.Comma);
      this.OR3({
        IGNORE_AMBIGUITIES: true,
        DEF: [
          { GATE: () => this.isWord(1, 'index'), ALT: () => indexes.push(this.SUBRULE2(this.indexDefinition)) },
          { ALT: () => casts.push(this.SUBRULE(this.columnCast)) },
        ],
      });
    });
    const suffix: Suffix = {};
    this.MANY2(() => this.SUBRULE(this.tableSuffix, { ARGS: [suffix] }));
    return this.ACTION((): CreateTableStatement => ({
      kind: 'createTable', table, ifNotExists, columns: asSelect || like ? undefined : columns, asSelect, like,
      casts, indexes, ...suffix, params: suffix.params ?? [], position: create.startOffset,
    }));
  });

  /** One of the clauses after the column list; `into` collects them. */
  private readonly tableSuffix = this.RULE('tableSuffix', (into: Suffix): void => this.OR({
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.isWord(1, 'timestamp'), ALT: () => {
        this.word(10, 'timestamp');
        this.CONSUME(T.LParen);
        const column = this.CONSUME(T.Name);
        this.CONSUME(T.RParen);
        this.ACTION(() => { into.timestamp = identifierOf(column); });
      } },
      { GATE: () => this.isWord(1, 'partition'), ALT: () => {
        this.word(11, 'partition');
        this.CONSUME(K.by);
        const unit = this.CONSUME2(T.Name);
        this.ACTION(() => {
          const u = identifierOf(unit).name.toUpperCase();
          if (!PARTITION_UNITS.has(u)) throw SvcError.sql(unit.startOffset, `'NONE', 'HOUR', 'DAY', 'WEEK', 'MONTH' or 'YEAR' expected`);
          into.partitionBy = u as PartitionUnit;
          into.partitionByPosition = unit.startOffset;
        });
      } },
      { GATE: () => this.isWord(1, 'ttl'), ALT: () => {
        this.word(12, 'ttl');
        const ttl = this.SUBRULE(this.ttlValue);
        this.ACTION(() => { into.ttl = ttl; });
      } },
      { GATE: () => this.isWord(1, 'wal'), ALT: () => {
        this.word(13, 'wal');
        this.ACTION(() => { into.wal = true; });
      } },
      { GATE: () => this.isWord(1, 'bypass'), ALT: () => {
        this.word(14, 'bypass');
        this.word(15, 'wal');
        this.ACTION(() => { into.wal = false; });
      } },
      { GATE: () => this.isWord(1, 'dedup'), ALT: () => {
        this.word(16, 'dedup');
        this.word(17, 'upsert');
        this.word(18, 'keys');
        const keys = this.SUBRULE(this.nameList);
        this.ACTION(() => { into.dedupKeys = keys; });
      } },
      { ALT: () => this.notSupported(this.CONSUME(K.in), 'IN VOLUME') },
      { GATE: () => this.isWord(1, 'owner'), ALT: () => this.notSupported(this.CONSUME2(T.Identifier), 'OWNER') },
      { ALT: () => {
        this.CONSUME(K.with);
        const params = this.SUBRULE(this.tableParams);
        this.ACTION(() => { into.params = params; });
      } },
    ],
  }));

  /** `TTL 2d`, `TTL 2 DAYS`, `TTL 12 HOURS`. */
  private readonly ttlValue = this.RULE('ttlValue', (): Duration => this.OR([
    { ALT: () => {
      const d = this.CONSUME(T.Duration);
      return this.ACTION(() => durationOf(d));
    } },
    { ALT: () => {
      const n = this.CONSUME(T.NumberLiteral);
      const unit = this.CONSUME(T.Identifier);
      return this.ACTION((): Duration => ({
        kind: 'duration', value: Number(n.image), unit: unit.image.toLowerCase(), raw: `${n.image} ${unit.image}`, position: n.startOffset,
      }));
    } },
  ]));

  /** `name = value [, …]` (WITH and SET PARAM); `o3MaxLag=1s` takes an unquoted duration. */
  readonly tableParams = this.RULE('tableParams', (): TableParam[] => {
    const params: TableParam[] = [];
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        const name = this.CONSUME(T.Name);
        this.CONSUME(T.Equal);
        const value = this.OR([
          { ALT: (): Expression | Duration => {
            const d: IToken = this.CONSUME(T.Duration);
            return this.ACTION(() => durationOf(d));
          } },
          { ALT: (): Expression | Duration => this.SUBRULE(this.expr) },
        ]);
        this.ACTION(() => params.push({ kind: 'tableParam', name: identifierOf(name), value, position: name.startOffset }));
      },
    });
    return params;
  });

  /** `name type [CAPACITY n] [CACHE | NOCACHE] [INDEX [CAPACITY n]]`. */
  readonly columnDefinition = this.RULE('columnDefinition', (): ColumnDefinition => {
    const name = this.CONSUME(T.Name);
    const type: TypeRef = this.SUBRULE(this.typeRef);
    let symbolCapacity: Expression | undefined;
    let symbolCache: boolean | undefined;
    let indexed = false;
    let indexCapacity: Expression | undefined;
    this.MANY(() => this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isWord(1, 'capacity'), ALT: () => {
          this.word(10, 'capacity');
          symbolCapacity = this.SUBRULE(this.expr, { ARGS: [100] });
        } },
        { GATE: () => this.isWord(1, 'cache'), ALT: () => { this.word(11, 'cache'); symbolCache = true; } },
        { GATE: () => this.isWord(1, 'nocache'), ALT: () => { this.word(12, 'nocache'); symbolCache = false; } },
        { GATE: () => this.isWord(1, 'index'), ALT: () => {
          this.word(13, 'index');
          indexed = true;
          this.OPTION({
            GATE: () => this.isWord(1, 'capacity'),
            DEF: () => {
              this.word(14, 'capacity');
              indexCapacity = this.SUBRULE2(this.expr, { ARGS: [100] });
            },
          });
        } },
      ],
    }));
    return this.ACTION((): ColumnDefinition => ({
      kind: 'columnDefinition', name: identifierOf(name), type, symbolCapacity, symbolCache, indexed, indexCapacity,
      position: name.startOffset,
    }));
  });

  private readonly indexDefinition = this.RULE('indexDefinition', (): IndexDefinition => {
    const index = this.word(10, 'index');
    this.CONSUME(T.LParen);
    const column = this.CONSUME(T.Name);
    const capacity = this.OPTION({
      GATE: () => this.isWord(1, 'capacity'),
      DEF: () => {
        this.word(11, 'capacity');
        return this.SUBRULE(this.expr, { ARGS: [100] });
      },
    });
    this.CONSUME(T.RParen);
    return this.ACTION((): IndexDefinition => ({
      kind: 'indexDefinition', column: identifierOf(column), capacity, position: index.startOffset,
    }));
  });

  private readonly columnCast = this.RULE('columnCast', (): ColumnCast => {
    const cast = this.word(10, 'cast');
    this.CONSUME(T.LParen);
    const column = this.CONSUME(T.Name);
    this.CONSUME(K.as);
    const type = this.SUBRULE(this.typeRef);
    this.CONSUME(T.RParen);
    return this.ACTION((): ColumnCast => ({ kind: 'columnCast', column: identifierOf(column), type, position: cast.startOffset }));
  });
}
