/**
 * sort-order.ts for a TIMESTAMP_NS designated timestamp, whose rows are keyed by the pair (µs, ns within
 * the µs) of core/data/nanos-split.ts: µs partitions and prunes as for TIMESTAMP, the pair orders exactly.
 * Kept apart so the TIMESTAMP paths compare one double per row, as before.
 */
import { stableSortOrder } from './sort-order';

/** Stable order by (ts, sub): stable by `sub`, then stable by `ts` (ties keep insertion order). */
export function stableSortOrderNanos(ts: Float64Array, sub: Uint16Array, n: number): Uint32Array {
  let finer = false;
  for (let i = 0; i < n && !finer; i++) finer = sub[i] !== 0;
  // Every row on a whole µs: the TIMESTAMP order is the order.
  if (!finer) return stableSortOrder(ts, n);
  const subs = Float64Array.from(sub.subarray(0, n));
  const first = stableSortOrder(subs, n);
  const byFirst = new Float64Array(n);
  for (let i = 0; i < n; i++) byFirst[i] = ts[first[i]];
  const second = stableSortOrder(byFirst, n);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = first[second[i]];
  return out;
}

/** mergeOrder of sort-order.ts with (ts, sub) keys; ties: committed rows first. */
export function mergeOrderNanos(oldTs: Float64Array, oldSub: Uint16Array, m: number, newTs: Float64Array, newSub: Uint16Array,
  lo: number, n: number): Uint32Array {
  const out = new Uint32Array(m + n);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < m && j < n) {
    const a = oldTs[i];
    const b = newTs[lo + j];
    if (a < b || (a === b && oldSub[i] <= newSub[lo + j])) out[o++] = i++;
    else out[o++] = m + j++;
  }
  while (i < m) out[o++] = i++;
  while (j < n) out[o++] = m + j++;
  return out;
}

/** First index in `lo..hi` (sorted by (ts, sub)) whose key is >= (t, s). */
export function lowerBoundNanos(ts: Float64Array, sub: Uint16Array, lo: number, hi: number, t: number, s: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] < t || (ts[mid] === t && sub[mid] < s)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in `lo..hi` (sorted by (ts, sub)) whose key is > (t, s). */
export function upperBoundNanos(ts: Float64Array, sub: Uint16Array, lo: number, hi: number, t: number, s: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] < t || (ts[mid] === t && sub[mid] <= s)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
