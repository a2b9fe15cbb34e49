/**
 * TIMESTAMP expressions: dateadd (seconds to weeks, and months/years, which clamp to the month's end in
 * both), date_trunc, CASE; and the INT fields of a timestamp (year, month, day, hour, minute) for
 * numeric-expressions' callers. Only TIMESTAMP columns take part (DATE and TIMESTAMP_NS are selected and
 * compared, not computed with).
 */
import { Expr, node, raw } from './expr';
import type { ExpressionGenerator } from './expression-generator';
import { numericCast } from './numeric-expressions';
import { predicateExpression } from './predicate-expressions';

const ADD_UNITS: readonly (readonly [string, string])[] = [['s', 'to_seconds'], ['m', 'to_minutes'], ['h', 'to_hours'], ['d', 'to_days'], ['w', 'to_weeks'], ['M', 'to_months'], ['y', 'to_years']];
const TRUNC_UNITS = ['second', 'minute', 'hour', 'day', 'month', 'year'];

/** A TIMESTAMP leaf: a TIMESTAMP column, or a constant. */
function timestampLeaf(g: ExpressionGenerator): Expr {
  return g.leaf('time', (c) => c.type === 'TIMESTAMP');
}

export function timeExpression(g: ExpressionGenerator, depth: number): Expr {
  const r = g.rnd;
  const base = depth > 1 && r.chance(0.3) ? timeExpression(g, depth - 1) : timestampLeaf(g);
  if (base.type !== 'TIMESTAMP') return base;
  switch (r.pick(['dateadd', 'dateadd', 'trunc', 'case'])) {
    case 'dateadd': {
      const [unit, duck] = r.pick(ADD_UNITS);
      const n = r.chance(0.6) ? raw('INT', String(r.int(-30, 30))) : numericCast(g.of('integer', 0), 'INT');
      // DuckDB's to_months/to_years take an INTEGER, the others a BIGINT; a NULL count gives NULL.
      return node({ type: 'TIMESTAMP', q: ([k, t]) => `dateadd('${unit}', ${k}, ${t})`, d: ([k, t]) => `(${t} + ${duck}((${k})::INTEGER))` }, [n, base]);
    }
    case 'trunc': {
      const unit = r.pick(TRUNC_UNITS);
      return node({ type: 'TIMESTAMP', q: ([t]) => `date_trunc('${unit}', ${t})`, d: ([t]) => `date_trunc('${unit}', ${t})::TIMESTAMP` }, [base]);
    }
    default: {
      const other = g.constant('TIMESTAMP');
      const p = predicateExpression(g, depth - 1);
      return node({ type: 'TIMESTAMP', q: ([c, a, b]) => `CASE WHEN ${c} THEN ${a} ELSE ${b} END`, d: ([c, a, b]) => `CASE WHEN ${c} THEN ${a} ELSE ${b} END` }, [p, base, other]);
    }
  }
}

/** An INT field of a timestamp expression. */
export function timeField(g: ExpressionGenerator, depth: number): Expr {
  const field = g.rnd.pick(['year', 'month', 'day', 'hour', 'minute']);
  const t = timeExpression(g, depth);
  return node({ type: 'INT', q: ([x]) => `${field}(${x})`, d: ([x]) => `${field}(${x})::INTEGER` }, [t]);
}
