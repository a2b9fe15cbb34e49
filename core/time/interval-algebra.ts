/**
 * Sets of closed µs intervals, sorted and disjoint: AND of predicates on the designated timestamp is
 * intersection, OR is union, NOT is complement. Unbounded ends are ±Infinity.
 */
import { TimeInterval } from '../data/table-schema';

export const ALL_TIME: readonly TimeInterval[] = Object.freeze([{ lo: -Infinity, hi: Infinity }]);

/** Sorts and merges overlapping or touching intervals; drops empty ones. */
export function normalizeIntervals(list: readonly TimeInterval[]): TimeInterval[] {
  const sorted = list.filter((i) => i.lo <= i.hi).sort((a, b) => a.lo - b.lo);
  const out: TimeInterval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.lo <= last.hi + 1) out[out.length - 1] = { lo: last.lo, hi: Math.max(last.hi, i.hi) };
    else out.push({ lo: i.lo, hi: i.hi });
  }
  return out;
}

export function intersectIntervals(a: readonly TimeInterval[], b: readonly TimeInterval[]): TimeInterval[] {
  const out: TimeInterval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i].lo, b[j].lo);
    const hi = Math.min(a[i].hi, b[j].hi);
    if (lo <= hi) out.push({ lo, hi });
    if (a[i].hi < b[j].hi) i++;
    else j++;
  }
  return out;
}

export function unionIntervals(a: readonly TimeInterval[], b: readonly TimeInterval[]): TimeInterval[] {
  return normalizeIntervals([...a, ...b]);
}

export function complementIntervals(a: readonly TimeInterval[]): TimeInterval[] {
  const out: TimeInterval[] = [];
  let from = -Infinity;
  for (const i of a) {
    if (i.lo > from) out.push({ lo: from, hi: i.lo - 1 });
    from = i.hi + 1;
  }
  if (from !== Infinity) out.push({ lo: from, hi: Infinity });
  return out;
}

/** True when `ts` lies in one of the intervals (binary search). */
export function intervalsContain(list: readonly TimeInterval[], ts: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ts < list[mid].lo) hi = mid - 1;
    else if (ts > list[mid].hi) lo = mid + 1;
    else return true;
  }
  return false;
}
