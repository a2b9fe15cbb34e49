/**
 * CREATE TABLE: a column list (SYMBOL CAPACITY/CACHE/NOCACHE/INDEX), `(LIKE t)`
 * or `AS (query)` with `, CAST(col AS type)` / `, INDEX(col)`; then, in any order, TIMESTAMP(col),
 * PARTITION BY unit [TTL], WAL / BYPASS WAL, WITH params, DEDUP UPSERT KEYS(…).
 */
import type {
  ColumnCast, ColumnDefinition, CreateTableStatement, Duration, Identifier, IndexDefinition, PartitionUnit, Query,
  TableParam,
} from '../../core/sql/ast';
import { SvcError } from '../../core/errors';
import { identifierOf } from './literals';
import { ColumnDefinitionParser } from './column-definition-parser';
import * as T from './tokens';

const K = T.Keyword;
const PARTITION_UNITS: ReadonlySet<string> = new Set(['NONE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']);

interface Suffix {
  timestamp?: Identifier;
  partitionBy?: PartitionUnit;
  partitionByPosition?: number;
  ttl?: Duration;
  wal?: boolean;
  walPosition?: number;
  dedupKeys?: readonly Identifier[];
  params?: readonly TableParam[];
}

export abstract class CreateTableParser extends ColumnDefinitionParser {
  readonly createTable = this.RULE('createTable', (): CreateTableStatement => {
    const create = this.word(10, 'create');
    this.word(11, 'table');
    const ifNotExists = this.OPTION({
      GATE: () => this.isWord(1, 'if'),
      DEF: () => {
        this.word(12, 'if');
        this.CONSUME(K.not);
        this.word(13, 'exists');
        return true;
      },
    }) ?? false;
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
      { GATE: () => this.isToken(1, K.partition), ALT: () => {
        this.CONSUME(K.partition);
        this.word(11, 'by');
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
        const wal = this.word(13, 'wal');
        this.ACTION(() => { into.wal = true; into.walPosition = wal.startOffset; });
      } },
      { GATE: () => this.isWord(1, 'bypass'), ALT: () => {
        const bypass = this.word(14, 'bypass');
        this.word(15, 'wal');
        this.ACTION(() => { into.wal = false; into.walPosition = bypass.startOffset; });
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
}
