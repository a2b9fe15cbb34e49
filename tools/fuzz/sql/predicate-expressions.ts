/**
 * BOOLEAN expressions: comparisons of numbers, text, timestamps and booleans, IS [NOT] NULL, IN lists,
 * LIKE, starts_with, NOT, AND, OR. QuestDB's comparisons are two-valued (NULL = NULL is true, NULL < x is
 * false; doubles equal within 1e-10), so every DuckDB translation is too (duck-macros.ts).
 */
import { FuzzTypeName, isFloat, isInteger, notNullable } from './fuzz-types';
import { Expr, node, raw } from './expr';
import type { ExpressionGenerator, Want } from './expression-generator';
import { quote } from './literals';
import { arithmeticType, widen } from './numeric-expressions';

export type Cmp = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** DuckDB's `a cmp b` under QuestDB's rules; `float` compares as doubles (tolerance, ±Infinity is NULL). */
export function duckCompare(cmp: Cmp, a: string, b: string, float: boolean): string {
  const [eq, lt, le] = float ? ['q_deq', 'q_dlt', 'q_dle'] : ['q_ieq', 'q_ilt', 'q_ile'];
  switch (cmp) {
    case '=': return `${eq}(${a}, ${b})`;
    case '!=': return `(NOT ${eq}(${a}, ${b}))`;
    case '<': return `${lt}(${a}, ${b})`;
    case '<=': return `${le}(${a}, ${b})`;
    case '>': return `${lt}(${b}, ${a})`;
    case '>=': return `${le}(${b}, ${a})`;
  }
}

export function compare(cmp: Cmp, a: Expr, b: Expr): Expr {
  let [x, y] = [a, b];
  let float = false;
  if (isInteger(a.type) || isFloat(a.type)) {
    const t = arithmeticType(a.type, b.type);
    float = isFloat(t);
    [x, y] = [widen(a, t), widen(b, t)];
  }
  return node({ type: 'BOOLEAN', q: ([l, r]) => `(${l} ${cmp} ${r})`, d: ([l, r]) => duckCompare(cmp, l, r, float) }, [x, y]);
}

/** The kind of operand a comparison takes, and whether its order (<, >) is defined in both. */
const COMPARABLE: readonly (readonly [Want, boolean])[] = [['numeric', true], ['text', true], ['time', true], ['bool', false]];

function comparison(g: ExpressionGenerator, depth: number): Expr {
  const r = g.rnd;
  const [want, ordered] = r.weighted(COMPARABLE.map((c) => [c, c[0] === 'numeric' ? 5 : c[0] === 'bool' ? 1 : 2] as const));
  const cmp: Cmp = ordered ? r.pick(['=', '!=', '<', '<=', '>', '>=']) : r.pick(['=', '!=']);
  const a = want === 'bool' ? g.leaf('bool') : g.of(want, depth - 1);
  const b = r.chance(0.55) ? g.constant(constantType(a.type), a) : want === 'bool' ? g.leaf('bool') : g.of(want, depth - 1);
  if (want === 'time' && a.type !== b.type) return compare(cmp, a, g.constant(a.type, a));
  return compare(cmp, a, b);
}

/** A constant compared with `t`: the same type, or INT for BYTE/SHORT (QuestDB has no BYTE literal). */
function constantType(t: FuzzTypeName): FuzzTypeName {
  return t === 'BYTE' || t === 'SHORT' ? 'INT' : t;
}

function nullTest(g: ExpressionGenerator, depth: number): Expr {
  const a = g.of(g.rnd.pick<Want>(['numeric', 'text', 'time', 'float']), depth - 1);
  const not = g.rnd.chance(0.4);
  if (notNullable(a.type)) return compare(not ? '!=' : '=', a, g.constant(constantType(a.type)));
  const d = isFloat(a.type) ? (x: string) => `q_dnull(${x})` : (x: string) => `(${x} IS NULL)`;
  return node({ type: 'BOOLEAN', q: ([x]) => `(${x} IS ${not ? 'NOT ' : ''}NULL)`, d: ([x]) => (not ? `(NOT ${d(x)})` : d(x)) }, [a]);
}

function inList(g: ExpressionGenerator, depth: number): Expr {
  const r = g.rnd;
  const a = g.of(r.pick<Want>(['integer', 'text', 'text', 'time', 'float']), depth - 1);
  const n = r.int(1, 5);
  const items: Expr[] = [];
  for (let i = 0; i < n; i++) items.push(g.constant(constantType(a.type), a));
  const float = isFloat(a.type);
  const not = r.chance(0.3);
  const d = (k: readonly string[]): string => {
    const any = k.slice(1).map((v) => duckCompare('=', k[0], v, float)).join(' OR ');
    return not ? `(NOT (${any}))` : `(${any})`;
  };
  return node({ type: 'BOOLEAN', q: (k) => `(${k[0]} ${not ? 'NOT ' : ''}IN (${k.slice(1).join(', ')}))`, d }, [a, ...items]);
}

const LIKE_PIECES = ['a', 'b', 'x', 'A', 'é', 'Ж', '日', ' ', '%', '%', '_', '1'];

function like(g: ExpressionGenerator, depth: number): Expr {
  const r = g.rnd;
  const s = g.of('text', depth - 1);
  let pattern = '';
  for (let i = r.int(0, 4); i >= 0; i--) pattern += r.pick(LIKE_PIECES);
  const op = r.pick(['LIKE', 'LIKE', 'ILIKE', 'NOT LIKE', 'NOT ILIKE']);
  const p = raw('STRING', quote(pattern));
  // A NULL never matches, so NOT LIKE is true for it.
  const positive = op.replace('NOT ', '');
  const d = ([x, y]: readonly string[]): string => (op.startsWith('NOT') ? `(NOT coalesce(${x} ${positive} ${y}, false))` : `coalesce(${x} ${op} ${y}, false)`);
  return node({ type: 'BOOLEAN', q: ([x, y]) => `(${x} ${op} ${y})`, d }, [s, p]);
}

function startsWith(g: ExpressionGenerator, depth: number): Expr {
  const s = g.of('text', depth - 1);
  const prefix = g.constant(s.type === 'SYMBOL' ? 'STRING' : s.type, s);
  return node({ type: 'BOOLEAN', q: ([x, y]) => `starts_with(${x}, ${y})`, d: ([x, y]) => `coalesce(starts_with(${x}, ${y}), false)` }, [s, prefix]);
}

export function predicateExpression(g: ExpressionGenerator, depth: number): Expr {
  const r = g.rnd;
  if (depth <= 0) return r.chance(0.8) || g.scope.ofType((t) => t === 'BOOLEAN').length === 0 ? comparison(g, 1) : g.leaf('bool');
  const choice = r.weighted<string>([['cmp', 8], ['null', 2], ['in', 2], ['like', 1], ['starts', 1], ['not', 1], ['and', 2], ['or', 2], ['col', 1]]);
  switch (choice) {
    case 'cmp': return comparison(g, depth);
    case 'null': return nullTest(g, depth);
    case 'in': return inList(g, depth);
    case 'like': return like(g, depth);
    case 'starts': return startsWith(g, depth);
    case 'not': return node({ type: 'BOOLEAN', q: ([x]) => `(NOT ${x})`, d: ([x]) => `(NOT ${x})` }, [predicateExpression(g, depth - 1)]);
    case 'col': return g.leaf('bool');
    default: {
      const op = choice === 'and' ? 'AND' : 'OR';
      return node({ type: 'BOOLEAN', q: ([x, y]) => `(${x} ${op} ${y})`, d: ([x, y]) => `(${x} ${op} ${y})` },
        [predicateExpression(g, depth - 1), predicateExpression(g, depth - 1)]);
    }
  }
}

