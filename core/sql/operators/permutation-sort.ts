/**
 * Sorts a row permutation in steps a cancelled query can stop between: runs of RUN_ROWS rows are sorted
 * with the engine's own TypedArray sort, then merged bottom-up, pass by pass. The query's cancellation is
 * checked after every run and every CHECK_EVERY_ROWS merged rows, and the event loop gets a turn every
 * ~20 ms, so sorting 10M rows neither ignores Statement-Timeout nor holds other requests for seconds.
 * The comparator must be a total order (row-comparator.ts breaks ties by row number), so the result is
 * the one a single `sort` gives.
 */
import { CHECK_EVERY_ROWS } from '../query-cancellation';
import { checkAborted, ExecContext, yieldToEventLoop } from '../plan';

const RUN_ROWS = 1 << 14;
const YIELD_EVERY_MS = 20;

export type RowCompare = (a: number, b: number) => number;

export async function sortPermutation(perm: Int32Array, n: number, cmp: RowCompare, context: ExecContext): Promise<Int32Array> {
  let lastYield = performance.now();
  const pause = async (): Promise<void> => {
    checkAborted(context);
    if (performance.now() - lastYield < YIELD_EVERY_MS) return;
    await yieldToEventLoop();
    lastYield = performance.now();
    checkAborted(context);
  };
  if (n <= RUN_ROWS) {
    perm.subarray(0, n).sort(cmp);
    return perm;
  }
  for (let lo = 0; lo < n; lo += RUN_ROWS) {
    perm.subarray(lo, Math.min(n, lo + RUN_ROWS)).sort(cmp);
    await pause();
  }
  let from: Int32Array = perm, to: Int32Array = new Int32Array(n);
  for (let width = RUN_ROWS; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width), hi = Math.min(n, lo + 2 * width);
      mergeRuns(from, to, lo, mid, hi, cmp, context);
      await pause();
    }
    const t = from; from = to; to = t;
  }
  return from;
}

/** Merges from[lo..mid) and from[mid..hi) into to[lo..hi). */
function mergeRuns(from: Int32Array, to: Int32Array, lo: number, mid: number, hi: number, cmp: RowCompare, context: ExecContext): void {
  let i = lo, j = mid, k = lo;
  let nextCheck = lo + CHECK_EVERY_ROWS;
  while (i < mid && j < hi) {
    to[k++] = cmp(from[i], from[j]) <= 0 ? from[i++] : from[j++];
    if (k >= nextCheck) { checkAborted(context); nextCheck = k + CHECK_EVERY_ROWS; }
  }
  while (i < mid) to[k++] = from[i++];
  while (j < hi) to[k++] = from[j++];
}
