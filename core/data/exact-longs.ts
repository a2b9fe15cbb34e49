/**
 * 64-bit integers (LONG, DATE, TIMESTAMP, and GEOHASH above 53 bits) travel as Float64Array values, which
 * are exact up to 2^53. A vector holding any larger magnitude also carries `exact`, a BigInt64Array of
 * every value (vector.ts). Producers keep that invariant with `withExactLongs`; consumers that must be
 * exact read `exactAt` when `exact` is present, and otherwise use the doubles as they are.
 */
import { LONG_NULL, LONG_NULL_BIG, MAX_SAFE_LONG } from './null-values';
import { ColumnType } from './column-type';
import { Vector } from './vector';

const MAX_SAFE_BIG = BigInt(MAX_SAFE_LONG);

/**
 * The double that stands for LONG values from −2^63 + 1 to −2^63 + 1024: the nearest double to them is
 * −2^63 itself, LONG_NULL, which a double loop would take for NULL. The next double up is used instead
 * (such vectors always carry `exact`, so exact readers see the true value).
 */
export const LONG_NEAR_NULL = -9223372036854774784;

/** A LONG as the double of a vector's `data`: the nearest double, but never LONG_NULL unless it is null. */
export function longDouble(x: bigint): number {
  const d = Number(x);
  return d === LONG_NULL && x !== LONG_NULL_BIG ? LONG_NEAR_NULL : d;
}

/** Row i as a bigint (LONG_NULL_BIG for null). */
export function exactAt(v: Vector, i: number): bigint {
  if (v.exact) return v.exact[i];
  const x = v.data[i];
  return x === LONG_NULL ? LONG_NULL_BIG : BigInt(x);
}

/**
 * True when row i of a LONG-family vector is NULL: exactly -2^63. The double alone cannot tell: every value
 * from -2^63 to about -2^63+1024 rounds to it, so a vector holding one carries `exact`, which decides.
 */
export function isLongNull(v: Vector, i: number): boolean {
  return v.data[i] === LONG_NULL && (v.exact === undefined || v.exact[i] === LONG_NULL_BIG);
}

/** True when a double of the LONG family holds its value exactly (null, or within ±2^53). */
export function isSafeLong(x: number): boolean {
  return (x <= MAX_SAFE_LONG && x >= -MAX_SAFE_LONG) || x === LONG_NULL;
}

/** A LONG-family vector of whole-number doubles; `exact` is added when one lies beyond 2^53. */
export function withExactLongs(type: ColumnType, data: Float64Array): Vector {
  const n = data.length;
  let i = 0;
  while (i < n && isSafeLong(data[i])) i++;
  if (i === n) return { type, data };
  const exact = new BigInt64Array(n);
  for (let k = 0; k < n; k++) exact[k] = data[k] === LONG_NULL ? LONG_NULL_BIG : BigInt(data[k]);
  return { type, data, exact };
}

/** A vector from exact 64-bit values (nulls as LONG_NULL_BIG); `exact` is kept only when needed. */
export function fromExactLongs(type: ColumnType, exact: BigInt64Array): Vector {
  const n = exact.length;
  const data = new Float64Array(n);
  let big = false;
  for (let i = 0; i < n; i++) {
    const x = exact[i];
    data[i] = longDouble(x);
    if (x !== LONG_NULL_BIG && (x > MAX_SAFE_BIG || x < -MAX_SAFE_BIG)) big = true;
  }
  return big ? { type, data, exact } : { type, data };
}
