/**
 * Turns WHERE conjuncts on the designated timestamp into ScanOptions.intervals (the design
 * "Time-series first": partition pruning + binary search): `ts >= c`, `ts > c`, `ts < c`, `ts <= c`,
 * `ts = c`, `ts BETWEEN a AND b` and `ts IN '<interval>'`, intersected across AND. Other conjuncts stay
 * in the filter. Kept in its own file so richer interval forms can be added here.
 *
 * Scan intervals are µs. On a TIMESTAMP_NS timestamp (`nanos`), `IN '<interval>'` predicates are exact in
 * µs (interval-function.ts) and leave the filter; a comparison with a nanosecond constant narrows the scan
 * to the µs that hold its bound and stays in the filter, which decides to the nanosecond.
 */
import { TypeTag } from '../../data/column-type';
import { TimeInterval } from '../../data/table-schema';
import { BoundCall, BoundExpr, conjuncts } from '../bound-expression';
import { complementIntervals, intersectIntervals, normalizeIntervals, unionIntervals } from '../../time/interval-algebra';
import { isIntervalFunction } from './interval-function';

/** The whole TIMESTAMP range as doubles, LONG_NULL (-2^63) excluded. */
const MIN = -9223372036854773760;
const MAX = 9223372036854775808;
/** µs a double of a timestamp beyond 2^53 (after 2255) may be off by, and then some. */
const ROUNDING_MARGIN = 64;

export interface IntervalSplit {
  /** Sorted and disjoint. */
  readonly intervals?: readonly TimeInterval[];
  readonly rest?: BoundExpr;
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

/**
 * Each interval widened by the rounding margin, and merged where the widened ones meet: scans take disjoint
 * intervals, and the complement of an IN list has gaps of one µs (overlapping intervals read a row twice).
 */
function widen(list: readonly TimeInterval[]): TimeInterval[] {
  return normalizeIntervals(list.map((i) => ({ lo: Math.max(MIN, i.lo - ROUNDING_MARGIN), hi: Math.min(MAX, i.hi + ROUNDING_MARGIN) })));
}

function isTs(e: BoundExpr, slot: number): boolean {
  return e.kind === 'column' && e.index === slot;
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

function toInterval(e: BoundExpr, slot: number, nanos: boolean): TimeInterval[] | undefined {
  if (e.kind !== 'call') return undefined;
  const c: BoundCall = e;
  if (isIntervalFunction(c.fn) && isTs(c.args[0], slot)) return c.fn.negated ? clamp(complementIntervals(c.fn.intervals)) : [...c.fn.intervals];
  // AND / OR / NOT of interval predicates are intersection / union / complement.
  if ((c.fn.name === 'or' || c.fn.name === 'and') && c.args.length === 2) {
    const a = toInterval(c.args[0], slot, nanos), b = a ? toInterval(c.args[1], slot, nanos) : undefined;
    if (!a || !b) return undefined;
    return c.fn.name === 'or' ? unionIntervals(a, b) : intersectIntervals(a, b);
  }
  if (c.fn.name === 'not' && c.args.length === 1) {
    const a = toInterval(c.args[0], slot, nanos);
    return a ? clamp(complementIntervals(a)) : undefined;
  }
  // Nanosecond constants are not µs: only the exact interval predicates above combine (nanosBounds narrows).
  if (nanos) return undefined;
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

/**
 * Splits `where` into scan intervals on the timestamp at layout `slot` and the remaining predicate;
 * `nanos`: the timestamp is a TIMESTAMP_NS.
 */
export function extractIntervals(where: BoundExpr, slot: number, and: (a: BoundExpr, b: BoundExpr) => BoundExpr, nanos = false): IntervalSplit {
  const parts = conjuncts(where);
  let intervals: TimeInterval[] | undefined;
  const rest: BoundExpr[] = [];
  for (const p of parts) {
    let iv = slot >= 0 ? toInterval(p, slot, nanos) : undefined;
    if (!iv && nanos && slot >= 0) {
      iv = nanosBounds(p, slot);
      if (iv) rest.push(p);
    } else if (iv && hasInexactConstant(p)) {
      // Beyond 2^53 the scan narrows with widened double bounds and the predicate itself decides exactly.
      iv = widen(iv);
      rest.push(p);
    }
    if (iv) intervals = intervals ? intersectIntervals(intervals, iv) : iv;
    else rest.push(p);
  }
  return { intervals, rest: rest.length ? rest.reduce((a, b) => and(a, b)) : undefined };
}

/** A constant compared with a TIMESTAMP_NS, in nanoseconds (TIMESTAMP and DATE constants scaled). */
function constantNanos(e: BoundExpr): bigint | undefined {
  if (e.kind !== 'constant') return undefined;
  const v = typeof e.value === 'bigint' ? e.value : typeof e.value === 'number' && Number.isInteger(e.value) ? BigInt(e.value) : undefined;
  if (v === undefined) return undefined;
  switch (e.type.tag) {
    case TypeTag.TIMESTAMP_NS: case TypeTag.LONG: case TypeTag.INT: return v;
    case TypeTag.TIMESTAMP: return v * 1000n;
    case TypeTag.DATE: return v * 1000000n;
    default: return undefined;
  }
}

/** The µs holding nanosecond `ns`: floor(ns / 1000), clamped to the scan range. */
function microsOf(ns: bigint): number {
  const q = ns / 1000n;
  return Math.max(MIN, Math.min(MAX, Number(ns < 0n && q * 1000n !== ns ? q - 1n : q)));
}

/**
 * The µs intervals covering a comparison, BETWEEN, IN list or equality of a TIMESTAMP_NS timestamp with
 * nanosecond constants (a superset: the predicate stays in the filter), or undefined.
 */
function nanosBounds(e: BoundExpr, slot: number): TimeInterval[] | undefined {
  if (e.kind !== 'call') return undefined;
  const c: BoundCall = e;
  if (c.fn.name === 'in' && isTs(c.args[0], slot) && c.args.length > 1) {
    const points: TimeInterval[] = [];
    for (const a of c.args.slice(1)) {
      const v = constantNanos(a);
      if (v === undefined) return undefined;
      points.push({ lo: microsOf(v), hi: microsOf(v) });
    }
    return normalizeIntervals(points);
  }
  if (c.fn.name === 'between' && isTs(c.args[0], slot)) {
    const a = constantNanos(c.args[1]), b = constantNanos(c.args[2]);
    if (a === undefined || b === undefined) return undefined;
    return a <= b ? [{ lo: microsOf(a), hi: microsOf(b) }] : [{ lo: microsOf(b), hi: microsOf(a) }];
  }
  if (c.args.length !== 2 || !(c.fn.name in FLIP) || c.fn.name === '!=') return undefined;
  let op = c.fn.name, value: bigint | undefined;
  if (isTs(c.args[0], slot)) value = constantNanos(c.args[1]);
  else if (isTs(c.args[1], slot)) { value = constantNanos(c.args[0]); op = FLIP[op]; }
  if (value === undefined) return undefined;
  switch (op) {
    case '>=': return [{ lo: microsOf(value), hi: MAX }];
    case '>': return [{ lo: microsOf(value + 1n), hi: MAX }];
    case '<=': return [{ lo: MIN, hi: microsOf(value) }];
    case '<': return [{ lo: MIN, hi: microsOf(value - 1n) }];
    default: return [{ lo: microsOf(value), hi: microsOf(value) }];
  }
}

/** Keeps complemented intervals inside the safe integer range the scans use. */
function clamp(list: readonly TimeInterval[]): TimeInterval[] {
  return list.map((i) => ({ lo: Math.max(MIN, i.lo), hi: Math.min(MAX, i.hi) })).filter((i) => i.lo <= i.hi);
}
