/**
 * Scan intervals from values known only at execution: bind parameters and `now()`, alone or inside
 * functions of them and constants (`ts >= $1 AND ts < $2`, `ts = $1`, `ts BETWEEN $1 AND $2`,
 * `ts > dateadd('h', -1, now())`, `ts >= date_trunc('day', now())`) on the designated timestamp narrow the
 * scan to those rows at each execution, as constants do at bind time (interval-extraction.ts), so a
 * prepared or dashboard time-range query reads only its partitions. The predicates stay in the filter as
 * well, so the result is the same whatever the scan reads.
 */
import { TimeInterval } from '../../data/table-schema';
import { TypeTag } from '../../data/column-type';
import { LONG_NULL } from '../../data/null-values';
import { intersectIntervals } from '../../time/interval-algebra';
import { BoundExpr, conjuncts } from '../bound-expression';
import { ExecContext } from '../plan';
import { evaluate } from '../evaluate';
import { readValue } from '../vector/sql-value';
import { isRuntimeValue } from '../runtime-value';

const MIN = -9007199254740991;
const MAX = 9007199254740991;

/** The intervals of an execution, or undefined (no narrowing: a parameter is NULL or not a number). */
export type RuntimeIntervals = (context: ExecContext) => readonly TimeInterval[] | undefined;

type Bound = (context: ExecContext) => TimeInterval | undefined;

const FLIP: Readonly<Record<string, string>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

/** No rows and no columns: a runtime value is evaluated as one row of its own. */
const ONE_ROW = { rowCount: 1, vectors: [] };

function micros(e: BoundExpr, context: ExecContext): number | undefined {
  let v: unknown;
  if (e.kind === 'parameter') {
    if (!context.parameters) return undefined;
    v = context.parameters.value(e.slot);
  } else {
    v = readValue(evaluate(e, ONE_ROW, context), 0);
  }
  const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
  if (n === undefined || !Number.isFinite(n) || n === LONG_NULL) return undefined;
  return e.type.tag === TypeTag.DATE ? n * 1000 : n;
}

function isTimestampParameter(e: BoundExpr): boolean {
  return (e.type.tag === TypeTag.TIMESTAMP || e.type.tag === TypeTag.DATE) && isRuntimeValue(e);
}

function boundOf(e: BoundExpr, slot: number): Bound | undefined {
  if (e.kind !== 'call') return undefined;
  const isTs = (x: BoundExpr): boolean => x.kind === 'column' && x.index === slot;
  if (e.fn.name === 'between' && isTs(e.args[0]) && isTimestampParameter(e.args[1]) && isTimestampParameter(e.args[2])) {
    return (c) => {
      const a = micros(e.args[1], c), b = micros(e.args[2], c);
      return a === undefined || b === undefined ? undefined : { lo: Math.min(a, b), hi: Math.max(a, b) };
    };
  }
  if (e.args.length !== 2 || !(e.fn.name in FLIP)) return undefined;
  let op = e.fn.name, param: BoundExpr;
  if (isTs(e.args[0]) && isTimestampParameter(e.args[1])) param = e.args[1];
  else if (isTs(e.args[1]) && isTimestampParameter(e.args[0])) { param = e.args[0]; op = FLIP[op]; } else return undefined;
  return (c) => {
    const v = micros(param, c);
    if (v === undefined) return undefined;
    switch (op) {
      case '>=': return { lo: v, hi: MAX };
      case '>': return { lo: v + 1, hi: MAX };
      case '<=': return { lo: MIN, hi: v };
      case '<': return { lo: MIN, hi: v - 1 };
      default: return { lo: v, hi: v };
    }
  };
}

/** Runtime intervals for the parameter conjuncts of `where` on the timestamp at layout `slot`. */
export function parameterIntervals(where: BoundExpr | undefined, slot: number): RuntimeIntervals | undefined {
  if (!where || slot < 0) return undefined;
  const bounds = conjuncts(where).map((c) => boundOf(c, slot)).filter((b): b is Bound => b !== undefined);
  if (bounds.length === 0) return undefined;
  return (context) => {
    let out: TimeInterval[] | undefined;
    for (const b of bounds) {
      const iv = b(context);
      if (!iv) continue;
      out = out ? intersectIntervals(out, [iv]) : [iv];
    }
    return out;
  };
}
