/**
 * Aggregate calls with QuestDB's result types and null rules: count() and count(x) (a DOUBLE counts only
 * finite values), count_distinct, sum (LONG for integers, wrapping; FLOAT for FLOAT; NaN skipped, ±Infinity
 * kept), avg (DOUBLE), min and max (INT for BYTE and SHORT), first and last (by storage order, NULLs
 * included: DuckDB's arg_min_null over `id`).
 */
import { FuzzTypeName, isFloat, isInteger, isString, notNullable } from './fuzz-types';
import { Expr, node } from './expr';
import type { ExpressionGenerator } from './expression-generator';

export interface AggregateOptions {
  /** first/last need one row order: the source's (no join). */
  readonly ordered: boolean;
}

function agg(type: FuzzTypeName, q: (x: string) => string, d: (x: string) => string, arg: Expr, scale?: (x: string) => string): Expr {
  return node({
    type, aggregate: true, exactness: scale ? 'sum' : undefined,
    q: ([x]) => q(x), d: ([x]) => d(x), scale: scale ? ([x]) => scale(x) : undefined,
  }, [arg]);
}

function sumOf(arg: Expr): Expr {
  if (isInteger(arg.type)) return agg('LONG', (x) => `sum(${x})`, (x) => `q_i64(sum((${x})::HUGEINT))`, arg);
  const t = arg.type === 'FLOAT' ? 'REAL' : 'DOUBLE';
  return agg(arg.type, (x) => `sum(${x})`, (x) => `sum(${x})::${t}`, arg, (x) => `sum(abs((${x})::DOUBLE))`);
}

function avgOf(arg: Expr): Expr {
  // The scale is Σ|x| / n: an overflowing Σ|x| (QuestDB sums, then divides) makes it infinite, so not compared.
  return agg('DOUBLE', (x) => `avg(${x})`, (x) => `avg((${x})::DOUBLE)`, arg, (x) => `(sum(abs((${x})::DOUBLE)) / count(q_fin((${x})::DOUBLE)))`);
}

function minMax(name: 'min' | 'max', arg: Expr): Expr {
  // min(E)/max(E) are INT in QuestDB (a BYTE goes in as a SHORT). ±Infinity takes part as a value: QuestDB
  // calls it NULL here but its result then depends on the row order (docs/fuzzing.md), svc keeps it.
  const type: FuzzTypeName = arg.type === 'BYTE' || arg.type === 'SHORT' ? 'INT' : arg.type;
  const d = type !== arg.type ? (x: string) => `${name}(${x})::INTEGER` : (x: string) => `${name}(${x})`;
  return agg(type, (x) => `${name}(${x})`, d, arg);
}

function countOf(arg: Expr): Expr {
  const d = isFloat(arg.type) ? (x: string) => `count(q_fin(${x}))` : (x: string) => `count(${x})`;
  return agg('LONG', (x) => `count(${x})`, d, arg);
}

function countDistinct(arg: Expr): Expr {
  return agg('LONG', (x) => `count_distinct(${x})`, (x) => `count(DISTINCT ${x})`, arg);
}

function firstLast(name: 'first' | 'last', arg: Expr): Expr {
  const pick = name === 'first' ? 'arg_min_null' : 'arg_max_null';
  // Over no rows a BYTE, SHORT or BOOLEAN result is that type's stored NULL: 0 / false.
  const fill = notNullable(arg.type) ? (arg.type === 'BOOLEAN' ? 'false' : '0') : undefined;
  const d = (x: string): string => (fill ? `coalesce(${pick}(${x}, id), ${fill})` : `${pick}(${x}, id)`);
  return agg(arg.type, (x) => `${name}(${x})`, d, arg);
}

/** count(): no argument. */
export function countStar(): Expr {
  return { type: 'LONG', q: 'count()', d: 'count(*)', kids: [], remake: null, aggregate: true, exactness: 'exact' };
}

export function aggregateExpression(g: ExpressionGenerator, depth: number, options: AggregateOptions): Expr {
  const r = g.rnd;
  const kind = r.weighted<string>([['count', 2], ['countx', 1], ['distinct', 2], ['sum', 3], ['avg', 2], ['min', 2], ['max', 2],
    ['first', options.ordered ? 1 : 0], ['last', options.ordered ? 1 : 0], ['arith', 1]]);
  switch (kind) {
    case 'count': return countStar();
    case 'countx': return countOf(g.of(r.pick(['numeric', 'text', 'time'] as const), depth));
    case 'distinct': {
      const arg = g.of(r.pick(['integer', 'text'] as const), depth);
      // count_distinct takes INT, LONG, text and UUID; a BYTE/SHORT goes in as an INT.
      if (!(arg.type === 'INT' || arg.type === 'LONG' || isString(arg.type))) return countDistinct(node({ type: 'INT', q: ([x]) => `cast(${x} as int)`, d: ([x]) => `(${x})::INTEGER` }, [arg]));
      return countDistinct(arg);
    }
    case 'sum': return sumOf(g.of('numeric', depth));
    case 'avg': return avgOf(g.of('numeric', depth));
    case 'min': case 'max': return minMax(kind, g.of(r.pick(['numeric', 'text', 'time'] as const), depth));
    case 'first': case 'last': return firstLast(kind, g.of(r.pick(['numeric', 'text', 'time'] as const), depth));
    default: {
      // Aggregates combine arithmetically: count() * 2, sum(x) - min(x) …
      const a = r.chance(0.5) ? countStar() : sumOf(g.of('integer', depth));
      const b = r.chance(0.5) ? countOf(g.of('numeric', depth)) : countStar();
      return node({ type: 'LONG', q: ([x, y]) => `(${x} + ${y})`, d: ([x, y]) => `q_i64((${x})::HUGEINT + (${y})::HUGEINT)` }, [a, b]);
    }
  }
}
