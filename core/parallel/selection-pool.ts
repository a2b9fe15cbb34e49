/**
 * Selection vectors for the workers' filters, kept for reuse: a SharedArrayBuffer is costly to make (the
 * memory is mapped and zeroed, and its release waits for a garbage collection), and a filtered scan of
 * 10M rows needs about twenty of them. A vector goes back to the pool only once its task has settled, so
 * no worker can still be writing to it; at most `MAX_KEPT` are kept between queries.
 */
const MAX_KEPT = 8;
const kept: Int32Array[] = [];

/** A selection vector of at least `rows` entries (its contents are stale: the kernel writes before it reads). */
export function takeSelection(rows: number): Int32Array {
  for (let k = kept.length - 1; k >= 0; k--) {
    if (kept[k].length >= rows) return kept.splice(k, 1)[0];
  }
  return new Int32Array(new SharedArrayBuffer(rows * 4));
}

/** Gives a vector back once nothing reads or writes it any more. */
export function returnSelection(selection: Int32Array): void {
  if (kept.length < MAX_KEPT) kept.push(selection);
}
