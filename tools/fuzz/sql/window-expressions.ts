/**
 * Window function calls: row_number, rank, dense_rank, lag, lead, first_value, last_value and the
 * aggregates sum, avg, count, min, max over a window of up to two PARTITION BY keys, an ORDER BY that
 * ends with `id` (so every row has one place and row_number, lag and ROWS frames are defined), and
 * a ROWS frame or the default one. A window sum or average of doubles compares with the float-sum rule.
 */
import { FuzzTypeName, isFloat, isInteger } from './fuzz-types';
import { column, Expr, node } from './expr';
import type { ExpressionGenerator } from './expression-generator';

export interface WindowSpec {
  readonly q: string;
  readonly d: string;
  /**
   * DuckDB's window for the error scale of a sum over this one: from the partition's first row to the
   * frame's end. svc (like QuestDB) sums a moving frame by adding the rows that enter and subtracting those
   * that leave, so its rounding error grows with Σ|x| of everything the sum has seen.
   */
  readonly scale: string;
}

const BOUNDS = ['UNBOUNDED PRECEDING', '1 PRECEDING', '3 PRECEDING', 'CURRENT ROW', '1 FOLLOWING', '2 FOLLOWING', 'UNBOUNDED FOLLOWING'];

/** A ROWS frame (or the default one: ''), and its end bound. */
function frame(g: ExpressionGenerator): { readonly text: string; readonly end: string } {
  const r = g.rnd;
  if (r.chance(0.4)) return { text: '', end: 'CURRENT ROW' };
  const lo = r.int(0, 3);
  const hi = r.int(Math.max(lo, 3), BOUNDS.length - 1);
  return { text: ` ROWS BETWEEN ${BOUNDS[lo]} AND ${BOUNDS[hi]}`, end: BOUNDS[hi] };
}

/** The OVER (…) clause: partition keys are exact-typed expressions; the order always ends with id. */
export function windowSpec(g: ExpressionGenerator, withFrame: boolean, ordered: boolean): WindowSpec {
  const r = g.rnd;
  const keys: Expr[] = [];
  for (let i = r.int(0, 2); i > 0; i--) {
    // Distinct keys only: DuckDB 1.5 miscounts `PARTITION BY s, s` beside another window.
    const c = g.columnOf('any', (col) => !isFloat(col.type) && col.type !== 'UUID' && !keys.some((k) => k.column === col.name));
    if (c) keys.push(column(c.name, c.type, c.qualifier));
  }
  const order: string[] = [];
  if (ordered) {
    if (r.chance(0.5)) {
      const c = g.columnOf('any', (col) => isInteger(col.type) || col.type === 'TIMESTAMP' || col.type === 'SYMBOL');
      if (c) order.push(`${c.name}${r.chance(0.3) ? ' DESC' : ''}`);
    }
    order.push(`id${r.chance(0.3) ? ' DESC' : ''}`);
  }
  const part = keys.length > 0 ? `PARTITION BY ${keys.map((k) => k.q).join(', ')}` : '';
  const duckPart = keys.length > 0 ? `PARTITION BY ${keys.map((k) => k.d).join(', ')}` : '';
  const f = withFrame && ordered ? frame(g) : { text: '', end: 'CURRENT ROW' };
  const orderQ = order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '';
  // QuestDB sorts NULL first in ascending order (the smallest value) and last in descending order.
  const orderD = order.length > 0 ? ` ORDER BY ${order.map((o) => (o.endsWith(' DESC') ? `${o} NULLS LAST` : `${o} ASC NULLS FIRST`)).join(', ')}` : '';
  const prefix = order.length > 0 ? ` ROWS BETWEEN UNBOUNDED PRECEDING AND ${f.end}` : '';
  return { q: `OVER (${part}${orderQ}${f.text})`, d: `OVER (${duckPart}${orderD}${f.text})`, scale: `OVER (${duckPart}${orderD}${prefix})` };
}

/**
 * QuestDB's window min/max, lag, lead, first_value and last_value exist for LONG, DOUBLE and the time types:
 * an integer argument is read as a LONG, a FLOAT as a DOUBLE (text is svc's own addition, kept as it is).
 */
function widened(x: Expr): Expr {
  if (isInteger(x.type) && x.type !== 'LONG') return node({ type: 'LONG', q: ([a]) => a, d: ([a]) => `(${a})::BIGINT` }, [x]);
  if (x.type === 'FLOAT') return node({ type: 'DOUBLE', q: ([a]) => a, d: ([a]) => `(${a})::DOUBLE` }, [x]);
  return x;
}

function over(type: FuzzTypeName, q: (x: readonly string[]) => string, d: (x: readonly string[]) => string, args: readonly Expr[], w: WindowSpec, scale?: (x: readonly string[]) => string): Expr {
  return node({ type, exactness: scale ? 'sum' : undefined, q: (k) => `${q(k)} ${w.q}`, d: (k) => `${d(k)} ${w.d}`, scale: scale ? (k) => `${scale(k)} ${w.scale}` : undefined }, args);
}

export function windowExpression(g: ExpressionGenerator, depth: number): Expr {
  const r = g.rnd;
  const kind = r.pick(['row_number', 'rank', 'dense_rank', 'lag', 'lead', 'first_value', 'last_value', 'sum', 'avg', 'count', 'min', 'max']);
  const none: readonly Expr[] = [];
  switch (kind) {
    case 'row_number': case 'rank': case 'dense_rank': {
      const w = windowSpec(g, false, true);
      return over('LONG', () => `${kind}()`, () => `${kind}()`, none, w);
    }
    case 'lag': case 'lead': {
      const x = widened(g.of(r.pick(['numeric', 'text', 'time'] as const), depth));
      const n = r.int(1, 3);
      const w = windowSpec(g, false, true);
      return over(x.type, ([a]) => `${kind}(${a}, ${n})`, ([a]) => `${kind}(${a}, ${n})`, [x], w);
    }
    case 'first_value': case 'last_value': {
      const x = widened(g.of(r.pick(['numeric', 'text', 'time'] as const), depth));
      const w = windowSpec(g, true, true);
      return over(x.type, ([a]) => `${kind}(${a})`, ([a]) => `${kind}(${a})`, [x], w);
    }
    case 'count': {
      const w = windowSpec(g, true, r.chance(0.7));
      return over('LONG', () => 'count(*)', () => 'count(*)', none, w);
    }
    case 'min': case 'max': {
      const x = widened(g.of('numeric', depth));
      const w = windowSpec(g, true, r.chance(0.7));
      return over(x.type, ([a]) => `${kind}(${a})`, ([a]) => `${kind}(${a})`, [x], w);
    }
    default: {
      const x = g.of('numeric', depth);
      const w = windowSpec(g, true, r.chance(0.7));
      // A window sum or average is a DOUBLE, whatever the argument's type.
      return over('DOUBLE', ([a]) => `${kind}(${a})`, ([a]) => `${kind}((${a})::DOUBLE)`, [x], w, ([a]) => `sum(abs((${a})::DOUBLE))`);
    }
  }
}
