/**
 * A TIMESTAMP_NS value as the pair (µs, ns within that µs): `floor(ns / 1000)` and `ns - 1000 * µs` (0..999).
 * The µs part is an exact double (until 2255) that partitions, prunes and buckets a row exactly as a
 * TIMESTAMP would be; the pair orders rows to the nanosecond. Both come from the int64's two 32-bit
 * halves, so splitting a column allocates nothing per row (no BigInt). Null stays null: LONG_NULL µs.
 */
import { ColumnType } from './column-type';
import { LONG_NULL, MAX_SAFE_LONG } from './null-values';
import { Vector } from './vector';

/** 2^32 = 4294967 * 1000 + 296. */
const Q32 = 4294967;
const R32 = 296;
const TWO_32 = 4294967296;

/**
 * Splits the int64s `words[2i], words[2i+1]` (little-endian halves) for rows `lo..hi` into
 * `micros[at..]` and `sub[at..]`.
 */
export function splitInt64Nanos(words: Int32Array, lo: number, hi: number, micros: Float64Array, sub: Uint16Array, at: number): void {
  for (let i = lo, o = at; i < hi; i++, o++) {
    const low = words[2 * i] >>> 0;
    const high = words[2 * i + 1];
    if (high === -2147483648 && low === 0) { micros[o] = LONG_NULL; sub[o] = 0; continue; }
    // ns = high * 2^32 + low = 1000 * (high * Q32) + (high * R32 + low); the second term is exact.
    const r = high * R32 + low;
    let q = Math.floor(r / 1000);
    let s = r - q * 1000;
    if (s < 0) { q--; s += 1000; } else if (s >= 1000) { q++; s -= 1000; }
    micros[o] = high * Q32 + q;
    sub[o] = s;
  }
}

/** Splits rows `lo..hi` of a TIMESTAMP_NS vector (exact int64s when present, else doubles within 2^53). */
export function splitNanosVector(v: Vector, lo: number, hi: number, micros: Float64Array, sub: Uint16Array, at: number): void {
  if (v.exact) {
    splitInt64Nanos(new Int32Array(v.exact.buffer, v.exact.byteOffset, v.exact.length * 2), lo, hi, micros, sub, at);
    return;
  }
  const d = v.data;
  for (let i = lo, o = at; i < hi; i++, o++) {
    const x = d[i];
    if (x === LONG_NULL || Number.isNaN(x)) { micros[o] = LONG_NULL; sub[o] = 0; continue; }
    let q = Math.floor(x / 1000);
    let s = x - q * 1000;
    if (s < 0) { q--; s += 1000; } else if (s >= 1000) { q++; s -= 1000; }
    micros[o] = q;
    sub[o] = s;
  }
}

/**
 * The inverse of the split: a TIMESTAMP_NS vector of `micros[i] * 1000 + sub[i]` (sub 0 when absent), written
 * as int64 halves (no BigInt per row); `exact` is kept when a value lies beyond 2^53. LONG_NULL stays null.
 */
export function joinNanos(type: ColumnType, micros: Float64Array, sub: Uint16Array | undefined, n: number): Vector {
  const exact = new BigInt64Array(n);
  const words = new Int32Array(exact.buffer, 0, 2 * n);
  const data = new Float64Array(n);
  let big = false;
  for (let i = 0; i < n; i++) {
    const us = micros[i];
    if (us === LONG_NULL) { words[2 * i] = 0; words[2 * i + 1] = -2147483648; data[i] = LONG_NULL; continue; }
    const uh = Math.floor(us / TWO_32);
    const t = (us - uh * TWO_32) * 1000 + (sub ? sub[i] : 0);
    const carry = Math.floor(t / TWO_32);
    const low = t - carry * TWO_32;
    const high = uh * 1000 + carry;
    words[2 * i] = low | 0;
    words[2 * i + 1] = high | 0;
    data[i] = high * TWO_32 + low;
    if (data[i] > MAX_SAFE_LONG || data[i] < -MAX_SAFE_LONG) big = true;
  }
  return big ? { type, data, exact } : { type, data };
}
