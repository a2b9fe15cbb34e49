/**
 * Each selected row's time bucket from an ordered timestamp column, reading few timestamps: a bucket's
 * end row is found by galloping search from its first selected row, and every selected row before it
 * gets the bucket's start. A narrowed scan under SAMPLE BY gives these instead of gathering each row's
 * timestamp (a random access per row into a column much larger than the caches).
 */

/** A clock's buckets (SAMPLE BY's SampleClock): the start of the bucket holding `t`, and the next bucket's start. */
import { gallopLowerBound } from '../data/sorted-search';

export interface TimeBuckets {
  bucketOf(t: number): number;
  next(bucket: number): number;
}

/**
 * Writes to `out[0..n)` the bucket start of rows `rows[0..n)` (ascending indexes below `end`) of the
 * ascending timestamp column `ts`.
 */
export function bucketStarts(ts: Float64Array, rows: Int32Array, n: number, end: number, buckets: TimeBuckets, out: Float64Array): void {
  let i = 0;
  while (i < n) {
    const start = buckets.bucketOf(ts[rows[i]]);
    const stop = gallopLowerBound(ts, rows[i], end, buckets.next(start));
    let j = i;
    while (j < n && rows[j] < stop) out[j++] = start;
    i = j;
  }
}
