/**
 * On-disk column bytes to in-memory vectors (core/data/vector.ts). Types whose memory layout equals the
 * disk layout become views on the file bytes (zero copy); LONG/DATE/TIMESTAMP and GEOHASH are converted
 * to doubles once, and `exact` is a view on the int64s when some magnitude reaches 2^53. Rows before a
 * column's top (added after the partition had rows) read as null.
 */
import { ColumnType, TypeTag, isInt64 } from '../../core/data/column-type';
import { FixedArray, Vector, allocateData } from '../../core/data/vector';
import { LONG_NEAR_NULL } from '../../core/data/exact-longs';
import { LONG_NULL } from '../../core/data/null-values';
import { decodeArrayColumn } from './array-codec';
import { nullPattern } from './vector-encoder';
import { sharedBuffer } from '../../core/data/shared-buffers';

const TWO_32 = 4294967296;
/** int64 hi word limits of ±2^53: beyond them a double no longer holds every integer. */
const SAFE_HI = 2097152;

/** Decoded arrays live on SharedArrayBuffers, like file bytes, so a worker pool can scan them without copies. */
function sharedFloat64(n: number): Float64Array {
  return new Float64Array(sharedBuffer(n * 8));
}

function view(t: ColumnType, b: Uint8Array, rows: number): FixedArray {
  switch (t.tag) {
    case TypeTag.BOOLEAN: case TypeTag.UUID: case TypeTag.LONG256: case TypeTag.DECIMAL: return b;
    case TypeTag.BYTE: return new Int8Array(b.buffer, b.byteOffset, rows);
    case TypeTag.SHORT: return new Int16Array(b.buffer, b.byteOffset, rows);
    case TypeTag.CHAR: return new Uint16Array(b.buffer, b.byteOffset, rows);
    case TypeTag.INT: case TypeTag.IPV4: case TypeTag.SYMBOL: return new Int32Array(b.buffer, b.byteOffset, rows);
    case TypeTag.FLOAT: return new Float32Array(b.buffer, b.byteOffset, rows);
    case TypeTag.DOUBLE: return new Float64Array(b.buffer, b.byteOffset, rows);
    default: throw new Error(`no direct view for ${TypeTag[t.tag]}`);
  }
}

/** `bytes` holds rows `top..rows` (width bytes each), starting at an aligned offset. */
export function decodeFixed(t: ColumnType, width: number, bytes: Uint8Array, rows: number, top: number): Vector {
  if (top > 0) {
    // Materialise the nulls before the top once; the result is cached like any column.
    const full = new Uint8Array(sharedBuffer(rows * width));
    const pattern = nullPattern(t);
    for (let i = 0; i < top; i++) full.set(pattern, i * width);
    full.set(bytes.subarray(0, (rows - top) * width), top * width);
    return decodeFixed(t, width, full, rows, 0);
  }
  if (isInt64(t)) return decodeInt64(t, bytes, rows);
  if (t.tag === TypeTag.GEOHASH) return decodeGeohash(t, width, bytes, rows);
  return { type: t, data: view(t, bytes, rows) };
}

function decodeInt64(t: ColumnType, bytes: Uint8Array, rows: number): Vector {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, rows * 2);
  const out = sharedFloat64(rows);
  let big = false;
  for (let i = 0, o = 0; i < rows; i++, o += 2) {
    const hi = words[o + 1];
    const lo = words[o];
    out[i] = hi * TWO_32 + (lo >>> 0);
    if ((hi >= SAFE_HI || hi < -SAFE_HI) && !(hi === -2147483648 && lo === 0)) {
      big = true;
      // −2^63 + 1 … −2^63 + 1024 round to −2^63, LONG_NULL: keep them apart from NULL (exact-longs.ts).
      if (out[i] === LONG_NULL) out[i] = LONG_NEAR_NULL;
    }
  }
  return big ? { type: t, data: out, exact: new BigInt64Array(bytes.buffer, bytes.byteOffset, rows) } : { type: t, data: out };
}

/** GEOHASH bits as doubles; above 53 bits of precision the int64s are kept as `exact` too (exact-longs.ts). */
function decodeGeohash(t: ColumnType, width: number, bytes: Uint8Array, rows: number): Vector {
  const out = sharedFloat64(rows);
  if (width === 8) {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, rows * 2);
    for (let i = 0; i < rows; i++) out[i] = words[2 * i + 1] * TWO_32 + (words[2 * i] >>> 0);
    return (t.bits ?? 0) > 53 ? { type: t, data: out, exact: new BigInt64Array(bytes.buffer, bytes.byteOffset, rows) } : { type: t, data: out };
  }
  const src = width === 1 ? new Int8Array(bytes.buffer, bytes.byteOffset, rows)
    : width === 2 ? new Int16Array(bytes.buffer, bytes.byteOffset, rows) : new Int32Array(bytes.buffer, bytes.byteOffset, rows);
  for (let i = 0; i < rows; i++) out[i] = src[i];
  return { type: t, data: out };
}

/**
 * Var-size: `data` is the `.d` heap, `index` the `.i` int64 encoded ends of rows `top..rows`
 * (see raw-column.ts). Offsets are rebuilt as Int32Array (n + 1), nulls only when some row is null.
 */
export function decodeVar(t: ColumnType, data: Uint8Array, index: Uint8Array, rows: number, top: number): Vector {
  const words = new Int32Array(index.buffer, index.byteOffset, (rows - top) * 2);
  if (t.tag === TypeTag.ARRAY) {
    const ends = new Float64Array(rows - top);
    for (let i = 0; i < rows - top; i++) ends[i] = words[2 * i + 1] * TWO_32 + (words[2 * i] >>> 0);
    return decodeArrayColumn(t, data, ends, rows, top);
  }
  const offsets = new Int32Array(sharedBuffer((rows + 1) * 4));
  let nulls: Uint8Array | undefined;
  if (top > 0) {
    nulls = new Uint8Array(rows);
    nulls.fill(1, 0, top);
  }
  for (let i = top, o = 0; i < rows; i++, o += 2) {
    const v = words[o + 1] * TWO_32 + (words[o] >>> 0);
    if (v >= 0) {
      offsets[i + 1] = v;
    } else {
      offsets[i + 1] = -v - 1;
      if (!nulls) nulls = new Uint8Array(rows);
      nulls[i] = 1;
    }
  }
  return { type: t, data, offsets, nulls };
}

/** An all-null vector (a column added after this partition was written, or an empty result). */
export function nullVector(t: ColumnType, width: number, rows: number): Vector {
  if (width === 0) {
    const nulls = new Uint8Array(rows);
    nulls.fill(1);
    const data = t.tag === TypeTag.ARRAY ? new Float64Array(0) : new Uint8Array(0);
    return { type: t, data, offsets: new Int32Array(rows + 1), nulls };
  }
  if (rows === 0) return { type: t, data: allocateData(t, 0) };
  return decodeFixed(t, width, new Uint8Array(0), rows, rows);
}
