/**
 * The hash of a number key's 64 bits, given as its two 32-bit halves (read through a Float64Array and
 * a Uint32Array on one buffer): both halves multiplied in, then MurmurHash3's 32-bit finalizer, so
 * integer-valued doubles (timestamps, LONG and INT keys, whose low mantissa bits are all zero) spread
 * as well as fractions do. NumberHashIndex and the query workers' generated probes use the same hash.
 */
export function hashBits(lo: number, hi: number): number {
  let h = Math.imul(lo, 0xcc9e2d51) ^ Math.imul(hi, 0x1b873593);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** `hashBits` as generated source over the expressions `lo` and `hi`, leaving the hash in `h`. */
export function hashSource(lo: string, hi: string): string {
  return `let h = Math.imul(${lo}, 0xcc9e2d51) ^ Math.imul(${hi}, 0x1b873593); h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); `
    + 'h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); h ^= h >>> 16;';
}
