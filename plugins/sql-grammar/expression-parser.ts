/**
 * Expressions by precedence climbing (one `expr(minPrecedence)` rule instead of one rule per level,
 * which keeps a parse to a few µs). Precedence: operators.ts.
 */
import { IOrAlt, IToken, ParserMethod } from 'chevrotain';
import type { Expression, Query, WindowSpec } from '../../core/sql/ast';
import { above, binaryOperatorOf, Precedence } from './operators';
import { TypeParser } from './type-parser';
import * as L from './literals';
import * as T from './tokens';

const K = T.Keyword;

export abstract class ExpressionParser extends TypeParser {
  protected abstract readonly query: ParserMethod<[], Query>;
  protected abstract readonly windowSpec: ParserMethod<[], WindowSpec>;
  protected abstract readonly primary: ParserMethod<[], Expression>;

  /** Queries written in parentheses: ORDER BY/LIMIT inside them stay there (see query-parser.ts). */
  protected readonly parenthesized = new WeakSet<Query>();

  readonly expr = this.RULE('expr', (minPrecedence?: number): Expression => {
    let left = this.SUBRULE(this.prefix);
    this.MANY({
      GATE: () => this.infixPrecedence() > (minPrecedence ?? Precedence.none),
      DEF: () => {
        left = this.SUBRULE(this.infix, { ARGS: [left] });
      },
    });
    return left;
  });

  /** Binding power of the operator at LA(1), 0 when it is not an infix/postfix operator. */
  protected infixPrecedence(): number {
    const type = this.LA(1).tokenType;
    const info = binaryOperatorOf(type);
    if (info !== undefined) return info.precedence;
    if (type === T.Identifier) return this.wordOperatorPrecedence();
    switch (type) {
      case T.DoubleColon: return Precedence.cast;
      case T.LBracket: return Precedence.subscript;
      case K.is: case K.like: case K.ilike: return Precedence.equality;
      case K.in: case K.between: case K.within: return Precedence.in;
      case K.not: {
        const next = this.LA(2).tokenType;
        if (next === K.in || next === K.between) return Precedence.in;
        if (next === K.like || next === K.ilike) return Precedence.equality;
        return Precedence.none;
      }
      default: return Precedence.none;
    }
  }

  /**
   * PostgreSQL's spellings that catalog queries (psql `\d`) use: `a OPERATOR(pg_catalog.~) b` is `a ~ b`,
   * and `x COLLATE "C"` is x (svc compares text by code point whatever the collation).
   */
  private wordOperatorPrecedence(): number {
    if (this.isWord(1, 'collate')) return Precedence.cast;
    if (!this.isWord(1, 'operator') || !this.isToken(2, T.LParen)) return Precedence.none;
    return binaryOperatorOf(this.LA(this.isName(3) && this.isToken(4, T.Dot) ? 5 : 3).tokenType)?.precedence ?? Precedence.none;
  }

  /** Built once: the alternatives capture no per-call state (Chevrotain performance guide). */
  private prefixAlternatives?: IOrAlt<Expression>[];

  private readonly prefix = this.RULE('prefix', (): Expression => this.OR(this.prefixAlternatives ??= [
    { ALT: () => {
      const not = this.CONSUME(K.not);
      const operand = this.SUBRULE(this.expr, above(Precedence.not));
      return this.ACTION((): Expression => ({ kind: 'unary', op: 'not', operand, position: not.startOffset }));
    } },
    { ALT: () => {
      const minus = this.CONSUME(T.Minus);
      const operand = this.SUBRULE2(this.expr, above(Precedence.unary));
      return this.ACTION(() => negate(minus, operand));
    } },
    { ALT: () => {
      this.CONSUME(T.Plus);
      return this.SUBRULE3(this.expr, above(Precedence.unary));
    } },
    { ALT: () => {
      const tilde = this.CONSUME(T.Tilde);
      const operand = this.SUBRULE4(this.expr, above(Precedence.unary));
      return this.ACTION((): Expression => ({ kind: 'unary', op: '~', operand, position: tilde.startOffset }));
    } },
    { ALT: () => this.SUBRULE(this.primary) },
  ]));

  private readonly infix = this.RULE('infix', (left: Expression): Expression => this.OR([
    { ALT: () => {
      const operator = this.CONSUME(T.BinaryOperator);
      const info = binaryOperatorOf(operator.tokenType);
      const right = this.SUBRULE(this.expr, above(info?.precedence ?? Precedence.none));
      return this.ACTION((): Expression => ({
        kind: 'binary', op: info?.op ?? '=', left, right, operatorPosition: operator.startOffset, position: left.position,
      }));
    } },
    { ALT: () => {
      this.CONSUME(T.DoubleColon);
      const type = this.SUBRULE(this.typeRef);
      return this.ACTION((): Expression => ({ kind: 'cast', expr: left, type, position: left.position }));
    } },
    { ALT: () => this.SUBRULE(this.subscripts, { ARGS: [left] }) },
    { ALT: () => {
      this.CONSUME(K.is);
      const not = this.OPTION(() => this.CONSUME(K.not));
      this.CONSUME(K.null);
      return this.ACTION((): Expression => ({ kind: 'isNull', expr: left, negated: not !== undefined, position: left.position }));
    } },
    { ALT: () => {
      const not = this.OPTION2(() => this.CONSUME2(K.not)) !== undefined;
      return this.OR2([
        { ALT: () => this.SUBRULE(this.inTail, { ARGS: [left, not] }) },
        { ALT: () => {
          this.CONSUME(K.between);
          const low = this.SUBRULE5(this.expr, above(Precedence.and));
          this.CONSUME(K.and);
          const high = this.SUBRULE6(this.expr, above(Precedence.in));
          return this.ACTION((): Expression => ({ kind: 'between', expr: left, low, high, negated: not, position: left.position }));
        } },
        { ALT: () => {
          const like = this.OR3([{ ALT: () => this.CONSUME(K.like) }, { ALT: () => this.CONSUME(K.ilike) }]);
          const pattern = this.SUBRULE7(this.expr, above(Precedence.equality));
          return this.ACTION((): Expression => ({
            kind: 'like', expr: left, pattern, caseInsensitive: like.tokenType === K.ilike, negated: not, position: left.position,
          }));
        } },
      ]);
    } },
    { ALT: () => this.notSupported(this.CONSUME(K.within), 'WITHIN') },
    { GATE: () => this.isWord(1, 'operator'), ALT: () => {
      this.CONSUME(T.Identifier);
      this.CONSUME2(T.LParen);
      this.OPTION3(() => {
        this.CONSUME(T.Name);
        this.CONSUME(T.Dot);
      });
      const operator = this.CONSUME2(T.BinaryOperator);
      this.CONSUME2(T.RParen);
      const info = binaryOperatorOf(operator.tokenType);
      const right = this.SUBRULE8(this.expr, above(info?.precedence ?? Precedence.none));
      return this.ACTION((): Expression => ({
        kind: 'binary', op: info?.op ?? '=', left, right, operatorPosition: operator.startOffset, position: left.position,
      }));
    } },
    { GATE: () => this.isWord(1, 'collate'), ALT: () => {
      this.CONSUME2(T.Identifier);
      this.CONSUME2(T.Name);
      this.OPTION4(() => {
        this.CONSUME2(T.Dot);
        this.CONSUME3(T.Name);
      });
      return left;
    } },
  ]));

  /** `IN (SELECT …)`, `IN (a, b)`, or QuestDB's single value `IN '2025-03'`. */
  private readonly inTail = this.RULE('inTail', (left: Expression, negated: boolean): Expression => {
    this.CONSUME(K.in);
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isToken(1, T.LParen), ALT: () => {
          this.CONSUME(T.LParen);
          const result = this.OR2({ IGNORE_AMBIGUITIES: true, DEF: [
            { GATE: () => this.startsQuery(1), ALT: () => {
              const query = this.SUBRULE(this.query);
              return this.ACTION((): Expression => ({ kind: 'inQuery', expr: left, query, negated, position: left.position }));
            } },
            { ALT: () => {
              const list = this.SUBRULE(this.inList);
              return this.ACTION((): Expression => ({ kind: 'in', expr: left, list, negated, position: left.position }));
            } },
          ] });
          this.CONSUME(T.RParen);
          return result;
        } },
        { ALT: () => {
          const value = this.SUBRULE3(this.expr, above(Precedence.in));
          return this.ACTION((): Expression => ({ kind: 'in', expr: left, list: [value], negated, position: left.position }));
        } },
      ],
    });
  });

  private readonly inList = this.RULE('inList', (): Expression[] => {
    const list = [this.SUBRULE(this.expr)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      list.push(this.SUBRULE2(this.expr));
    });
    return list;
  });

  /** True when LA(k) is `SELECT`/`WITH`: a sub-query in parentheses rather than an expression. */
  protected startsQuery(k: number): boolean {
    return this.isToken(k, K.select) || this.isToken(k, K.with);
  }

  /** `arr[1:2, 3]`: 1-based subscripts and slices. */
  private readonly subscripts = this.RULE('subscripts', (array: Expression): Expression => {
    this.CONSUME(T.LBracket);
    const subscripts = [this.SUBRULE(this.subscript)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      subscripts.push(this.SUBRULE2(this.subscript));
    });
    this.CONSUME(T.RBracket);
    return this.ACTION((): Expression => ({ kind: 'arrayAccess', array, subscripts, position: array.position }));
  });

  private readonly subscript = this.RULE('subscript', () => this.OR([
    { ALT: () => {
      const colon = this.CONSUME(T.Colon);
      const hi = this.OPTION(() => this.SUBRULE(this.expr));
      return this.ACTION(() => ({ kind: 'slice' as const, hi, position: colon.startOffset }));
    } },
    { ALT: () => {
      const lo = this.SUBRULE2(this.expr);
      const slice = this.OPTION2(() => this.OR2([
        { ALT: () => {
          this.CONSUME2(T.Colon);
          return { hi: this.OPTION3(() => this.SUBRULE3(this.expr)) };
        } },
        // `a[1:n]`: the lexer reads `:n` as a named bind parameter; inside brackets it ends the slice at column n.
        { ALT: () => ({ hi: sliceEnd(this.CONSUME(T.BindParameter)) }) },
      ]));
      return this.ACTION(() => slice === undefined ? lo : { kind: 'slice' as const, lo, hi: slice.hi, position: lo.position });
    } },
  ]));
}

function sliceEnd(token: IToken): Expression {
  const p = L.parameterOf(token);
  if (p.name === undefined) return p;
  return { kind: 'column', name: p.name, quoted: false, position: p.position + 1 };
}

/** `-5` is the literal -5 (so `-2147483648`-style bounds and `LIMIT -10` stay literals). */
function negate(minus: IToken, operand: Expression): Expression {
  if (operand.kind === 'literal' && !operand.raw.startsWith('-')) {
    const position = minus.startOffset;
    if (operand.type === 'int' || operand.type === 'double') return L.numberLiteral(operand.raw, position, true);
    if (operand.type === 'float') return L.floatLiteral(operand.raw, position, true);
    if (operand.type === 'decimal') return { ...operand, value: `-${operand.value}`, raw: `-${operand.raw}`, position };
    if (operand.type === 'long') {
      return /[lL]$/.test(operand.raw) ? L.longLiteral(operand.raw, position, true) : L.numberLiteral(operand.raw, position, true);
    }
  }
  return { kind: 'unary', op: '-', operand, position: minus.startOffset };
}
