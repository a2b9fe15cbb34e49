/**
 * Shared memory for the per-slot arrays a dense GROUP BY kernel returns (dense-keys.ts), kept for reuse.
 * Arrays a worker makes itself come back to the request thread as structured-clone copies: a dense
 * GROUP BY of 100k slots over four ranges brought ~18 MB of new ArrayBuffers a query (measured with
 * process.memoryUsage().arrayBuffers; ~9 MB with slabs), and external memory is what starts most of the
 * request thread's full garbage collections (seen with --trace-incremental-marking: a collection about
 * every query before, every three or four after). A kernel given a slab carves
 * its arrays out of it, so they come back as views on memory the request thread already has. A slab goes
 * back once nothing reads its arrays any more; at most MAX_KEPT are kept, and none after IDLE_MS unused.
 */
const MAX_KEPT = 8;
const IDLE_MS = 30_000;

const kept: Float64Array[] = [];
let idle: NodeJS.Timeout | undefined;

/** A slab of at least `doubles` doubles (stale contents: a kernel zeroes what it carves out). */
export function takeSlab(doubles: number): Float64Array {
  for (let k = kept.length - 1; k >= 0; k--) {
    if (kept[k].length >= doubles) return kept.splice(k, 1)[0];
  }
  return new Float64Array(new SharedArrayBuffer(doubles * 8));
}

/** Gives slabs back once no kernel writes them and no output array on them is read any more. */
export function returnSlabs(slabs: readonly Float64Array[]): void {
  for (const s of slabs) if (kept.length < MAX_KEPT) kept.push(s);
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => { kept.length = 0; idle = undefined; }, IDLE_MS);
  idle.unref();
}
