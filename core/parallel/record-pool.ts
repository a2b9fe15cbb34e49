/**
 * The record buffer of radix-partitioned GROUP BYs (radix-aggregate.ts), kept for the next one: a
 * SharedArrayBuffer of a few hundred megabytes costs its size in page faults and zeroing each time it is
 * made, more than the scatter that fills it. One buffer is kept, only while the GROUP BYs that use it
 * keep coming: it is dropped after IDLE_MS without use. A buffer goes back only once no task of its
 * query runs any more.
 */
const IDLE_MS = 30_000;

let kept: Float64Array | undefined;
let idle: NodeJS.Timeout | undefined;

/** A buffer of at least `doubles` doubles (stale contents: the scatter writes every record it reads). */
export function takeRecords(doubles: number): Float64Array {
  if (kept && kept.length >= doubles) {
    const out = kept;
    kept = undefined;
    return out;
  }
  return new Float64Array(new SharedArrayBuffer(doubles * 8));
}

/** Keeps `records` (the larger of it and the kept one) for the next query. */
export function returnRecords(records: Float64Array): void {
  if (kept && kept.length >= records.length) return;
  kept = records;
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => { kept = undefined; idle = undefined; }, IDLE_MS);
  idle.unref();
}
