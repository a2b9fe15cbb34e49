/**
 * Each selected row's time bucket from an ordered timestamp column, reading few timestamps: a bucket's
 * end row is found by galloping search from its first selected row, and every selected row before it
 * gets the bucket's start. A narrowed scan under SAMPLE BY gives these instead of gathering each row's
 * timestamp (a random access per row into a column much larger than the caches). A bucket holding few
 * selected rows (one host's 6 rows a minute) is cheaper read row by row than searched (a gallop reads ~2 log2
 * of the rows between its edges): each bucket's first LINEAR rows are read, and only a bucket holding more
 * gallops for its end; the row that leaves a bucket is the next bucket's first, read once.
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
  let t = n > 0 ? ts[rows[0]] : 0;
  while (i < n) {
    const start = buckets.bucketOf(t), next = buckets.next(start);
    out[i] = start;
    let j = i + 1;
    let left = false;
    for (; j < n && j - i < LINEAR; j++) {
      t = ts[rows[j]];
      if (t >= next) { left = true; break; }
      out[j] = start;
    }
    if (!left && j < n) {
      const stop = gallopLowerBound(ts, rows[j], end, next);
      while (j < n && rows[j] < stop) out[j++] = start;
      if (j < n) t = ts[rows[j]];
    }
    i = j;
  }
}

/** Selected rows of a bucket read one by one before its end is searched for. */
const LINEAR = 16;
