/**
 * DataRow values in binary format (PostgreSQL's `*send` functions): big-endian integers and IEEE floats,
 * timestamps as int8 µs since 2000-01-01, UUIDs as 16 bytes in text order, bytea and strings as their
 * bytes, float8[] as the array wire format. Types described as varchar send their text (cell-encoder.ts).
 */
import { TypeTag } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL } from '../../core/data/null-values';
import { isLongNull } from '../../core/data/exact-longs';
import { Vector } from '../../core/data/vector';
import { arrayBinaryCells } from './array-cells';
import { BackendWriter } from './backend-writer';
import { CellEncoder, nullCell, symbolCells, charCells, varSizeCells } from './cell-encoder';
import { textCellEncoder } from './text-cell-encoders';
import { PgTimestampText } from './pg-timestamp-text';
import { TimeSeconds } from './time-seconds';
import { putInt64Sum } from './int64-words';
import { numericBinaryCells } from './numeric-cells';

/** µs from 1970-01-01 to PostgreSQL's epoch 2000-01-01. */
export const PG_EPOCH_MICROS = 946_684_800_000_000;
const PG_EPOCH_SECONDS = 946_684_800;
const TWO_32 = 4294967296;

const scratch = new Float64Array(1);
const scratchBytes = new Uint8Array(scratch.buffer);
const scratch32 = new Float32Array(1);
const scratch32Bytes = new Uint8Array(scratch32.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * A fixed-width cell: the length word and `n` value bytes written by `put` straight into the buffer
 * (one bounds check per cell; these are the hot loops of a large binary result).
 */
function cell(w: BackendWriter, n: number): number {
  if (w.pos + 4 + n > w.buf.length) w.ensure(4 + n);
  const b = w.buf, p = w.pos;
  b[p] = 0; b[p + 1] = 0; b[p + 2] = 0; b[p + 3] = n;
  w.pos = p + 4 + n;
  return p + 4;
}

function putInt64(b: Uint8Array, p: number, x: number): void {
  const hi = Math.floor(x / TWO_32), lo = x - hi * TWO_32;
  b[p] = hi >>> 24; b[p + 1] = (hi >>> 16) & 255; b[p + 2] = (hi >>> 8) & 255; b[p + 3] = hi & 255;
  b[p + 4] = lo >>> 24; b[p + 5] = (lo >>> 16) & 255; b[p + 6] = (lo >>> 8) & 255; b[p + 7] = lo & 255;
}

function putDouble(b: Uint8Array, p: number, x: number): void {
  scratch[0] = x;
  const s = scratchBytes;
  if (LITTLE_ENDIAN) { b[p] = s[7]; b[p + 1] = s[6]; b[p + 2] = s[5]; b[p + 3] = s[4]; b[p + 4] = s[3]; b[p + 5] = s[2]; b[p + 6] = s[1]; b[p + 7] = s[0]; } else b.set(s, p);
}

function putFloat(b: Uint8Array, p: number, x: number): void {
  scratch32[0] = x;
  const s = scratch32Bytes;
  if (LITTLE_ENDIAN) { b[p] = s[3]; b[p + 1] = s[2]; b[p + 2] = s[1]; b[p + 3] = s[0]; } else b.set(s, p);
}

export function binaryCellEncoder(v: Vector, timestamps: PgTimestampText): CellEncoder {
  const d = v.data;
  switch (v.type.tag) {
    // cell() may grow the buffer: read w.buf after it.
    case TypeTag.BOOLEAN: return (w, i) => { const p = cell(w, 1); w.buf[p] = d[i] !== 0 ? 1 : 0; };
    case TypeTag.BYTE: case TypeTag.SHORT: return (w, i) => { const p = cell(w, 2), x = d[i]; w.buf[p] = (x >> 8) & 255; w.buf[p + 1] = x & 255; };
    case TypeTag.INT: return (w, i) => {
      const x = d[i];
      if (x === INT_NULL) { nullCell(w); return; }
      const p = cell(w, 4), b = w.buf;
      b[p] = x >>> 24; b[p + 1] = (x >>> 16) & 255; b[p + 2] = (x >>> 8) & 255; b[p + 3] = x & 255;
    };
    case TypeTag.LONG: {
      const exact = v.exact;
      if (exact) return (w, i) => { const x = exact[i]; if (x === -9223372036854775808n) nullCell(w); else { const p = cell(w, 8); w.buf.writeBigInt64BE(x, p); } };
      return (w, i) => { const x = d[i]; if (x === LONG_NULL) nullCell(w); else { const p = cell(w, 8); putInt64(w.buf, p, x); } };
    }
    case TypeTag.FLOAT: return (w, i) => { const x = d[i]; if (x !== x) nullCell(w); else { const p = cell(w, 4); putFloat(w.buf, p, x); } };
    case TypeTag.DOUBLE: return (w, i) => { const x = d[i]; if (x !== x) nullCell(w); else { const p = cell(w, 8); putDouble(w.buf, p, x); } };
    case TypeTag.TIMESTAMP: case TypeTag.DATE: case TypeTag.TIMESTAMP_NS: return timestampCells(v);
    case TypeTag.DECIMAL: return numericBinaryCells(v);
    case TypeTag.UUID: return uuidCells(v);
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return varSizeCells(v);
    case TypeTag.SYMBOL: return symbolCells(v);
    case TypeTag.CHAR: return charCells(v);
    case TypeTag.ARRAY: return arrayBinaryCells(v);
    default: return textCellEncoder(v, timestamps);
  }
}

/**
 * timestamp_send: int8 µs since 2000-01-01. A TIMESTAMP within 2^53 µs is its double minus the epoch; any
 * other value (DATE's ms × 1000, TIMESTAMP_NS's ns rounded down to µs, a TIMESTAMP after 2255) is written
 * from its exact seconds and µs, never through a double of µs.
 */
function timestampCells(v: Vector): CellEncoder {
  const d = v.data;
  // NULL is -2^63 exactly: -2^63+1 is a value, though its double is -2^63.
  if (v.type.tag === TypeTag.TIMESTAMP && !v.exact) {
    return (w, i) => { const x = d[i]; if (x === LONG_NULL) nullCell(w); else { const p = cell(w, 8); putInt64(w.buf, p, x - PG_EPOCH_MICROS); } };
  }
  const time = new TimeSeconds(v);
  return (w, i) => {
    if (isLongNull(v, i)) { nullCell(w); return; }
    time.split(i);
    const p = cell(w, 8);
    putInt64Sum(w.buf, p, time.seconds - PG_EPOCH_SECONDS, 1_000_000, time.micros);
  };
}

/** Stored as (lo, hi) little-endian longs; sent as hi then lo, big-endian: the text's byte order. */
function uuidCells(v: Vector): CellEncoder {
  const d = v.data as Uint8Array;
  return (w, i) => {
    const o = i * 16;
    if (d[o + 7] === 0x80 && d[o + 15] === 0x80 && isZero(d, o, 7) && isZero(d, o + 8, 7)) { nullCell(w); return; }
    let p = cell(w, 16);
    const b = w.buf;
    for (let k = 15; k >= 8; k--) b[p++] = d[o + k];
    for (let k = 7; k >= 0; k--) b[p++] = d[o + k];
  };
}

function isZero(d: Uint8Array, from: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (d[from + k] !== 0) return false;
  return true;
}
