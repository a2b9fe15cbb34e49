/**
 * Turns one Arrow column of a decoded row group into the table column's vector (core/data/vector.ts):
 * numbers, timestamps and booleans straight from the Arrow arrays (int64 read as two 32-bit words, no BigInt
 * per value; LONG, DATE, TIMESTAMP and TIMESTAMP_NS exact beyond 2^53, long-columns.ts), strings by copying their bytes and offsets, and every other target type (SYMBOL, CHAR, IPv4,
 * UUID, LONG256, text timestamps, text into numbers) through the CSV import's column sinks, so a value
 * converts exactly as it would from CSV. A value that does not fit its column (3000000000 into an INT, text
 * that is no IPv4) becomes NULL and is flagged in `bad`, for the caller's `atomicity` rule.
 */
import { Data, Field, Type } from 'apache-arrow';
import { ColumnType, TypeTag, typeName } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { allocateData, Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { ImportColumn } from '../../core/extension/import-format';
import { timestampPattern } from '../../core/time/timestamp-pattern';
import { ColumnSink } from '../import-delimited/column-sink';
import { createSink } from '../import-delimited/create-sink';
import { DATE_FORMATS, TIMESTAMP_FORMATS } from '../import-delimited/detect-types';
import { arrayVector, listDepth } from './array-columns';
import { numberReader, NumberReader } from './arrow-numbers';
import { decimalFromText, decimalVector } from './exact-columns';
import { longScale, longVector } from './long-columns';

export interface Converted {
  readonly vector: Vector;
  /** 1 for each row whose value did not convert (it is NULL in `vector`); undefined when none failed. */
  readonly bad: Uint8Array | undefined;
}

const ALL_FORMATS = [...DATE_FORMATS, ...TIMESTAMP_FORMATS];
const encoder = new TextEncoder();

/**
 * Row `i`'s null test for one column chunk, its bitmap looked up once (apache-arrow's `nullCount` getter is
 * not free): undefined when no row is null.
 */
type NullTest = ((i: number) => boolean) | undefined;

function nullTest(data: Data): NullTest {
  if (data.typeId === Type.Null) return () => true;
  if (data.nullCount === 0) return undefined;
  const bitmap = data.nullBitmap;
  if (!bitmap || bitmap.length === 0) return undefined;
  const o = data.offset;
  return (i) => ((bitmap[(o + i) >> 3] >> ((o + i) & 7)) & 1) === 0;
}

export class ArrowColumnConverter {
  private sink: ColumnSink | undefined;
  private readonly symbolKeys = new Map<Data, Int32Array>();

  constructor(private readonly column: ImportColumn, private readonly field: Field, private readonly capacity: number) {}

  private textSink(): ColumnSink {
    this.sink ??= createSink(this.column.type, this.capacity, {
      patterns: (this.column.patterns.length > 0 ? this.column.patterns : ALL_FORMATS).map(timestampPattern),
      symbols: this.column.symbols,
    });
    return this.sink;
  }

  /** Throws (before any row is appended) when the file's type cannot become the column's. */
  check(): void {
    const t = this.field.type;
    const target = this.column.type;
    if (t.typeId === Type.Null || t.typeId === Type.Utf8 || t.typeId === Type.LargeUtf8) return;
    if (t.typeId === Type.Dictionary && (target.tag === TypeTag.SYMBOL || target.tag === TypeTag.VARCHAR || target.tag === TypeTag.STRING)) return;
    if (isNumberTarget(target) && numberReader(t) !== undefined) return;
    if (longScale(t, target) !== undefined) return;
    if (target.tag === TypeTag.DECIMAL && (t.typeId === Type.Decimal || t.typeId === Type.Dictionary)) return;
    if (target.tag === TypeTag.BOOLEAN && t.typeId === Type.Bool) return;
    if (target.tag === TypeTag.BINARY && (t.typeId === Type.Binary || t.typeId === Type.LargeBinary || t.typeId === Type.FixedSizeBinary)) return;
    if (target.tag === TypeTag.UUID && t.typeId === Type.FixedSizeBinary && (t as unknown as { byteWidth: number }).byteWidth === 16) return;
    if ((target.tag === TypeTag.VARCHAR || target.tag === TypeTag.STRING || target.tag === TypeTag.SYMBOL) && numberReader(t)) return;
    if (target.tag === TypeTag.ARRAY && listDepth(t) === (target.dims ?? 1)) return;
    throw SvcError.badRequest(`cannot import Parquet column ${this.field.name} of type ${String(t)} into column ${this.column.name} of type ${typeName(target)}`);
  }

  convert(data: Data, n: number): Converted {
    const t = data.type;
    const target = this.column.type;
    if (t.typeId === Type.Null) return this.viaSink(n, () => -1);
    if ((t.typeId === Type.Utf8 || t.typeId === Type.Dictionary) && target.tag === TypeTag.DECIMAL) return decimalFromText(data, n, target);
    if (t.typeId === Type.Utf8 || t.typeId === Type.Binary) {
      if (target.tag === TypeTag.VARCHAR || target.tag === TypeTag.STRING || target.tag === TypeTag.BINARY) return { vector: bytesVector(data, n, target), bad: undefined };
      return this.textViaSink(data, n);
    }
    if (t.typeId === Type.Dictionary) return this.dictionary(data, n);
    if (target.tag === TypeTag.ARRAY) return arrayVector(data, n, target, target.dims ?? 1);
    const scale = longScale(t, target);
    if (scale !== undefined) return longVector(data, n, target, scale);
    if (target.tag === TypeTag.DECIMAL && t.typeId === Type.Decimal) return decimalVector(data, n, target);
    if (target.tag === TypeTag.BOOLEAN && t.typeId === Type.Bool) return { vector: booleanVector(data, n, target), bad: undefined };
    if (target.tag === TypeTag.UUID) return { vector: uuidVector(data, n, target), bad: undefined };
    if (target.tag === TypeTag.BINARY) return { vector: fixedBinaryVector(data, n, target), bad: undefined };
    const read = numberReader(t);
    if (!read) throw new Error(`unchecked conversion ${String(t)} -> ${typeName(target)}`);
    if (isNumberTarget(target)) return numberVector(data, n, target, read);
    // Numbers into text columns: their shortest decimal text.
    const at = read(data);
    return this.viaSink(n, (i) => i, undefined, undefined, undefined, (i) => encoder.encode(String(at(i))), data);
  }

  /** Strings through the CSV sink of the column type, one call per row straight from the Arrow buffers. */
  private textViaSink(data: Data, n: number): Converted {
    const sink = this.textSink();
    const values = data.values as Uint8Array;
    const offsets = data.valueOffsets as Int32Array;
    const o = data.offset;
    const isNull = nullTest(data);
    let bad: Uint8Array | undefined;
    for (let i = 0; i < n; i++) {
      if (isNull !== undefined && isNull(i)) { sink.appendNull(); continue; }
      if (sink.append(values, offsets[o + i], offsets[o + i + 1])) continue;
      sink.appendNull();
      (bad ??= new Uint8Array(n))[i] = 1;
    }
    return { vector: sink.build(), bad };
  }

  /** Per-row conversion through the CSV sink of the column type; `bytes(i)` or the [start, end) of `values`. */
  private viaSink(n: number, rowOf: (i: number) => number, values?: Uint8Array, start?: (i: number) => number,
    end?: (i: number) => number, bytes?: (i: number) => Uint8Array, source?: Data): Converted {
    const sink = this.textSink();
    let bad: Uint8Array | undefined;
    const isNull = source === undefined ? undefined : nullTest(source);
    for (let i = 0; i < n; i++) {
      const r = rowOf(i);
      if (r < 0 || (isNull !== undefined && isNull(i))) { sink.appendNull(); continue; }
      let ok: boolean;
      if (bytes) { const b = bytes(r); ok = sink.append(b, 0, b.length); } else ok = sink.append(values as Uint8Array, (start as (i: number) => number)(r), (end as (i: number) => number)(r));
      if (!ok) { sink.appendNull(); (bad ??= new Uint8Array(n))[i] = 1; }
    }
    return { vector: sink.build(), bad };
  }

  private dictionary(data: Data, n: number): Converted {
    const dict = data.dictionary?.data[0];
    if (!dict) return this.viaSink(n, () => -1);
    const indices = data.values as Int32Array | Int16Array | Int8Array | Uint32Array;
    const values = dict.values as Uint8Array;
    const offsets = dict.valueOffsets as Int32Array;
    const symbols = this.column.symbols;
    if (this.column.type.tag !== TypeTag.SYMBOL || !symbols) {
      const isNull = nullTest(data);
    return this.viaSink(n, (i) => (isNull !== undefined && isNull(i) ? -1 : indices[data.offset + i]), values, (k) => offsets[dict.offset + k], (k) => offsets[dict.offset + k + 1]);
    }
    let keys = this.symbolKeys.get(dict);
    if (!keys) {
      keys = new Int32Array(dict.length);
      const decoder = new TextDecoder();
      const entryIsNull = nullTest(dict);
      for (let k = 0; k < dict.length; k++) {
        keys[k] = entryIsNull !== undefined && entryIsNull(k) ? -1 : symbols.intern(decoder.decode(values.subarray(offsets[dict.offset + k], offsets[dict.offset + k + 1])));
      }
      this.symbolKeys.set(dict, keys);
    }
    const out = new Int32Array(n);
    const isNull = nullTest(data);
    for (let i = 0; i < n; i++) out[i] = isNull !== undefined && isNull(i) ? -1 : keys[indices[data.offset + i]];
    return { vector: { type: this.column.type, data: out, symbols }, bad: undefined };
  }
}

function isNumberTarget(t: ColumnType): boolean {
  return t.tag === TypeTag.BYTE || t.tag === TypeTag.SHORT || t.tag === TypeTag.INT || t.tag === TypeTag.LONG
    || t.tag === TypeTag.FLOAT || t.tag === TypeTag.DOUBLE;
}

/** 1 per null row, or undefined when none is (var-size vectors' `nulls`). */
function nullFlags(data: Data, n: number): Uint8Array | undefined {
  const isNull = nullTest(data);
  if (isNull === undefined) return undefined;
  const flags = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (isNull(i)) flags[i] = 1;
  return flags;
}

function bytesVector(data: Data, n: number, type: ColumnType): Vector {
  const offsets = data.valueOffsets as Int32Array;
  const first = offsets[data.offset];
  const out = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) out[i] = offsets[data.offset + i] - first;
  // A view of the batch's bytes, not a copy: the writer copies them into its pending rows.
  return { type, data: (data.values as Uint8Array).subarray(first, first + out[n]), offsets: out, nulls: nullFlags(data, n) };
}

function booleanVector(data: Data, n: number, type: ColumnType): Vector {
  const bits = data.values as Uint8Array;
  const out = new Uint8Array(n);
  const isNull = nullTest(data);
  for (let i = 0; i < n; i++) {
    const k = data.offset + i;
    out[i] = isNull !== undefined && isNull(i) ? 0 : (bits[k >> 3] >> (k & 7)) & 1;
  }
  return { type, data: out };
}

/** Canonical big-endian UUID bytes → svc's (lo long, hi long) little-endian rows; NULL as both longs LONG_NULL. */
function uuidVector(data: Data, n: number, type: ColumnType): Vector {
  const src = data.values as Uint8Array;
  const out = allocateData(type, n) as Uint8Array;
  const view = new DataView(out.buffer);
  const isNull = nullTest(data);
  for (let i = 0; i < n; i++) {
    const o = i * 16;
    if (isNull !== undefined && isNull(i)) { view.setBigInt64(o, LONG_NULL_BIG, true); view.setBigInt64(o + 8, LONG_NULL_BIG, true); continue; }
    const s = (data.offset + i) * 16;
    for (let k = 0; k < 8; k++) { out[o + k] = src[s + 15 - k]; out[o + 8 + k] = src[s + 7 - k]; }
  }
  return { type, data: out };
}

function fixedBinaryVector(data: Data, n: number, type: ColumnType): Vector {
  if (data.valueOffsets) return bytesVector(data, n, type);
  const width = (data.type as unknown as { byteWidth: number }).byteWidth;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) offsets[i] = i * width;
  const bytes = (data.values as Uint8Array).slice(data.offset * width, (data.offset + n) * width);
  return { type, data: bytes, offsets, nulls: nullFlags(data, n) };
}

const RANGES: Partial<Record<TypeTag, readonly [number, number]>> = {
  [TypeTag.BYTE]: [-128, 127], [TypeTag.SHORT]: [-32768, 32767], [TypeTag.INT]: [INT_NULL + 1, 2147483647],
};

/**
 * Numbers into a numeric column: NULL as the type's sentinel; a value out of range or with a fraction for an
 * integer column is bad (so is one past 2^53 for LONG: 64-bit integers go through longVector instead).
 */
function numberVector(data: Data, n: number, type: ColumnType, reader: NumberReader): Converted {
  const read = reader(data);
  const out = allocateData(type, n);
  const range = RANGES[type.tag];
  const integer = range !== undefined || type.tag === TypeTag.LONG;
  const nullValue = type.tag === TypeTag.INT ? INT_NULL : type.tag === TypeTag.LONG ? LONG_NULL : range ? 0 : NaN;
  let bad: Uint8Array | undefined;
  const isNull = nullTest(data);
  for (let i = 0; i < n; i++) {
    if (isNull !== undefined && isNull(i)) { out[i] = nullValue; continue; }
    const x = read(i);
    const fits = !integer || (Number.isInteger(x) && (range ? x >= range[0] && x <= range[1] : Math.abs(x) <= Number.MAX_SAFE_INTEGER));
    if (fits) { out[i] = x; continue; }
    out[i] = nullValue;
    (bad ??= new Uint8Array(n))[i] = 1;
  }
  return { vector: { type, data: out }, bad };
}
