/**
 * The one rule for an ARRAY value's shape (core/data/vector.ts keeps `dims` extents per row in `shapes`): it is
 * sound when every extent is at least 1 and their product is the number of elements the row holds, or when
 * the row holds no element and every extent is 0 (the empty array, `[]`). Writers walk the outer extents of a
 * shape, so an unsound one such as [2147483647, 2147483647, 0] (no element, 2^62 empty inner arrays) would cost
 * work and memory far beyond the bytes that carry it. Every place that takes a shape from outside (a decoded
 * column file, a protocol value, an array built row by row) passes it through `soundShape`, which keeps a
 * sound shape and turns any other into one of the same dimension count: the empty shape for no element,
 * else one row of all the elements ([1, …, 1, count]).
 */

/** Whether `shape[at..at+dims)` is sound for `count` elements. */
export function isSoundShape(shape: ArrayLike<number>, at: number, dims: number, count: number): boolean {
  if (count === 0) {
    for (let d = 0; d < dims; d++) if (shape[at + d] !== 0) return false;
    return true;
  }
  let product = 1;
  for (let d = 0; d < dims; d++) {
    const extent = shape[at + d];
    if (!(extent >= 1)) return false;
    product *= extent;
    if (product > count) return false;
  }
  return product === count;
}

/**
 * Writes a sound shape for `count` elements into `out[outAt..outAt+dims)`: `shape[at..]` itself when it is
 * sound, else the empty shape (count 0) or [1, …, 1, count]. `out` may be `shape` itself. True when the shape
 * was kept.
 */
export function soundShape(shape: ArrayLike<number>, at: number, dims: number, count: number, out: Int32Array, outAt: number): boolean {
  if (isSoundShape(shape, at, dims, count)) {
    if (out !== shape || outAt !== at) for (let d = 0; d < dims; d++) out[outAt + d] = shape[at + d];
    return true;
  }
  for (let d = 0; d < dims; d++) out[outAt + d] = count === 0 ? 0 : 1;
  if (count > 0) out[outAt + dims - 1] = count;
  return false;
}
