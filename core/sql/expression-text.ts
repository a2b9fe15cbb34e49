/**
 * The canonical text of an expression: what an unaliased projection is named after, as QuestDB 9.4.4
 * names it (`count()`, `avg(price)`, `x + 1`, `x::INT`, `-(x) * 2`). The one printer for column names.
 *
 * - A call prints its name as typed, then its arguments joined by `, ` (`count(*)` → `count()`,
 *   `count(distinct x)` → `count_distinct(x)`); a window function drops its OVER clause.
 * - Infix operators get single spaces and lower-case keywords (`x = 1 and y like 'a'`); a child is
 *   parenthesised only where precedence requires it (left: binds looser than the parent; right: looser
 *   or equal), so `(x+1)*2` → `(x + 1) * 2` and `(x*2)+1` → `x * 2 + 1`.
 * - Unary minus and NOT wrap their operand: `-(x)`, `not(x > 1)`; a negative literal is `-(1)`.
 * - Casts print `expr::TYPE` with the type as written; rewrites: `a || b` → `concat(a, b)`,
 *   `IS NULL` → `= null`, `IS NOT NULL` → `!= null`, simple CASE → `switch(x, 1, 'a', …)`,
 *   `x BETWEEN a AND b` → `x between (a, b)`.
 * - Literals print as written (`1.50`, `'it''s'`).
 * A sub-query has no canonical text here and prints `column`.
 */
import type { Expression } from './ast';

/** Binding strength of an infix form, higher binds tighter. */
const INFIX_PRECEDENCE: Readonly<Record<string, number>> = {
  or: 1, and: 2, '=': 4, '!=': 4, '~': 4, '!~': 4, like: 4, ilike: 4,
  '<': 5, '<=': 5, '>': 5, '>=': 5, in: 6, between: 6,
  '|': 7, '^': 8, '&': 9, '<<': 11, '>>': 11, '<<=': 11, '>>=': 11,
  '+': 12, '-': 12, '*': 13, '/': 13, '%': 13,
};

/** The canonical text of `e` (see the file comment). */
export function expressionText(e: Expression): string {
  switch (e.kind) {
    case 'column': return e.qualifier ? `${e.qualifier}.${quoted(e.name, e.quoted)}` : quoted(e.name, e.quoted);
    case 'star': return e.qualifier ? `${e.qualifier}.*` : '*';
    case 'literal': return e.raw.startsWith('-') ? `-(${e.raw.slice(1)})` : e.raw;
    case 'call': return callText(e.distinct && e.name === 'count' ? 'count_distinct' : e.written, e.args);
    case 'unary': return e.op === 'not' ? `not(${expressionText(e.operand)})` : `${e.op}(${expressionText(e.operand)})`;
    case 'binary':
      if (e.op === '||') return callText('concat', [e.left, e.right]);
      return infix(e.op, e.left, e.right);
    case 'cast': {
      const inner = expressionText(e.expr);
      return `${isOperation(e.expr) ? `(${inner})` : inner}::${e.type.written}`;
    }
    case 'isNull': return infix(e.negated ? '!=' : '=', e.expr, { kind: 'literal', type: 'null', raw: 'null', position: e.position });
    case 'like': return negated(e.negated, infix(e.caseInsensitive ? 'ilike' : 'like', e.expr, e.pattern));
    case 'in': return negated(e.negated, `${operand(e.expr, 'in')} in (${e.list.map(expressionText).join(', ')})`);
    case 'between': return negated(e.negated, `${operand(e.expr, 'between')} between (${expressionText(e.low)}, ${expressionText(e.high)})`);
    case 'case': {
      if (e.operand) {
        const parts = [e.operand, ...e.whens.flatMap((w) => [w.when, w.then]), ...(e.else ? [e.else] : [])];
        return callText('switch', parts);
      }
      const whens = e.whens.map((w) => ` when ${expressionText(w.when)} then ${expressionText(w.then)}`).join('');
      return `case${whens}${e.else ? ` else ${expressionText(e.else)}` : ''} end`;
    }
    case 'array': return `ARRAY[${e.elements.map(arrayElementText).join(', ')}]`;
    case 'arrayAccess': {
      const subscripts = e.subscripts.map((s) => (s.kind === 'slice'
        ? `${s.lo ? expressionText(s.lo) : ''}:${s.hi ? expressionText(s.hi) : ''}`
        : expressionText(s)));
      return `${expressionText(e.array)}[${subscripts.join(', ')}]`;
    }
    case 'field': return `(${expressionText(e.expr)}).${e.field}`;
    default: return 'column';
  }
}

function callText(name: string, args: readonly Expression[]): string {
  return `${name}(${args.map(expressionText).join(', ')})`;
}

function arrayElementText(e: Expression): string {
  return e.kind === 'array' ? `[${e.elements.map(arrayElementText).join(', ')}]` : expressionText(e);
}

function quoted(name: string, isQuoted: boolean): string {
  return isQuoted ? `"${name}"` : name;
}

function negated(not: boolean, text: string): string {
  return not ? `not(${text})` : text;
}

/** Precedence of an expression printed as an infix form, 0 for everything printed as an operand. */
function precedenceOf(e: Expression): number {
  switch (e.kind) {
    case 'binary': return e.op === '||' ? 0 : INFIX_PRECEDENCE[e.op] ?? 0;
    case 'isNull': return INFIX_PRECEDENCE['='];
    case 'like': return e.negated ? 0 : INFIX_PRECEDENCE.like;
    case 'in': return e.negated ? 0 : INFIX_PRECEDENCE.in;
    case 'between': return e.negated ? 0 : INFIX_PRECEDENCE.between;
    default: return 0;
  }
}

/** An operator node (QuestDB wraps one in parentheses before `::`): infix, unary, CASE or a negative literal. */
function isOperation(e: Expression): boolean {
  if (e.kind === 'literal') return e.raw.startsWith('-');
  if (e.kind === 'binary') return e.op !== '||';
  return e.kind === 'unary' || e.kind === 'isNull' || e.kind === 'like' || e.kind === 'in' || e.kind === 'between' || e.kind === 'case';
}

function infix(op: string, left: Expression, right: Expression): string {
  const p = INFIX_PRECEDENCE[op] ?? 0;
  const l = expressionText(left);
  const r = expressionText(right);
  const lp = precedenceOf(left), rp = precedenceOf(right);
  return `${lp > 0 && lp < p ? `(${l})` : l} ${op} ${rp > 0 && rp <= p ? `(${r})` : r}`;
}

/** The left operand of IN/BETWEEN, parenthesised when it binds looser. */
function operand(e: Expression, op: string): string {
  const text = expressionText(e);
  const p = precedenceOf(e);
  return p > 0 && p < INFIX_PRECEDENCE[op] ? `(${text})` : text;
}
