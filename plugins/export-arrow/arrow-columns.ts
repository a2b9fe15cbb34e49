/**
 * One svc vector (core/data/vector.ts) as Arrow data for one record batch. Fixed-width numbers are
 * handed over without a copy (Arrow reads the same little-endian arrays) plus a validity bitmap from the
 * null sentinels; 64-bit integers are converted into int64 words; strings keep their bytes and offsets,
 * which are already Arrow's layout. Types that travel as text are formatted here (arrow-field.ts).
 */
import { Data, DataType, Decimal, Field, List, makeData, Struct } from 'apache-arrow';
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { CHAR_NULL, GEOHASH_NULL, INT_NULL, IPV4_NULL, LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { geohashText, ipv4Text, long256Text } from '../export-csv/text-values';
import { decimalColumn } from './decimal-values';
import { int64Values } from './int64-values';
import { SymbolDictionary } from './symbol-dictionary';
import { flagValidity, nanValidity, predicateValidity, sentinelValidity, Validity } from './validity';

const EMPTY = new Uint8Array(0);

function fixed(type: DataType, n: number, data: ArrayLike<number> | BigInt64Array | Uint8Array, validity: Validity): Data {
  return makeData({ type, length: n, nullCount: validity.nullCount, nullBitmap: validity.bitmap, data } as never);
}

/** Bit-packed booleans (BOOLEAN has no null). */
function booleans(type: DataType, v: Vector, n: number): Data {
  const d = v.data;
  const bits = new Uint8Array((n + 7) >> 3);
  for (let i = 0; i < n; i++) if (d[i] !== 0) bits[i >> 3] |= 1 << (i & 7);
  return fixed(type, n, bits, { nullCount: 0, bitmap: undefined });
}

function utf8FromStrings(type: DataType, n: number, text: (i: number) => string | undefined): Data {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = new Array<Uint8Array>(n);
  const offsets = new Int32Array(n + 1);
  const isNull = new Uint8Array(n);
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const s = text(i);
    if (s === undefined) isNull[i] = 1;
    const b = s === undefined ? EMPTY : encoder.encode(s);
    parts[i] = b;
    bytes += b.length;
    offsets[i + 1] = bytes;
  }
  const values = new Uint8Array(bytes);
  for (let i = 0; i < n; i++) values.set(parts[i], offsets[i]);
  const validity = flagValidity(isNull, n);
  return makeData({ type, length: n, nullCount: validity.nullCount, nullBitmap: validity.bitmap, valueOffsets: offsets, data: values } as never);
}

function bytesColumn(type: DataType, v: Vector, n: number): Data {
  const offsets = v.offsets as Int32Array;
  const validity = flagValidity(v.nulls, n);
  return makeData({
    type, length: n, nullCount: validity.nullCount, nullBitmap: validity.bitmap,
    valueOffsets: offsets.subarray(0, n + 1), data: v.data as Uint8Array,
  } as never);
}

/** UUID rows (lo long, hi long, little-endian) as the canonical 16 big-endian bytes. */
function uuids(type: DataType, v: Vector, n: number): Data {
  const src = v.data as Uint8Array;
  const out = new Uint8Array(n * 16);
  const words = new DataView(src.buffer, src.byteOffset, src.byteLength);
  const validity = predicateValidity(n, (i) => words.getBigInt64(i * 16, true) === LONG_NULL_BIG && words.getBigInt64(i * 16 + 8, true) === LONG_NULL_BIG);
  for (let i = 0; i < n; i++) {
    const o = i * 16;
    for (let k = 0; k < 8; k++) { out[o + k] = src[o + 15 - k]; out[o + 8 + k] = src[o + 7 - k]; }
  }
  return fixed(type, n, out, validity);
}

function intervals(type: Struct, v: Vector, n: number): Data {
  const d = v.data;
  const lo = new Float64Array(n);
  const hi = new Float64Array(n);
  for (let i = 0; i < n; i++) { lo[i] = d[2 * i]; hi[i] = d[2 * i + 1]; }
  const validity = sentinelValidity(lo, n, LONG_NULL);
  const child = (f: Field, values: Float64Array): Data =>
    fixed(f.type, n, int64Values({ type: v.type, data: values }, n), validity);
  return makeData({
    type, length: n, nullCount: validity.nullCount, nullBitmap: validity.bitmap,
    children: [child(type.children[0], lo), child(type.children[1], hi)],
  });
}

/** ARRAY rows as nested lists, one level per dimension, from the flat elements and each row's shape. */
function arrays(type: DataType, v: Vector, n: number): Data {
  const dims = v.type.dims ?? 1;
  const elements = v.data as Float64Array;
  const rowOffsets = v.offsets as Int32Array;
  const validity = flagValidity(v.nulls, n);
  const first = rowOffsets[0];
  const last = rowOffsets[n];
  const leaf = elements.subarray(first, last);
  const levelTypes: DataType[] = [];
  for (let t: DataType = type; t instanceof List; t = t.children[0].type) levelTypes.push(t);
  // The elements are the innermost list's children (a DOUBLE[][]'s are list<list<float64>>'s float64s).
  let data: Data = fixed((levelTypes[levelTypes.length - 1] as List).children[0].type, leaf.length, leaf, nanValidity(leaf, leaf.length));
  if (dims === 1) {
    const offsets = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) offsets[i] = rowOffsets[i] - first;
    return makeData({ type: type as List, length: n, nullCount: validity.nullCount, nullBitmap: validity.bitmap, valueOffsets: offsets, child: data });
  }
  // Level k (innermost first) groups the entries of level k+1 by the row shapes' extents.
  const shapes = v.shapes as Int32Array;
  for (let level = dims - 1; level >= 0; level--) {
    const offsets: number[] = [0];
    for (let i = 0; i < n; i++) {
      if (v.nulls?.[i] === 1) { if (level === 0) offsets.push(offsets[offsets.length - 1]); continue; }
      let groups = 1;
      for (let k = 0; k < level; k++) groups *= shapes[i * dims + k];
      const extent = shapes[i * dims + level];
      for (let g = 0; g < groups; g++) offsets.push(offsets[offsets.length - 1] + extent);
    }
    const count = offsets.length - 1;
    const levelValidity = level === 0 ? validity : { nullCount: 0, bitmap: undefined };
    data = makeData({
      type: levelTypes[level] as List, length: count, nullCount: levelValidity.nullCount, nullBitmap: levelValidity.bitmap,
      valueOffsets: Int32Array.from(offsets), child: data,
    });
  }
  return data;
}

/** Arrow data of the first `n` rows of `v`, of the field type `arrowType(v.type)` (or `dictionary`'s). */
export function arrowColumn(type: DataType, v: Vector, n: number, dictionary: SymbolDictionary | undefined): Data {
  const t: ColumnType = v.type;
  const d = v.data;
  switch (t.tag) {
    case TypeTag.BOOLEAN: return booleans(type, v, n);
    case TypeTag.BYTE: case TypeTag.SHORT: return fixed(type, n, d.subarray(0, n), { nullCount: 0, bitmap: undefined });
    case TypeTag.INT: return fixed(type, n, d.subarray(0, n), sentinelValidity(d, n, INT_NULL));
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return fixed(type, n, d.subarray(0, n), nanValidity(d as Float64Array, n));
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS:
      return fixed(type, n, int64Values(v, n), v.exact
        ? predicateValidity(n, (i) => (v.exact as BigInt64Array)[i] === LONG_NULL_BIG)
        : sentinelValidity(d, n, LONG_NULL));
    case TypeTag.SYMBOL:
      if (!dictionary) throw new Error('a SYMBOL column needs its dictionary');
      return dictionary.column(v, n);
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return bytesColumn(type, v, n);
    case TypeTag.CHAR: return utf8FromStrings(type, n, (i) => (d[i] === CHAR_NULL ? undefined : String.fromCharCode(d[i])));
    case TypeTag.IPV4: return utf8FromStrings(type, n, (i) => (d[i] === IPV4_NULL ? undefined : ipv4Text(d[i])));
    case TypeTag.LONG256: return utf8FromStrings(type, n, (i) => long256Text(v, i));
    // Above 53 bits the hash is exact only in `exact` (the doubles lose its last bits).
    case TypeTag.GEOHASH: return utf8FromStrings(type, n, (i) => (d[i] === GEOHASH_NULL ? undefined : geohashText(t, v.exact ? v.exact[i] : d[i])));
    case TypeTag.UUID: return uuids(type, v, n);
    case TypeTag.DECIMAL: return decimalColumn(type, v, n, (type as Decimal).bitWidth);
    case TypeTag.INTERVAL: return intervals(type as Struct, v, n);
    case TypeTag.ARRAY: return arrays(type, v, n);
    case TypeTag.NULL: return makeData({ type: type as never, length: n, nullCount: n });
  }
}
