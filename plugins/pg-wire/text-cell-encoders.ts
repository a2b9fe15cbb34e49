/**
 * DataRow values in text format, as PostgreSQL prints them: booleans `t`/`f`, integers in decimal,
 * floats in their shortest form (pg-number-text.ts), timestamps `2024-01-01 00:00:00.123456`, bytea as
 * `\x` + hex, float8[] as `{1,2.5}`. NaN and the other null sentinels are SQL NULL.
 */
import { TypeTag } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL } from '../../core/data/null-values';
import { isLongNull } from '../../core/data/exact-longs';
import { Vector } from '../../core/data/vector';
import { formatTimestampMicros } from '../../core/time/iso-timestamp';
import { ipv4Text, long256Text, uuidText } from '../export-csv/text-values';
import { arrayTextCells } from './array-cells';
import { asciiCell, CellEncoder, charCells, doubleCell, integerCell, nullCell, symbolCells, textCells, varSizeCells } from './cell-encoder';
import { float4Text, float8Text } from './pg-number-text';
import { PgTimestampText, TIMESTAMP_TEXT_MAX } from './pg-timestamp-text';
import { TimeSeconds } from './time-seconds';
import { geohashCells } from './geohash-cells';
import { numericTextCells } from './numeric-cells';

const HEX = Buffer.from('0123456789abcdef', 'latin1');

export function textCellEncoder(v: Vector, timestamps: PgTimestampText): CellEncoder {
  const d = v.data;
  switch (v.type.tag) {
    case TypeTag.BOOLEAN: return (w, i) => { w.ensure(5); w.int32(1); w.buf[w.pos++] = d[i] !== 0 ? 116 : 102; };
    case TypeTag.BYTE: case TypeTag.SHORT: return (w, i) => integerCell(w, d[i]);
    case TypeTag.INT: return (w, i) => { const x = d[i]; if (x === INT_NULL) nullCell(w); else integerCell(w, x); };
    case TypeTag.LONG: {
      const exact = v.exact;
      if (exact) return (w, i) => { const x = exact[i]; if (x === -9223372036854775808n) nullCell(w); else asciiCell(w, x.toString()); };
      return (w, i) => { const x = d[i]; if (x === LONG_NULL) nullCell(w); else integerCell(w, x); };
    }
    case TypeTag.FLOAT: return (w, i) => { const x = d[i]; if (Number.isNaN(x)) nullCell(w); else asciiCell(w, float4Text(x)); };
    case TypeTag.DOUBLE: return (w, i) => {
      const x = d[i];
      if (Number.isNaN(x)) nullCell(w);
      else if (Number.isInteger(x) && x < 1e15 && x > -1e15 && !Object.is(x, -0)) integerCell(w, x);
      else doubleCell(w, x, float8Text);
    };
    case TypeTag.TIMESTAMP: case TypeTag.DATE: case TypeTag.TIMESTAMP_NS: {
      // Seconds and µs, split exactly (time-seconds.ts): DATE has ms, TIMESTAMP_NS prints µs as QuestDB does.
      const time = new TimeSeconds(v);
      return (w, i) => {
        // NULL is -2^63 exactly: -2^63+1 is a value, though its double is -2^63.
        if (isLongNull(v, i)) { nullCell(w); return; }
        time.split(i);
        w.ensure(4 + TIMESTAMP_TEXT_MAX);
        const at = w.pos;
        const end = timestamps.writeSeconds(w.buf, at + 4, time.seconds, time.micros);
        w.pos = at;
        w.int32(end - at - 4);
        w.pos = end;
      };
    }
    case TypeTag.DECIMAL: return numericTextCells(v);
    case TypeTag.STRING: case TypeTag.VARCHAR: return varSizeCells(v);
    case TypeTag.SYMBOL: return symbolCells(v);
    case TypeTag.CHAR: return charCells(v);
    case TypeTag.BINARY: return byteaCells(v);
    case TypeTag.UUID: return textCells((i) => uuidText(v, i));
    case TypeTag.LONG256: return textCells((i) => long256Text(v, i));
    case TypeTag.IPV4: return textCells((i) => (d[i] === 0 ? undefined : ipv4Text(d[i])));
    case TypeTag.GEOHASH: return geohashCells(v);
    case TypeTag.INTERVAL: return textCells((i) => (d[2 * i] === LONG_NULL ? undefined
      : `('${formatTimestampMicros(d[2 * i])}', '${formatTimestampMicros(d[2 * i + 1])}')`));
    case TypeTag.ARRAY: return arrayTextCells(v);
    default: return nullCell;
  }
}

/** bytea's hex format: `\x` then two hex digits per byte. */
function byteaCells(v: Vector): CellEncoder {
  const d = v.data as Uint8Array, o = v.offsets as Int32Array, nulls = v.nulls;
  return (w, i) => {
    if (nulls && nulls[i] === 1) { nullCell(w); return; }
    const from = o[i], to = o[i + 1], n = 2 + 2 * (to - from);
    w.ensure(4 + n);
    w.int32(n);
    const b = w.buf;
    let p = w.pos;
    b[p++] = 92; b[p++] = 120;
    for (let k = from; k < to; k++) { b[p++] = HEX[d[k] >>> 4]; b[p++] = HEX[d[k] & 15]; }
    w.pos = p;
  };
}
