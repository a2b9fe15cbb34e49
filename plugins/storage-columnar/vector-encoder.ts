/**
 * In-memory vectors (core/data/vector.ts) to on-disk bytes: little-endian, nulls as
 * the type's sentinel. LONG/DATE/TIMESTAMP arrive as doubles of integer values (or `exact` int64s) and are
 * stored as int64; GEOHASH arrives as doubles and is stored in 1, 2, 4 or 8 bytes by precision.
 */
import { ColumnType, TypeTag, fixedSize, isInt64 } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { appendArrayRows } from './array-codec';
import { RawColumn } from './raw-column';

const TWO_32 = 4294967296;

/** Bytes per row on disk; 0 for var-size. Throws for types a table cannot hold. */
export function storedWidth(t: ColumnType): number {
  switch (t.tag) {
    case TypeTag.ARRAY:
      if ((t.elem ?? TypeTag.DOUBLE) === TypeTag.DOUBLE) return 0;
      throw SvcError.badRequest(`unsupported column type for a table column [type=${TypeTag[t.elem ?? TypeTag.LONG]}[]]`);
    case TypeTag.NULL: case TypeTag.INTERVAL:
      throw SvcError.badRequest(`unsupported column type for a table column [type=${TypeTag[t.tag]}]`);
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return 0;
    default: return fixedSize(t);
  }
}

/** The null value of a fixed-width type as stored bytes. */
export function nullPattern(t: ColumnType): Uint8Array {
  const w = storedWidth(t);
  const b = new Uint8Array(Math.max(w, 1));
  const dv = new DataView(b.buffer);
  switch (t.tag) {
    case TypeTag.INT: dv.setInt32(0, -2147483648, true); break;
    case TypeTag.SYMBOL: dv.setInt32(0, -1, true); break;
    case TypeTag.FLOAT: dv.setFloat32(0, NaN, true); break;
    case TypeTag.DOUBLE: dv.setFloat64(0, NaN, true); break;
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: case TypeTag.UUID: case TypeTag.LONG256:
      for (let o = 0; o < w; o += 8) dv.setInt32(o + 4, -2147483648, true);
      break;
    case TypeTag.GEOHASH: b.fill(0xff); break;
    case TypeTag.DECIMAL: b[31] = 0x80; break;
    default: break;
  }
  return b;
}

/** Writes doubles holding integers as int64 pairs (lo, hi) into `dst` from word `at`. */
export function doublesToInt64(src: Float64Array | FloatLike, lo: number, hi: number, dst: Int32Array, at: number): void {
  for (let i = lo, o = at; i < hi; i++, o += 2) {
    const x = src[i];
    const h = Math.floor(x / TWO_32);
    dst[o] = (x - h * TWO_32) | 0;
    dst[o + 1] = h | 0;
  }
}

interface FloatLike { readonly [i: number]: number }

/**
 * Appends rows `lo..hi` of `v` to `dest`. `keys` replaces SYMBOL keys (already re-interned by the writer).
 */
export function appendVector(t: ColumnType, v: Vector, lo: number, hi: number, dest: RawColumn, keys?: Int32Array): void {
  const n = hi - lo;
  if (n <= 0) return;
  if (dest.isVar) {
    if (t.tag === TypeTag.ARRAY) appendArrayRows(t, v, lo, hi, dest);
    else appendVarRows(v, lo, hi, dest);
    return;
  }
  const w = dest.width;
  dest.reserve(n);
  const at = dest.byteLength;
  if (isInt64(t) || (t.tag === TypeTag.GEOHASH && w === 8)) {
    const words = new Int32Array(dest.bytes.buffer, 0, dest.bytes.length >> 2);
    if (v.exact) {
      dest.bytes.set(new Uint8Array(v.exact.buffer, v.exact.byteOffset + lo * 8, n * 8), at);
    } else {
      doublesToInt64(v.data, lo, hi, words, at >> 2);
    }
  } else if (t.tag === TypeTag.GEOHASH) {
    const d = w === 1 ? new Int8Array(dest.bytes.buffer, at, n) : w === 2 ? new Int16Array(dest.bytes.buffer, at, n) : new Int32Array(dest.bytes.buffer, at, n);
    const s = v.data;
    for (let i = 0; i < n; i++) d[i] = s[lo + i];
  } else if (keys) {
    dest.bytes.set(new Uint8Array(keys.buffer, keys.byteOffset, n * 4), at);
  } else {
    // Same layout in memory and on disk (vector.ts): a byte copy keeps every bit, NaN payloads included.
    const d = v.data;
    dest.bytes.set(new Uint8Array(d.buffer, d.byteOffset + lo * w, n * w), at);
  }
  dest.byteLength = at + n * w;
  dest.rows += n;
}

function appendVarRows(v: Vector, lo: number, hi: number, dest: RawColumn): void {
  const offsets = v.offsets;
  if (!offsets) throw new Error('var-size vector without offsets');
  const start = offsets[lo];
  const end = offsets[hi];
  const n = hi - lo;
  dest.reserve(n, end - start);
  const data = v.data as Uint8Array;
  dest.bytes.set(data.subarray(start, end), dest.byteLength);
  const ends = dest.ends as Float64Array;
  const shift = dest.byteLength - start;
  const nulls = v.nulls;
  for (let i = 0; i < n; i++) {
    const e = offsets[lo + i + 1] + shift;
    ends[dest.rows + i] = nulls !== undefined && nulls[lo + i] === 1 ? -(e + 1) : e;
  }
  dest.byteLength += end - start;
  dest.rows += n;
}
