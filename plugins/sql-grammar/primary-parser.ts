/**
 * Operands: literals, names (`col`, `t.col`, `t.*`), function calls (incl. `count(*)`, DISTINCT,
 * `extract(f FROM ts)`, IGNORE NULLS, OVER), CASE, CAST, ARRAY[...], EXISTS and sub-queries.
 */
import { IToken, OrMethodOpts, tokenMatcher, TokenType } from 'chevrotain';
import { SvcError } from '../../core/errors';
import { isEndOfInput } from './error-messages';
import type { ArrayLiteral, CaseWhen, Expression } from '../../core/sql/ast';
import { ExpressionParser } from './expression-parser';
import { identifierOf, parameterOf } from './literals';
import { SQL_KEYWORDS } from './tokens';
import * as T from './tokens';

const K = T.Keyword;
const TRIM_SIDES: ReadonlySet<string> = new Set(['both', 'leading', 'trailing']);
const TRIM_FUNCTIONS: Readonly<Record<string, string>> = { both: 'btrim', leading: 'ltrim', trailing: 'rtrim' };

/**
 * `trim(BOTH | LEADING | TRAILING [chars] FROM s)` is PostgreSQL's btrim / ltrim / rtrim(s[, chars]);
 * `trim(chars FROM s)` trims both ends. `args` holds the characters (when written) then the text.
 */
function sqlTrim(side: string, args: readonly Expression[], written: string, position: number): Expression {
  const text = args[args.length - 1];
  const rest = args.length === 2 ? [text, args[0]] : [text];
  return { kind: 'call', name: rest.length === 1 && side === 'both' ? 'trim' : TRIM_FUNCTIONS[side], written, args: rest, distinct: false, star: false, position };
}
/** Reserved words that start an operand or continue a CASE: never read as a misplaced keyword. */
const NOT_OPERANDS: ReadonlySet<TokenType> = new Set([K.case, K.not, K.when, K.then, K.else]);

export abstract class PrimaryParser extends ExpressionParser {
  /** The alternatives capture no per-call state, so they are built once (Chevrotain performance guide). */
  private primaryAlternatives?: OrMethodOpts<Expression>;

  protected readonly primary = this.RULE('primary', (): Expression => this.OR(this.primaryAlternatives ??= {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      // One alternative for `(`, so a missing `)` is reported at the end rather than at the `(`.
      { ALT: () => this.SUBRULE(this.parenthesizedExpression) },
      { ALT: () => this.literalOf(this.CONSUME(T.Literal)) },
      { ALT: () => parameterOf(this.CONSUME(T.BindParameter)) },
      { ALT: () => this.SUBRULE(this.caseExpression) },
      { GATE: () => this.isWord(1, 'cast') && this.isToken(2, T.LParen), ALT: () => this.SUBRULE(this.castExpression) },
      { GATE: () => this.isWord(1, 'array') && this.isToken(2, T.LBracket), ALT: () => {
        this.CONSUME(T.Identifier);
        return this.SUBRULE(this.arrayBody);
      } },
      { GATE: () => this.isWord(1, 'exists') && this.isToken(2, T.LParen) && this.startsQuery(3), ALT: () => {
        const exists = this.CONSUME2(T.Identifier);
        this.CONSUME3(T.LParen);
        const query = this.SUBRULE2(this.query);
        this.CONSUME3(T.RParen);
        return this.ACTION((): Expression => ({ kind: 'exists', query, position: exists.startOffset }));
      } },
      // left(s, n) / right(s, n) are functions although LEFT/RIGHT are join keywords.
      { GATE: () => this.isToken(2, T.LParen), ALT: () => {
        const name = this.OR3([{ ALT: () => this.CONSUME(K.left) }, { ALT: () => this.CONSUME(K.right) }]);
        // During grammar recording OR yields a placeholder, not a token.
        const args: [string, number, string] = this.RECORDING_PHASE ? ['', 0, ''] : [name.image.toLowerCase(), name.startOffset, name.image];
        return this.SUBRULE(this.callTail, { ARGS: args });
      } },
      // `12m` lexes as a duration; as a value it is the DECIMAL 12.
      { GATE: () => this.isToken(1, T.Duration) && /^\d+m$/.test(this.LA(1).image), ALT: () => {
        const d = this.CONSUME(T.Duration);
        return this.ACTION((): Expression => ({ kind: 'literal', type: 'decimal', value: d.image.slice(0, -1), raw: d.image, position: d.startOffset }));
      } },
      // `NaN` is DOUBLE's null literal (a QuestDB keyword).
      { GATE: () => this.isWord(1, 'nan'), ALT: () => {
        const nan = this.CONSUME3(T.Identifier);
        return this.ACTION((): Expression => ({ kind: 'literal', type: 'double', value: NaN, raw: nan.image, position: nan.startOffset }));
      } },
      { ALT: () => this.SUBRULE(this.nameOrCall) },
      { GATE: () => this.isMisplacedKeyword(), ALT: () => this.misplacedKeyword(this.CONSUME(T.ReservedWord)) },
    ],
  }));

  /** A reserved word where an operand is expected (not one that starts an operand: CASE, NULL, LEFT(…)). */
  private isMisplacedKeyword(): boolean {
    const t = this.LA(1);
    return tokenMatcher(t, T.ReservedWord) && !tokenMatcher(t, T.Literal) && !NOT_OPERANDS.has(t.tokenType);
  }

  /**
   * QuestDB 9.4.4: `select` where an operand is expected is `column expression expected`; another SQL
   * keyword must be quoted to be a name; the remaining reserved words are plain column names.
   */
  private misplacedKeyword(token: IToken): Expression {
    if (this.RECORDING_PHASE) return { kind: 'column', name: '', quoted: false, position: 0 };
    const word = token.image.toLowerCase();
    if (word === 'select') throw SvcError.sql(token.startOffset, 'column expression expected');
    if (SQL_KEYWORDS.has(word)) {
      throw SvcError.sql(token.startOffset, `table and column names that are SQL keywords have to be enclosed in double quotes, such as "${token.image}"`);
    }
    return { kind: 'column', name: token.image, quoted: false, position: token.startOffset };
  }

  /**
   * The `)` closing `open` (QuestDB 9.4.4): at the end of the input the `(` is `unbalanced (`; any other
   * token there cannot continue the expression and is a `dangling literal`.
   */
  protected closeParen(open: IToken, idx: number): void {
    if (!this.RECORDING_PHASE && !this.isToken(1, T.RParen)) {
      const next = this.LA(1);
      if (isEndOfInput(next)) throw SvcError.sql(open.startOffset, 'unbalanced (');
      throw SvcError.sql(next.startOffset, 'dangling literal');
    }
    this.consume(idx, T.RParen);
  }

  /** `(expr)` or a scalar `(SELECT …)`, then PostgreSQL's field selections: `(record).field`. */
  private readonly parenthesizedExpression = this.RULE('parenthesizedExpression', (): Expression => {
    const open = this.CONSUME(T.LParen);
    const inner = this.OR({ IGNORE_AMBIGUITIES: true, DEF: [
      { GATE: () => this.startsQuery(1), ALT: () => {
        const query = this.SUBRULE(this.query);
        return this.ACTION((): Expression => ({ kind: 'subquery', query, position: open.startOffset }));
      } },
      { ALT: () => this.SUBRULE(this.expr) },
    ] });
    this.closeParen(open, 0);
    let out = inner;
    this.MANY({
      GATE: () => this.isToken(1, T.Dot) && this.isName(2),
      DEF: () => {
        this.CONSUME(T.Dot);
        const field = this.CONSUME(T.Name);
        this.ACTION(() => { out = { kind: 'field', expr: out, field: identifierOf(field).name, position: open.startOffset }; });
      },
    });
    return out;
  });

  /** `col`, `t.col`, `t.*`, `fn(...)`, `schema.fn(...)`. */
  private readonly nameOrCall = this.RULE('nameOrCall', (): Expression => {
    const parts: IToken[] = [this.CONSUME(T.Name)];
    this.MANY({
      GATE: () => this.isToken(1, T.Dot) && this.isName(2),
      DEF: () => {
        this.CONSUME(T.Dot);
        parts.push(this.CONSUME2(T.Name));
      },
    });
    const star = this.OPTION({
      GATE: () => this.isToken(1, T.Dot) && this.isToken(2, T.Star),
      DEF: () => {
        this.CONSUME2(T.Dot);
        return this.CONSUME(T.Star);
      },
    });
    const call = this.OPTION2(() => this.SUBRULE(this.callTail, {
      ARGS: [parts.map(p => identifierOf(p).name).join('.').toLowerCase(), parts[0].startOffset, parts.map(p => p.image).join('.')],
    }));
    return this.ACTION((): Expression => {
      if (call !== undefined) return call;
      const names = parts.map(p => identifierOf(p).name);
      const position = parts[0].startOffset;
      if (star !== undefined) return { kind: 'star', qualifier: names.join('.'), position };
      const last = parts[parts.length - 1];
      const qualifier = names.length > 1 ? names.slice(0, -1).join('.') : undefined;
      return { kind: 'column', name: names[names.length - 1], qualifier, quoted: last.tokenType === T.QuotedIdentifier, position };
    });
  });

  /** `(…)` after a function name, then `IGNORE NULLS` / `OVER (…)`. */
  private readonly callTail = this.RULE('callTail', (name: string, position: number, written: string): Expression => {
    const open = this.CONSUME(T.LParen);
    let distinct = false;
    let star = false;
    const args: Expression[] = [];
    let trimSide: string | undefined;
    let forLength: Expression | undefined;
    this.OPTION(() => this.OR([
      { ALT: () => {
        this.CONSUME(T.Star);
        star = true;
      } },
      // `array(SELECT …)`, `any(SELECT …)`: PostgreSQL's sub-query arguments (catalog queries use them).
      { GATE: () => this.startsQuery(1), ALT: () => {
        const start = this.LA(1).startOffset;
        const query = this.SUBRULE2(this.query);
        this.ACTION(() => args.push({ kind: 'subquery', query, position: start }));
      } },
      // SQL's `trim([BOTH | LEADING | TRAILING] [chars] FROM text)`.
      { GATE: () => name === 'trim' && this.isToken(1, T.Identifier) && TRIM_SIDES.has(this.LA(1).image.toLowerCase()) && !this.isToken(2, T.RParen), ALT: () => {
        trimSide = this.CONSUME3(T.Identifier).image.toLowerCase();
        this.OPTION6({ GATE: () => !this.isToken(1, K.from), DEF: () => args.push(this.SUBRULE4(this.expr)) });
        this.CONSUME2(K.from);
        args.push(this.SUBRULE5(this.expr));
      } },
      { ALT: () => {
        this.OPTION2(() => {
          this.CONSUME(K.distinct);
          distinct = true;
        });
        args.push(this.SUBRULE(this.expr));
        // extract(hour FROM ts), substring(s FROM start [FOR length]), trim(chars FROM s)
        this.OPTION3(() => {
          this.CONSUME(K.from);
          args.push(this.SUBRULE2(this.expr));
          if (name === 'trim') trimSide = 'both';
        });
        this.OPTION7({ GATE: () => name === 'substring' && this.isWord(1, 'for'), DEF: () => {
          this.CONSUME4(T.Identifier);
          forLength = this.SUBRULE6(this.expr);
        } });
        this.MANY(() => {
          this.CONSUME(T.Comma);
          args.push(this.SUBRULE3(this.expr));
        });
      } },
    ]));
    this.closeParen(open, 0);
    const ignoreNulls = this.OPTION4({
      GATE: () => (this.isWord(1, 'ignore') || this.isWord(1, 'respect')) && this.isWord(2, 'nulls'),
      DEF: () => {
        const word = this.CONSUME(T.Identifier);
        this.word(10, 'nulls');
        return word.image.toLowerCase() === 'ignore';
      },
    });
    const over = this.OPTION5(() => {
      this.CONSUME(K.over);
      return this.SUBRULE(this.windowSpec);
    });
    return this.ACTION((): Expression => {
      if (name === 'extract' && args.length === 2 && args[0].kind === 'column') {
        const field = args[0];
        args[0] = { kind: 'literal', type: 'string', value: field.name.toLowerCase(), raw: field.name, position: field.position };
      }
      if (forLength) {
        // `substring(s FOR n)` starts at 1.
        if (args.length === 1) args.push({ kind: 'literal', type: 'int', value: 1, raw: '1', position: forLength.position });
        args.push(forLength);
      }
      if (name === 'trim' && trimSide !== undefined) return sqlTrim(trimSide, args, written, position);
      return { kind: 'call', name, written, args, distinct, star, ignoreNulls, over, position };
    });
  });

  private readonly caseExpression = this.RULE('caseExpression', (): Expression => {
    const start = this.CONSUME(K.case);
    const operand = this.OPTION({ GATE: () => !this.isToken(1, K.when), DEF: () => this.SUBRULE(this.expr) });
    const whens: CaseWhen[] = [];
    this.AT_LEAST_ONE(() => {
      const when = this.CONSUME(K.when);
      const condition = this.SUBRULE2(this.expr);
      this.CONSUME(K.then);
      const then = this.SUBRULE3(this.expr);
      this.ACTION(() => whens.push({ kind: 'when', when: condition, then, position: when.startOffset }));
    });
    const otherwise = this.OPTION2(() => {
      this.CONSUME(K.else);
      return this.SUBRULE4(this.expr);
    });
    this.CONSUME(K.end);
    return this.ACTION((): Expression => ({ kind: 'case', operand, whens, else: otherwise, position: start.startOffset }));
  });

  private readonly castExpression = this.RULE('castExpression', (): Expression => {
    const cast = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const expr = this.SUBRULE(this.expr);
    this.CONSUME(K.as);
    const type = this.SUBRULE(this.typeRef);
    this.CONSUME(T.RParen);
    return this.ACTION((): Expression => ({ kind: 'cast', expr, type, position: cast.startOffset }));
  });

  /** `[a, b]` or `[[…], […]]` after ARRAY. */
  private readonly arrayBody = this.RULE('arrayBody', (): ArrayLiteral => {
    const open = this.CONSUME(T.LBracket);
    const elements: Expression[] = [];
    this.OPTION(() => {
      elements.push(this.SUBRULE(this.arrayElement));
      this.MANY(() => {
        this.CONSUME(T.Comma);
        elements.push(this.SUBRULE2(this.arrayElement));
      });
    });
    this.CONSUME(T.RBracket);
    return this.ACTION((): ArrayLiteral => ({ kind: 'array', elements, position: open.startOffset }));
  });

  private readonly arrayElement = this.RULE('arrayElement', (): Expression => this.OR([
    { ALT: () => this.SUBRULE(this.arrayBody) },
    { ALT: () => this.SUBRULE(this.expr) },
  ]));
}
