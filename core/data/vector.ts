/**
 * A column of values in memory: a typed array plus, for some types, side arrays. The layout per type
 * (nulls are the sentinels of null-values.ts, as on disk):
 *
 * | Type | `data` | null |
 * |---|---|---|
 * | BOOLEAN | Uint8Array 0/1 | (none) |
 * | BYTE / SHORT | Int8Array / Int16Array | (none) |
 * | CHAR | Uint16Array (UTF-16 unit) | 0 |
 * | INT | Int32Array | INT_NULL |
 * | IPV4 | Int32Array (the address's 32 bits) | 0 |
 * | SYMBOL | Int32Array keys into `symbols` | -1 |
 * | FLOAT / DOUBLE | Float32Array / Float64Array | NaN |
 * | LONG / DATE / TIMESTAMP / TIMESTAMP_NS | Float64Array of the integer value (µs for TIMESTAMP, ns for TIMESTAMP_NS, ms for DATE); `exact` holds all values when one exceeds 2^53 (core/data/exact-longs.ts) | LONG_NULL |
 * | GEOHASH | Float64Array of the hash bits | -1 |
 * | UUID | Uint8Array, 16 bytes per row (lo long, hi long, little-endian) | both longs LONG_NULL |
 * | LONG256 | Uint8Array, 32 bytes per row (4 longs, least significant first) | all four LONG_NULL |
 * | DECIMAL | Uint8Array, 32 bytes per row: the unscaled value, 256-bit two's complement, little-endian (decimal.ts) | -2^255 |
 * | INTERVAL | Float64Array, 2 per row (lo, hi µs) | lo LONG_NULL |
 * | STRING / VARCHAR | Uint8Array UTF-8 bytes; row i is `data[offsets[i]..offsets[i+1])` | `nulls[i] === 1` |
 * | BINARY | Uint8Array bytes, same layout | `nulls[i] === 1` |
 * | ARRAY | Float64Array elements; `offsets` in elements; `shapes` dims per row | `nulls[i] === 1` |
 * | NULL | Uint8Array (ignored) | always null |
 *
 * Vectors from storage are views on cached column files: never write to them.
 */
import { ColumnType, TypeTag } from './column-type';
import { SymbolTable } from './symbol-table';

export type FixedArray = Uint8Array | Int8Array | Int16Array | Uint16Array | Int32Array | Float32Array | Float64Array;

export interface Vector {
  readonly type: ColumnType;
  readonly data: FixedArray;
  /** Var-size types: n + 1 offsets into `data`. */
  readonly offsets?: Int32Array;
  /** Var-size types: 1 marks a null row; absent when no row is null. */
  readonly nulls?: Uint8Array;
  /** SYMBOL: the dictionary the keys refer to. */
  readonly symbols?: SymbolTable;
  /** LONG family: exact values, present only when some magnitude exceeds 2^53. */
  readonly exact?: BigInt64Array;
  /** ARRAY: `dims` extents per row (row-major), absent for 1-dimensional arrays. */
  readonly shapes?: Int32Array;
}

/** The bytes a vector's arrays span (its views' lengths, not the buffers they are cut from). */
export function vectorBytes(v: Vector): number {
  return v.data.byteLength + (v.offsets?.byteLength ?? 0) + (v.nulls?.byteLength ?? 0) + (v.exact?.byteLength ?? 0);
}

/** Bytes per row in `data` for fixed types held as Uint8Array rows (UUID 16, LONG256 32), else 1 element. */
export function elementsPerRow(t: ColumnType): number {
  switch (t.tag) {
    case TypeTag.UUID: return 16;
    case TypeTag.LONG256: case TypeTag.DECIMAL: return 32;
    case TypeTag.INTERVAL: return 2;
    default: return 1;
  }
}

/** A new zero-filled typed array of the in-memory kind for `t` with room for `rows` fixed values. */
export function allocateData(t: ColumnType, rows: number): FixedArray {
  switch (t.tag) {
    case TypeTag.BOOLEAN: case TypeTag.NULL: return new Uint8Array(rows);
    case TypeTag.BYTE: return new Int8Array(rows);
    case TypeTag.SHORT: return new Int16Array(rows);
    case TypeTag.CHAR: return new Uint16Array(rows);
    case TypeTag.INT: case TypeTag.IPV4: case TypeTag.SYMBOL: return new Int32Array(rows);
    case TypeTag.FLOAT: return new Float32Array(rows);
    case TypeTag.DOUBLE: case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: case TypeTag.GEOHASH:
      return new Float64Array(rows);
    case TypeTag.UUID: return new Uint8Array(rows * 16);
    case TypeTag.LONG256: case TypeTag.DECIMAL: return new Uint8Array(rows * 32);
    case TypeTag.INTERVAL: return new Float64Array(rows * 2);
    case TypeTag.ARRAY: return new Float64Array(rows);
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return new Uint8Array(rows);
  }
}

/** Number of rows a vector holds. */
export function vectorLength(v: Vector): number {
  if (v.offsets) return v.offsets.length - 1;
  return v.data.length / elementsPerRow(v.type);
}
