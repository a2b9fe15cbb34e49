/**
 * Pieces of CREATE/ALTER TABLE: column definitions with SYMBOL options,
 * `INDEX(col)`, `CAST(col AS type)`, `name = value` parameters and TTL durations.
 */
import { IToken } from 'chevrotain';
import type {
  ColumnCast, ColumnDefinition, Duration, Expression, IndexDefinition, TableParam, TypeRef,
} from '../../core/sql/ast';
import { durationOf, identifierOf } from './literals';
import { DmlParser } from './dml-parser';
import { above, Precedence } from './operators';
import * as T from './tokens';

const K = T.Keyword;

export abstract class ColumnDefinitionParser extends DmlParser {
  /** `TTL 2d`, `TTL 2 DAYS`, `TTL 12 HOURS`. */
  protected readonly ttlValue = this.RULE('ttlValue', (): Duration => this.OR([
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
        // A duration (`o3MaxLag=10m`) wins over `10m` read as a DECIMAL literal.
        const value = this.OR({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { GATE: () => this.isToken(1, T.Duration), ALT: (): Expression | Duration => {
              const d: IToken = this.CONSUME(T.Duration);
              return this.ACTION(() => durationOf(d));
            } },
            { ALT: (): Expression | Duration => this.SUBRULE(this.expr) },
          ],
        });
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
          symbolCapacity = this.SUBRULE(this.expr, above(Precedence.operand));
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
              indexCapacity = this.SUBRULE2(this.expr, above(Precedence.operand));
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

  protected readonly indexDefinition = this.RULE('indexDefinition', (): IndexDefinition => {
    const index = this.word(10, 'index');
    this.CONSUME(T.LParen);
    const column = this.CONSUME(T.Name);
    const capacity = this.OPTION({
      GATE: () => this.isWord(1, 'capacity'),
      DEF: () => {
        this.word(11, 'capacity');
        return this.SUBRULE(this.expr, above(Precedence.operand));
      },
    });
    this.CONSUME(T.RParen);
    return this.ACTION((): IndexDefinition => ({
      kind: 'indexDefinition', column: identifierOf(column), capacity, position: index.startOffset,
    }));
  });

  protected readonly columnCast = this.RULE('columnCast', (): ColumnCast => {
    const cast = this.word(10, 'cast');
    this.CONSUME(T.LParen);
    const column = this.CONSUME(T.Name);
    this.CONSUME(K.as);
    const type = this.SUBRULE(this.typeRef);
    this.CONSUME(T.RParen);
    return this.ACTION((): ColumnCast => ({ kind: 'columnCast', column: identifierOf(column), type, position: cast.startOffset }));
  });
}
