/**
 * Turns WHERE conjuncts on the designated timestamp into ScanOptions.intervals (the design
 * "Time-series first": partition pruning + binary search): `ts >= c`, `ts > c`, `ts < c`, `ts <= c`,
 * `ts = c`, `ts BETWEEN a AND b` and `ts IN '<interval>'`, intersected across AND. Other conjuncts stay
 * in the filter. Kept in its own file so richer interval forms can be added here.
 */
import { TimeInterval } from '../../data/table-schema';
import { BoundCall, BoundExpr } from '../bound-expression';
import { complementIntervals, intersectIntervals, normalizeIntervals, unionIntervals } from '../../time/interval-algebra';
import { isIntervalFunction } from './interval-function';

/** The whole TIMESTAMP range as doubles, LONG_NULL (-2^63) excluded. */
const MIN = -9223372036854773760;
const MAX = 9223372036854775808;
/** µs a double of a timestamp beyond 2^53 (after 2255) may be off by, and then some. */
const ROUNDING_MARGIN = 64;

export interface IntervalSplit {
  readonly intervals?: readonly TimeInterval[];
  readonly rest?: BoundExpr;
}

function conjuncts(e: BoundExpr, out: BoundExpr[]): void {
  if (e.kind === 'call' && e.fn.name === 'and') { conjuncts(e.args[0], out); conjuncts(e.args[1], out); return; }
  out.push(e);
}

function constantMicros(e: BoundExpr): number | undefined {
  if (e.kind !== 'constant') return undefined;
  if (typeof e.value === 'number') return e.value;
  return typeof e.value === 'bigint' ? Number(e.value) : undefined;
}

/** A constant beyond 2^53, where the scan's double bounds round: the conjunct is then checked exactly too. */
function hasInexactConstant(e: BoundExpr): boolean {
  if (e.kind === 'constant') return typeof e.value === 'bigint' || (typeof e.value === 'number' && Math.abs(e.value) > 9007199254740991);
  if (e.kind === 'call') return e.args.some(hasInexactConstant) || (isIntervalFunction(e.fn) && e.fn.intervals.some((i) => Math.abs(i.lo) > 9007199254740991 || Math.abs(i.hi) > 9007199254740991));
  return false;
}

function widen(list: readonly TimeInterval[]): TimeInterval[] {
  return list.map((i) => ({ lo: Math.max(MIN, i.lo - ROUNDING_MARGIN), hi: Math.min(MAX, i.hi + ROUNDING_MARGIN) }));
}

function isTs(e: BoundExpr, slot: number): boolean {
  return e.kind === 'column' && e.index === slot;
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

function toInterval(e: BoundExpr, slot: number): TimeInterval[] | undefined {
  if (e.kind !== 'call') return undefined;
  const c: BoundCall = e;
  if (isIntervalFunction(c.fn) && isTs(c.args[0], slot)) return c.fn.negated ? clamp(complementIntervals(c.fn.intervals)) : [...c.fn.intervals];
  // AND / OR / NOT of interval predicates are intersection / union / complement.
  if ((c.fn.name === 'or' || c.fn.name === 'and') && c.args.length === 2) {
    const a = toInterval(c.args[0], slot), b = a ? toInterval(c.args[1], slot) : undefined;
    if (!a || !b) return undefined;
    return c.fn.name === 'or' ? unionIntervals(a, b) : intersectIntervals(a, b);
  }
  if (c.fn.name === 'not' && c.args.length === 1) {
    const a = toInterval(c.args[0], slot);
    return a ? clamp(complementIntervals(a)) : undefined;
  }
  if (c.fn.name === 'in' && isTs(c.args[0], slot) && c.args.length > 1) {
    const points: TimeInterval[] = [];
    for (const a of c.args.slice(1)) {
      const v = constantMicros(a);
      if (v === undefined) return undefined;
      points.push({ lo: v, hi: v });
    }
    return normalizeIntervals(points);
  }
  if (c.fn.name === '!=' && c.args.length === 2) {
    const v = isTs(c.args[0], slot) ? constantMicros(c.args[1]) : isTs(c.args[1], slot) ? constantMicros(c.args[0]) : undefined;
    return v === undefined ? undefined : [{ lo: MIN, hi: v - 1 }, { lo: v + 1, hi: MAX }];
  }
  if (c.fn.name === 'between' && isTs(c.args[0], slot)) {
    const a = constantMicros(c.args[1]), b = constantMicros(c.args[2]);
    if (a === undefined || b === undefined) return undefined;
    return [{ lo: Math.min(a, b), hi: Math.max(a, b) }];
  }
  if (c.args.length !== 2 || !(c.fn.name in FLIP)) return undefined;
  let op = c.fn.name, value: number | undefined;
  if (isTs(c.args[0], slot)) value = constantMicros(c.args[1]);
  else if (isTs(c.args[1], slot)) { value = constantMicros(c.args[0]); op = FLIP[op]; }
  if (value === undefined) return undefined;
  switch (op) {
    case '>=': return [{ lo: value, hi: MAX }];
    case '>': return [{ lo: value + 1, hi: MAX }];
    case '<=': return [{ lo: MIN, hi: value }];
    case '<': return [{ lo: MIN, hi: value - 1 }];
    default: return [{ lo: value, hi: value }];
  }
}

/** Splits `where` into scan intervals on the timestamp at layout `slot` and the remaining predicate. */
export function extractIntervals(where: BoundExpr, slot: number, and: (a: BoundExpr, b: BoundExpr) => BoundExpr): IntervalSplit {
  const parts: BoundExpr[] = [];
  conjuncts(where, parts);
  let intervals: TimeInterval[] | undefined;
  const rest: BoundExpr[] = [];
  for (const p of parts) {
    let iv = slot >= 0 ? toInterval(p, slot) : undefined;
    // Beyond 2^53 the scan narrows with widened double bounds and the predicate itself decides exactly.
    if (iv && hasInexactConstant(p)) { iv = widen(iv); rest.push(p); }
    if (iv) intervals = intervals ? intersectIntervals(intervals, iv) : iv;
    else rest.push(p);
  }
  return { intervals, rest: rest.length ? rest.reduce((a, b) => and(a, b)) : undefined };
}

/** Keeps complemented intervals inside the safe integer range the scans use. */
function clamp(list: readonly TimeInterval[]): TimeInterval[] {
  return list.map((i) => ({ lo: Math.max(MIN, i.lo), hi: Math.min(MAX, i.hi) })).filter((i) => i.lo <= i.hi);
}
