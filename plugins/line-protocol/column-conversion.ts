/**
 * A BlockColumn's values as a vector of its table column's type, following QuestDB's casts
 * (QuestDB LineWalAppender): a tag goes to SYMBOL, STRING or VARCHAR; a float to DOUBLE, FLOAT or SYMBOL; an
 * integer to LONG, INT, SHORT, BYTE (range-checked), TIMESTAMP, DATE, DOUBLE, FLOAT or SYMBOL; a string to
 * VARCHAR, STRING, SYMBOL, CHAR, IPv4, UUID, LONG256 or GEOHASH; a boolean to BOOLEAN, a number type or SYMBOL;
 * a timestamp to TIMESTAMP, TIMESTAMP_NS (keeping an `n` value's nanoseconds), DATE or SYMBOL; an array to an ARRAY of the same dimensions; a decimal, integer,
 * float or string to DECIMAL (decimal-conversion.ts). Anything else is a
 * cast error naming the first line that has a value. The common cases are views on the block's arrays.
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL, LONG_NULL_BIG, MAX_SAFE_LONG } from '../../core/data/null-values';
import { joinNanos } from '../../core/data/nanos-split';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { decodeUtf8 } from '../../core/data/utf8';
import { Vector } from '../../core/data/vector';
import { VectorBuilder } from '../../core/data/vector-builder';
import { appendValue } from '../../core/sql/vector/append-value';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { BlockColumn } from './block-column';
import { convertToDecimal, decimalCastAllowed } from './decimal-conversion';
import { IlpType, ilpTypeName } from './ilp-type';
import { LineError, LineMessages } from './line-error';

/** Where the values come from, for error messages. */
export interface ConversionSource {
  readonly table: string;
  readonly rows: number;
  readonly lines: Int32Array;
}

const RANGES: Readonly<Partial<Record<TypeTag, readonly [number, number]>>> = {
  [TypeTag.INT]: [-2147483648, 2147483647],
  [TypeTag.SHORT]: [-32768, 32767],
  [TypeTag.BYTE]: [-128, 127],
};

/** Whether QuestDB accepts a value of protocol type `type` into a column of type `to` at all. */
export function castAllowed(type: number, dims: number, to: ColumnType): boolean {
  const t = to.tag;
  if (t === TypeTag.DECIMAL) return decimalCastAllowed(type);
  switch (type) {
    case IlpType.TAG: return t === TypeTag.SYMBOL || t === TypeTag.STRING || t === TypeTag.VARCHAR;
    case IlpType.FLOAT: return t === TypeTag.DOUBLE || t === TypeTag.FLOAT || t === TypeTag.SYMBOL;
    case IlpType.INTEGER:
      return t === TypeTag.LONG || t === TypeTag.INT || t === TypeTag.SHORT || t === TypeTag.BYTE || t === TypeTag.TIMESTAMP
        || t === TypeTag.TIMESTAMP_NS || t === TypeTag.DATE || t === TypeTag.DOUBLE || t === TypeTag.FLOAT || t === TypeTag.SYMBOL;
    case IlpType.STRING:
      return t === TypeTag.VARCHAR || t === TypeTag.STRING || t === TypeTag.SYMBOL || t === TypeTag.CHAR || t === TypeTag.IPV4
        || t === TypeTag.UUID || t === TypeTag.LONG256 || t === TypeTag.GEOHASH;
    case IlpType.BOOLEAN:
      return t === TypeTag.BOOLEAN || t === TypeTag.BYTE || t === TypeTag.SHORT || t === TypeTag.INT || t === TypeTag.LONG
        || t === TypeTag.FLOAT || t === TypeTag.DOUBLE || t === TypeTag.SYMBOL;
    case IlpType.LONG256: return t === TypeTag.LONG256 || t === TypeTag.SYMBOL;
    case IlpType.TIMESTAMP: return t === TypeTag.TIMESTAMP || t === TypeTag.TIMESTAMP_NS || t === TypeTag.DATE || t === TypeTag.SYMBOL;
    case IlpType.ARRAY: return t === TypeTag.ARRAY && (to.elem ?? TypeTag.DOUBLE) === TypeTag.DOUBLE && (to.dims ?? 1) === dims;
    default: return false;
  }
}

/** The cast error for `c` into `to`, at the first line that gave it a value. */
export function castError(c: BlockColumn, to: ColumnType, src: ConversionSource): LineError {
  const protocolType = c.type === IlpType.ARRAY && to.tag === TypeTag.ARRAY ? ilpTypeName(c.type, c.dims) : ilpTypeName(c.type);
  return new LineError(LineMessages.castError(src.table, c.name, protocolType, to), src.lines[c.firstRow]);
}

/** The values of `c` as a vector of type `to` (castAllowed already holds), or the error of the first bad row. */
export function convertColumn(c: BlockColumn, to: ColumnType, src: ConversionSource): Vector | LineError {
  const n = src.rows;
  const t = to.tag;
  if (t === TypeTag.DECIMAL) return convertToDecimal(c, to, src);
  switch (c.type) {
    case IlpType.FLOAT:
      if (t === TypeTag.DOUBLE) return { type: to, data: c.f64.subarray(0, n) };
      if (t === TypeTag.FLOAT) return { type: to, data: Float32Array.from(c.f64.subarray(0, n)) };
      break;
    case IlpType.INTEGER: case IlpType.TIMESTAMP:
      // An integer goes into a TIMESTAMP_NS column as nanoseconds, as into a TIMESTAMP as µs (QuestDB puts the long as is).
      if (t === TypeTag.TIMESTAMP_NS && c.type === IlpType.TIMESTAMP) return timestampNanos(c, to, src);
      if (t === TypeTag.LONG || t === TypeTag.TIMESTAMP || t === TypeTag.TIMESTAMP_NS || (t === TypeTag.DATE && c.type === IlpType.INTEGER)) {
        return { type: to, data: c.f64.subarray(0, n), exact: c.exact?.subarray(0, n) };
      }
      if (t === TypeTag.DATE) return { type: to, data: c.f64.subarray(0, n).map((x) => (x === LONG_NULL ? x : Math.floor(x / 1000))) };
      if (t === TypeTag.DOUBLE || t === TypeTag.FLOAT) {
        const out = t === TypeTag.DOUBLE ? new Float64Array(n) : new Float32Array(n);
        for (let i = 0; i < n; i++) out[i] = c.f64[i] === LONG_NULL ? NaN : c.f64[i];
        return { type: to, data: out };
      }
      if (RANGES[t] !== undefined) return narrowInteger(c, to, src);
      break;
    case IlpType.TAG:
      if (t === TypeTag.SYMBOL) return { type: to, data: c.keys.subarray(0, n), symbols: new MemorySymbolTable(c.symbols) };
      break;
    case IlpType.STRING:
      if (t === TypeTag.VARCHAR || t === TypeTag.STRING) {
        return { type: to, data: c.heap.subarray(0, c.offsets[n]), offsets: c.offsets.subarray(0, n + 1), nulls: c.nulls.subarray(0, n) };
      }
      break;
    case IlpType.BOOLEAN:
      if (t === TypeTag.BOOLEAN) return { type: to, data: c.u8.subarray(0, n) };
      break;
    case IlpType.ARRAY:
      return {
        type: to, data: c.elements.subarray(0, c.offsets[n]), offsets: c.offsets.subarray(0, n + 1),
        nulls: c.nulls.subarray(0, n), shapes: c.dims > 1 ? c.shapes.subarray(0, n * c.dims) : undefined,
      };
  }
  return convertByValue(c, to, src);
}

/** µs past which a value has no TIMESTAMP_NS (int64 nanoseconds). */
const MAX_NANOS_MICROS = 9223372036854775;

/**
 * TIMESTAMP values into a TIMESTAMP_NS column: the µs with the nanoseconds an `n` value gave (`t` and `m`
 * values have none), as (µs floored, 0..999 ns) pairs for joinNanos.
 */
function timestampNanos(c: BlockColumn, to: ColumnType, src: ConversionSource): Vector | LineError {
  const n = src.rows;
  const micros = new Float64Array(n);
  const sub = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    let us = c.f64[i];
    if (us === LONG_NULL && (c.exact === undefined || c.exact[i] === LONG_NULL_BIG)) { micros[i] = LONG_NULL; continue; }
    if (us > MAX_NANOS_MICROS || us < -MAX_NANOS_MICROS) {
      return new LineError(LineMessages.boundsError(src.table, c.name, c.exact ? c.exact[i].toString() : String(us), to), src.lines[i]);
    }
    let ns = c.sub === undefined ? 0 : c.sub[i];
    if (ns < 0) { us -= 1; ns += 1000; }
    micros[i] = us;
    sub[i] = ns;
  }
  const v = joinNanos(to, micros, sub, n);
  if (c.exact === undefined) return v;
  // Past 2^53 µs (after 2255) a double's µs is not exact: those rows take the exact µs (BigInt, rare).
  let exact = v.exact;
  for (let i = 0; i < n; i++) {
    const us = c.f64[i];
    if (us === LONG_NULL || (us <= MAX_SAFE_LONG && us >= -MAX_SAFE_LONG)) continue;
    exact ??= BigInt64Array.from(v.data as Float64Array, (x) => (x === LONG_NULL ? LONG_NULL_BIG : BigInt(x)));
    const value = c.exact[i] * 1000n + BigInt(c.sub === undefined ? 0 : c.sub[i]);
    exact[i] = value;
    (v.data as Float64Array)[i] = Number(value);
  }
  return exact === v.exact ? v : { ...v, exact };
}

/** INTEGER into INT, SHORT or BYTE: out of range is an error; null becomes INT's null, or 0 (not nullable). */
function narrowInteger(c: BlockColumn, to: ColumnType, src: ConversionSource): Vector | LineError {
  const n = src.rows;
  const [lo, hi] = RANGES[to.tag] as readonly [number, number];
  const out = to.tag === TypeTag.INT ? new Int32Array(n) : to.tag === TypeTag.SHORT ? new Int16Array(n) : new Int8Array(n);
  const nullValue = to.tag === TypeTag.INT ? INT_NULL : 0;
  for (let i = 0; i < n; i++) {
    const x = c.f64[i];
    if (x === LONG_NULL && (c.exact === undefined || c.exact[i] === LONG_NULL_BIG)) { out[i] = nullValue; continue; }
    if (x < lo || x > hi) {
      const text = c.exact ? c.exact[i].toString() : String(x);
      return new LineError(LineMessages.boundsError(src.table, c.name, text, to), src.lines[i]);
    }
    out[i] = x;
  }
  return { type: to, data: out };
}

/** The rare casts, one value at a time through the SQL value conversions; a value that does not convert is an error. */
function convertByValue(c: BlockColumn, to: ColumnType, src: ConversionSource): Vector | LineError {
  const n = src.rows;
  const b = new VectorBuilder(to, Math.max(1, n), to.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined);
  for (let i = 0; i < n; i++) {
    const v = valueAt(c, i);
    if (v === null) { b.appendNull(); continue; }
    // CHAR takes a one-character string only.
    if (to.tag === TypeTag.CHAR && (typeof v !== 'string' || v.length !== 1)) {
      return new LineError(LineMessages.castError(src.table, c.name, ilpTypeName(c.type), to), src.lines[i]);
    }
    try {
      appendValue(b, v);
    } catch {
      // QuestDB stores a GEOHASH it cannot parse as null; every other value that does not convert is a cast
      // error from its protocol type (`"not-a-uuid"` into UUID: STRING to column type: UUID).
      if (to.tag === TypeTag.GEOHASH) { b.appendNull(); continue; }
      return new LineError(LineMessages.castError(src.table, c.name, ilpTypeName(c.type), to), src.lines[i]);
    }
  }
  return b.build();
}

/** One value of `c` as a SqlValue (null for an absent one). */
function valueAt(c: BlockColumn, i: number): SqlValue {
  switch (c.type) {
    case IlpType.TAG: return c.keys[i] < 0 ? null : c.symbols[c.keys[i]];
    case IlpType.FLOAT: return c.f64[i] !== c.f64[i] ? null : c.f64[i];
    case IlpType.INTEGER: case IlpType.TIMESTAMP:
      if (c.f64[i] === LONG_NULL) return null;
      return c.exact ? c.exact[i] : c.f64[i];
    case IlpType.BOOLEAN: return c.u8[i] === 1;
    default: return c.nulls[i] === 1 ? null : decodeUtf8(c.heap, c.offsets[i], c.offsets[i + 1]);
  }
}
