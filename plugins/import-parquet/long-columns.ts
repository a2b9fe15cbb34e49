/**
 * Arrow 64-bit integers, timestamps and dates into svc's LONG family (LONG, DATE, TIMESTAMP, TIMESTAMP_NS),
 * every value exact. A value is read as two 32-bit words and brought to the column's unit by an integer
 * factor (ms into TIMESTAMP: ×1000) or a floor division (ns into TIMESTAMP: ÷1000, done on the words, so
 * today's nanoseconds, beyond 2^53, need no BigInt), all in doubles, exact up to 2^53. When a value or its
 * result lies beyond 2^53 (a TIMESTAMP after 2255, any TIMESTAMP_NS after April 1970, a LONG near ±2^63)
 * the vector also carries `exact` (core/data/exact-longs.ts): the chunk's own 64-bit values when no scaling
 * is needed, else computed in BigInt for that chunk. A result past the 64-bit range, or an unsigned value
 * past 2^63 − 1, is NULL and flagged in `bad`; −2^63 is LONG's NULL, as it is on disk.
 */
import { Data, DataType, Type } from 'apache-arrow';
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { longDouble, LONG_NEAR_NULL } from '../../core/data/exact-longs';
import { LONG_NULL, LONG_NULL_BIG, MAX_SAFE_LONG } from '../../core/data/null-values';
import type { ExactConverted } from './exact-columns';

/** How a source value becomes the column's unit: times `mul`, or floor-divided by `div` (one of them is 1; div ≤ 2^21). */
export interface LongScale {
  readonly mul: number;
  readonly div: number;
}

const TWO_32 = 4294967296;
const MIN_HI = -2147483648;
const MAX_LONG = 9223372036854775807n;
/** Nanoseconds per Arrow TimeUnit (SECOND 0, MILLISECOND 1, MICROSECOND 2, NANOSECOND 3). */
const UNIT_NANOS = [1e9, 1e6, 1e3, 1];
const DAY_NANOS = 86400e9;
const SAME: LongScale = { mul: 1, div: 1 };

/** Nanoseconds per unit of each temporal column type. */
function targetNanos(target: ColumnType): number | undefined {
  switch (target.tag) {
    case TypeTag.DATE: return 1e6;
    case TypeTag.TIMESTAMP: return 1e3;
    case TypeTag.TIMESTAMP_NS: return 1;
    default: return undefined;
  }
}

function ratio(fromNanos: number, toNanos: number): LongScale {
  return fromNanos >= toNanos ? { mul: fromNanos / toNanos, div: 1 } : { mul: 1, div: toNanos / fromNanos };
}

/**
 * The scale from an Arrow type to a LONG-family column, or undefined when this path does not take the pair:
 * timestamps into DATE, TIMESTAMP and TIMESTAMP_NS, dates into DATE and TIMESTAMP, 64-bit integers into LONG
 * and TIMESTAMP as they are, and into DATE as µs.
 */
export function longScale(t: DataType, target: ColumnType): LongScale | undefined {
  const to = targetNanos(target);
  switch (t.typeId) {
    case Type.Timestamp:
      return to === undefined ? undefined : ratio(UNIT_NANOS[(t as unknown as { unit: number }).unit], to);
    case Type.Date:
      if (to === undefined || target.tag === TypeTag.TIMESTAMP_NS) return undefined;
      return ratio((t as unknown as { unit: number }).unit === 0 ? DAY_NANOS : 1e6, to);
    case Type.Int:
      if ((t as unknown as { bitWidth: number }).bitWidth !== 64) return undefined;
      if (target.tag === TypeTag.LONG || target.tag === TypeTag.TIMESTAMP) return SAME;
      return target.tag === TypeTag.DATE ? { mul: 1, div: 1000 } : undefined;
    default:
      return undefined;
  }
}

/** The column chunk's values as a LONG-family vector of `type`, scaled by `scale` (from longScale). */
export function longVector(data: Data, n: number, type: ColumnType, scale: LongScale): ExactConverted {
  const t = data.type;
  const unsigned = t.typeId === Type.Int && !(t as unknown as { isSigned: boolean }).isSigned;
  // Only DATE in days has 32-bit values; the rest are int64, which apache-arrow may hold in any typed array.
  const wide = !(t.typeId === Type.Date && (t as unknown as { unit: number }).unit === 0);
  const values = data.values as Int32Array | BigInt64Array | BigUint64Array;
  const words = values instanceof Int32Array ? values : new Int32Array(values.buffer, values.byteOffset, values.byteLength >> 2);
  const o = data.offset;
  const bitmap = data.nullCount > 0 && data.nullBitmap && data.nullBitmap.length > 0 ? data.nullBitmap : undefined;
  const { mul, div } = scale;
  const out = new Float64Array(n);
  let beyond = false;
  for (let i = 0; i < n; i++) {
    const k = o + i;
    if (bitmap !== undefined && ((bitmap[k >> 3] >> (k & 7)) & 1) === 0) { out[i] = LONG_NULL; continue; }
    let y: number;
    if (!wide) {
      y = words[k] * mul;
    } else {
      const hi = unsigned ? words[2 * k + 1] >>> 0 : words[2 * k + 1];
      const lo = words[2 * k] >>> 0;
      if (div !== 1) {
        // floor((hi·2^32 + lo) / div) from the words: hi's remainder times 2^32 stays below 2^53 (div ≤ 2^21).
        const qHi = Math.floor(hi / div);
        y = qHi * TWO_32 + Math.floor(((hi - qHi * div) * TWO_32 + lo) / div);
      } else {
        const x = hi * TWO_32 + lo;
        // Beyond 2^53 the double is only the nearest one: the exact pass decides.
        if (x > MAX_SAFE_LONG || x < -MAX_SAFE_LONG) { beyond = true; out[i] = x; continue; }
        y = x * mul;
      }
    }
    if (y > MAX_SAFE_LONG || y < -MAX_SAFE_LONG) beyond = true;
    out[i] = y;
  }
  if (!beyond) return { vector: { type, data: out }, bad: undefined };
  if (mul === 1 && div === 1 && wide && !unsigned) return { vector: { type, data: out, exact: copiedLongs(data, n, words, bitmap, out) }, bad: undefined };
  return scaledLongs(data, n, type, scale, words, wide, unsigned, bitmap, out);
}

/**
 * The chunk's own int64 values as `exact` (one copy, no BigInt per row), nulls as LONG_NULL_BIG. A value
 * from −2^63 + 1 to −2^63 + 1024 has −2^63 as its nearest double: `out` takes LONG_NEAR_NULL for it instead.
 */
function copiedLongs(data: Data, n: number, words: Int32Array, bitmap: Uint8Array | undefined, out: Float64Array): BigInt64Array {
  const start = words.byteOffset + 8 * data.offset;
  const exact = start % 8 === 0
    ? new BigInt64Array(words.buffer, start, n).slice()
    : new BigInt64Array(new Uint8Array(words.buffer, start, 8 * n).slice().buffer);
  for (let i = 0; i < n; i++) {
    if (out[i] !== LONG_NULL) continue;
    const k = data.offset + i;
    if (bitmap !== undefined && ((bitmap[k >> 3] >> (k & 7)) & 1) === 0) exact[i] = LONG_NULL_BIG;
    else if (words[2 * k + 1] !== MIN_HI || words[2 * k] !== 0) out[i] = LONG_NEAR_NULL;
  }
  return exact;
}

/** The exact pass when values are scaled or unsigned: BigInt per row, for chunks that reach past 2^53 only. */
function scaledLongs(data: Data, n: number, type: ColumnType, scale: LongScale, words: Int32Array, wide: boolean,
  unsigned: boolean, bitmap: Uint8Array | undefined, out: Float64Array): ExactConverted {
  const mul = BigInt(scale.mul);
  const div = BigInt(scale.div);
  const exact = new BigInt64Array(n);
  let bad: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    const k = data.offset + i;
    if (bitmap !== undefined && ((bitmap[k >> 3] >> (k & 7)) & 1) === 0) { exact[i] = LONG_NULL_BIG; continue; }
    let v = wide
      ? (BigInt(unsigned ? words[2 * k + 1] >>> 0 : words[2 * k + 1]) << 32n) + BigInt(words[2 * k] >>> 0)
      : BigInt(words[k]);
    if (mul !== 1n) v *= mul;
    else if (div !== 1n) {
      const q = v / div;
      v = q * div > v ? q - 1n : q; // BigInt division truncates; floor as the double path does
    }
    if (v > MAX_LONG || v < LONG_NULL_BIG) {
      exact[i] = LONG_NULL_BIG;
      out[i] = LONG_NULL;
      (bad ??= new Uint8Array(n))[i] = 1;
      continue;
    }
    exact[i] = v;
    out[i] = longDouble(v);
  }
  return { vector: { type, data: out, exact }, bad };
}
