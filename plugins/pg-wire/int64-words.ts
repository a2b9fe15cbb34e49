/**
 * 64-bit values beyond 2^53 without a BigInt per row: a vector's `exact` BigInt64Array read as two 32-bit
 * words (row i is hi × 2^32 + lo, hi signed), divided and written with doubles that stay below 2^53. The
 * encoders of DataRow cells use these, so a column of timestamps after 2255 or of 60-bit geohashes costs
 * no allocation per row.
 */

const TWO_16 = 65536;
const TWO_32 = 4294967296;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The exact values of a LONG-family vector as words; one view per column and batch. */
export class Int64Words {
  private readonly signed: Int32Array;
  private readonly unsigned: Uint32Array;
  private readonly hiAt = LITTLE_ENDIAN ? 1 : 0;

  constructor(exact: BigInt64Array) {
    this.signed = new Int32Array(exact.buffer, exact.byteOffset, exact.length * 2);
    this.unsigned = new Uint32Array(exact.buffer, exact.byteOffset, exact.length * 2);
  }

  /** The upper 32 bits of row i, signed. */
  hi(i: number): number {
    return this.signed[2 * i + this.hiAt];
  }

  /** The lower 32 bits of row i, unsigned. */
  lo(i: number): number {
    return this.unsigned[2 * i + 1 - this.hiAt];
  }
}

/** The words of a whole-number double (|x| < 2^53): `out[0]` hi (signed), `out[1]` lo (unsigned). */
export function wordsOfDouble(x: number, out: Float64Array): void {
  const hi = Math.floor(x / TWO_32);
  out[0] = hi;
  out[1] = x - hi * TWO_32;
}

/**
 * floor((hi × 2^32 + lo) / d) into `out[0]` and the remainder (0 ≤ r < d) into `out[1]`, for 1 ≤ d ≤ 2^32.
 * Long division of the magnitude in 16-bit digits keeps every step below 2^48; the quotient is exact
 * while it is below 2^53 (seconds or days of any 64-bit count of µs or ns).
 */
export function divideWords(hi: number, lo: number, d: number, out: Float64Array): void {
  const negative = hi < 0;
  let h = hi >>> 0, l = lo >>> 0;
  if (negative) {
    // Two's complement negation of the 64-bit value; -2^63 stays 2^63 as an unsigned magnitude.
    l = (~l + 1) >>> 0;
    h = (~h + (l === 0 ? 1 : 0)) >>> 0;
  }
  // Four digits, unrolled: no array per call.
  let cur = h >>> 16;
  let q = Math.floor(cur / d), r = cur - q * d;
  cur = r * TWO_16 + (h & 0xffff);
  let qd = Math.floor(cur / d);
  r = cur - qd * d; q = q * TWO_16 + qd;
  cur = r * TWO_16 + (l >>> 16);
  qd = Math.floor(cur / d);
  r = cur - qd * d; q = q * TWO_16 + qd;
  cur = r * TWO_16 + (l & 0xffff);
  qd = Math.floor(cur / d);
  r = cur - qd * d; q = q * TWO_16 + qd;
  if (negative) {
    if (r > 0) { q = -q - 1; r = d - r; } else q = -q;
  }
  out[0] = q;
  out[1] = r;
}

/**
 * Writes a × m + c as a big-endian int64 at `p`: a whole number (|a| < 2^53), 1 ≤ m ≤ 2^20, 0 ≤ c < 2^32,
 * the result within the int64 range. a is split at 2^24 so every product stays exact.
 */
export function putInt64Sum(b: Uint8Array, p: number, a: number, m: number, c: number): void {
  const ah = Math.floor(a / 16777216), al = a - ah * 16777216;
  const low = al * m + c; // < 2^45
  const lowHi = Math.floor(low / TWO_32);
  const mid = ah * m; // the multiple of 2^24: |mid| < 2^39 for a result within the int64 range
  const midHi = Math.floor(mid / 256), midRest = mid - midHi * 256;
  let lo = low - lowHi * TWO_32 + midRest * 16777216;
  const carry = Math.floor(lo / TWO_32);
  lo -= carry * TWO_32;
  const hi = midHi + lowHi + carry;
  b[p] = hi >>> 24; b[p + 1] = (hi >>> 16) & 255; b[p + 2] = (hi >>> 8) & 255; b[p + 3] = hi & 255;
  b[p + 4] = lo >>> 24; b[p + 5] = (lo >>> 16) & 255; b[p + 6] = (lo >>> 8) & 255; b[p + 7] = lo & 255;
}
