/**
 * DataRow values in binary format (PostgreSQL's `*send` functions): big-endian integers and IEEE floats,
 * timestamps as int8 µs since 2000-01-01, UUIDs as 16 bytes in text order, bytea and strings as their
 * bytes, float8[] as the array wire format. Types described as varchar send their text (cell-encoder.ts).
 */
import { TypeTag } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { arrayBinaryCells } from './array-cells';
import { BackendWriter } from './backend-writer';
import { CellEncoder, nullCell, symbolCells, charCells, varSizeCells } from './cell-encoder';
import { textCellEncoder } from './text-cell-encoders';
import { PgTimestampText } from './pg-timestamp-text';

/** µs from 1970-01-01 to PostgreSQL's epoch 2000-01-01. */
export const PG_EPOCH_MICROS = 946_684_800_000_000;
const TWO_32 = 4294967296;

/** Writes a whole number |x| ≤ 2^63 as int8 (the value is exact in a double up to 2^53). */
export function writeInt8(w: BackendWriter, x: number): void {
  const hi = Math.floor(x / TWO_32);
  w.int32(hi | 0);
  w.int32((x - hi * TWO_32) | 0);
}

function fixed(w: BackendWriter, n: number): void {
  w.ensure(4 + n);
  w.int32(n);
}

export function binaryCellEncoder(v: Vector, timestamps: PgTimestampText): CellEncoder {
  const d = v.data;
  switch (v.type.tag) {
    case TypeTag.BOOLEAN: return (w, i) => { fixed(w, 1); w.buf[w.pos++] = d[i] !== 0 ? 1 : 0; };
    case TypeTag.BYTE: case TypeTag.SHORT: return (w, i) => { fixed(w, 2); w.int16(d[i]); };
    case TypeTag.INT: return (w, i) => { const x = d[i]; if (x === INT_NULL) nullCell(w); else { fixed(w, 4); w.int32(x); } };
    case TypeTag.LONG: {
      const exact = v.exact;
      if (exact) return (w, i) => { const x = exact[i]; if (x === -9223372036854775808n) nullCell(w); else { fixed(w, 8); w.pos = w.buf.writeBigInt64BE(x, w.pos); } };
      return (w, i) => { const x = d[i]; if (x === LONG_NULL) nullCell(w); else { fixed(w, 8); writeInt8(w, x); } };
    }
    case TypeTag.FLOAT: return (w, i) => { const x = d[i]; if (Number.isNaN(x)) nullCell(w); else { fixed(w, 4); w.pos = w.buf.writeFloatBE(x, w.pos); } };
    case TypeTag.DOUBLE: return (w, i) => { const x = d[i]; if (Number.isNaN(x)) nullCell(w); else { fixed(w, 8); w.pos = w.buf.writeDoubleBE(x, w.pos); } };
    case TypeTag.TIMESTAMP: case TypeTag.DATE: {
      const scale = v.type.tag === TypeTag.DATE ? 1000 : 1;
      return (w, i) => { const x = d[i]; if (x === LONG_NULL) nullCell(w); else { fixed(w, 8); writeInt8(w, x * scale - PG_EPOCH_MICROS); } };
    }
    case TypeTag.UUID: return uuidCells(v);
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY: return varSizeCells(v);
    case TypeTag.SYMBOL: return symbolCells(v);
    case TypeTag.CHAR: return charCells(v);
    case TypeTag.ARRAY: return arrayBinaryCells(v);
    default: return textCellEncoder(v, timestamps);
  }
}

/** Stored as (lo, hi) little-endian longs; sent as hi then lo, big-endian: the text's byte order. */
function uuidCells(v: Vector): CellEncoder {
  const d = v.data as Uint8Array;
  return (w, i) => {
    const o = i * 16;
    if (d[o + 7] === 0x80 && d[o + 15] === 0x80 && isZero(d, o, 7) && isZero(d, o + 8, 7)) { nullCell(w); return; }
    fixed(w, 16);
    const b = w.buf;
    let p = w.pos;
    for (let k = 15; k >= 8; k--) b[p++] = d[o + k];
    for (let k = 7; k >= 0; k--) b[p++] = d[o + k];
    w.pos = p;
  };
}

function isZero(d: Uint8Array, from: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (d[from + k] !== 0) return false;
  return true;
}
