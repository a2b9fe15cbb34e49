/**
 * Type names (DDL and casts) and literal tokens to AST nodes; the lowest
 * grammar layer above the helpers.
 */
import { IToken } from 'chevrotain';
import type { Literal, TypeRef } from '../../core/sql/ast';
import { ParserBase } from './parser-base';
import * as L from './literals';
import * as T from './tokens';

const K = T.Keyword;

export abstract class TypeParser extends ParserBase {
  /** `int`, `timestamp`, `geohash(5c)`, `decimal(18, 6)`, `double[][]`. */
  readonly typeRef = this.RULE('typeRef', (): TypeRef => {
    // `pg_catalog.text`: PostgreSQL tools qualify type names; the schema is dropped.
    this.OPTION3({ GATE: () => this.isToken(2, T.Dot), DEF: () => {
      this.CONSUME2(T.Name);
      this.CONSUME(T.Dot);
    } });
    const name = this.CONSUME(T.Name);
    const args = this.OPTION(() => {
      this.CONSUME(T.LParen);
      const list = [this.SUBRULE(this.typeArgument)];
      this.MANY(() => {
        this.CONSUME(T.Comma);
        list.push(this.SUBRULE2(this.typeArgument));
      });
      this.CONSUME(T.RParen);
      return list;
    });
    let dims = 0;
    this.MANY2(() => {
      this.CONSUME(T.LBracket);
      this.CONSUME(T.RBracket);
      dims++;
    });
    return this.ACTION((): TypeRef => {
      const suffix = `${args ? `(${args.join(',')})` : ''}${'[]'.repeat(dims)}`;
      return { kind: 'type', name: `${L.identifierOf(name).name.toLowerCase()}${suffix}`, written: `${name.image}${suffix}`, position: name.startOffset };
    });
  });

  private readonly typeArgument = this.RULE('typeArgument', (): string => this.OR([
    { ALT: () => this.CONSUME(T.Duration).image.toLowerCase() },
    { ALT: () => this.CONSUME(T.NumberLiteral).image },
  ]));

  /** A literal token to its node; `-` folded into numbers by `negate`. */
  protected literalOf(token: IToken): Literal {
    switch (token.tokenType) {
      case T.NumberLiteral: return L.numberLiteral(token.image, token.startOffset, false);
      case T.LongLiteral: return L.longLiteral(token.image, token.startOffset, false);
      case T.FloatLiteral: return L.floatLiteral(token.image, token.startOffset, false);
      case T.StringLiteral: return L.stringLiteral(token);
      case T.EString: return L.escapedStringLiteral(token);
      case T.Long256: return L.long256Literal(token);
      case T.GeohashBits: case T.GeohashChars: return L.geohashLiteral(token);
      case T.DecimalLiteral: return { kind: 'literal', type: 'decimal', value: token.image.slice(0, -1), raw: token.image, position: token.startOffset };
      case K.true: return { kind: 'literal', type: 'boolean', value: true, raw: token.image, position: token.startOffset };
      case K.false: return { kind: 'literal', type: 'boolean', value: false, raw: token.image, position: token.startOffset };
      default: return { kind: 'literal', type: 'null', raw: token.image, position: token.startOffset };
    }
  }
}
