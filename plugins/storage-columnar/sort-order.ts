/**
 * Orders for out-of-order rows: a stable sort of timestamps (ties keep insertion order) and the merge of
 * a partition's committed rows with new rows (ties: committed rows first, they were inserted earlier).
 * Natural merge sort: pending rows usually arrive as a few sorted runs, which costs O(n log runs).
 */
export function stableSortOrder(ts: Float64Array, n: number): Uint32Array {
  let a = new Uint32Array(n);
  let b = new Uint32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  const bounds: number[] = [0];
  for (let i = 1; i < n; i++) if (ts[i] < ts[i - 1]) bounds.push(i);
  bounds.push(n);
  let runs = bounds;
  while (runs.length > 2) {
    const next: number[] = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const lo = runs[r];
      const mid = runs[r + 1];
      const hi = r + 2 < runs.length ? runs[r + 2] : mid;
      mergeRuns(ts, a, b, lo, mid, hi);
      next.push(hi);
    }
    const t = a; a = b; b = t;
    runs = next;
  }
  return a;
}

function mergeRuns(ts: Float64Array, src: Uint32Array, dst: Uint32Array, lo: number, mid: number, hi: number): void {
  let i = lo;
  let j = mid;
  let o = lo;
  while (i < mid && j < hi) {
    // `<=` keeps the left (earlier) row first on ties.
    if (ts[src[i]] <= ts[src[j]]) dst[o++] = src[i++];
    else dst[o++] = src[j++];
  }
  while (i < mid) dst[o++] = src[i++];
  while (j < hi) dst[o++] = src[j++];
}

/**
 * Order over the concatenation [committed rows 0..m, new rows m..m+n] that merges two sorted runs.
 * `newTs` is read from `lo` (the new rows are `newTs[lo..lo+n)`).
 */
export function mergeOrder(oldTs: Float64Array, m: number, newTs: Float64Array, lo: number, n: number): Uint32Array {
  const out = new Uint32Array(m + n);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < m && j < n) {
    if (oldTs[i] <= newTs[lo + j]) out[o++] = i++;
    else out[o++] = m + j++;
  }
  while (i < m) out[o++] = i++;
  while (j < n) out[o++] = m + j++;
  return out;
}

export { lowerBound, upperBound } from '../../core/data/sorted-search';
