/**
 * One function per column type that prints row `i` of a vector as a JSON value. Built
 * once per batch and column, so the type switch is paid per column, not per cell; each writer reads
 * its typed array directly and allocates nothing for fixed-width values.
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { decimalAt, decimalText, scaleOf } from '../../core/data/decimal';
import { geohashText } from '../../core/sql/vector/text-to-binary-values';
import { formatDateMillis, formatTimestampMicros, formatTimestampNanos } from '../../core/time/iso-timestamp';
import { INT_NULL, LONG_NULL, LONG_NULL_BIG, SYMBOL_NULL } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { IsoTimestampWriter } from '../../core/time/iso-timestamp-writer';
import { writeArrayValue } from './json-array-value';
import { writeGeohash, writeInterval, writeIpv4, writeLong256, writeUuid } from './json-special-values';
import { writeBigInt, writeDouble, writeFloat, writeInteger, writeNull } from './json-numbers';
import { JsonSink } from './json-sink';
import { writeJsonString, writeJsonStringBytes } from './json-text';

export type CellWriter = (sink: JsonSink, row: number) => void;

/** State that lives for one response: formatting options shared by every batch. */
export class CellWriterContext {
  readonly timestamps = new IsoTimestampWriter();

  /** `quoteLargeNum=true` or `src=con`: LONG values are printed as JSON strings. */
  constructor(readonly quoteLargeNum: boolean) {}
}

const TRUE = Buffer.from('true', 'latin1');
const FALSE = Buffer.from('false', 'latin1');

export function createCellWriter(v: Vector, ctx: CellWriterContext): CellWriter {
  const t: ColumnType = v.type;
  switch (t.tag) {
    case TypeTag.BOOLEAN: {
      const d = v.data;
      return (s, i) => s.bytes(d[i] !== 0 ? TRUE : FALSE);
    }
    case TypeTag.BYTE: case TypeTag.SHORT: {
      const d = v.data;
      return (s, i) => writeInteger(s, d[i]);
    }
    case TypeTag.INT: {
      const d = v.data;
      return (s, i) => { const x = d[i]; if (x === INT_NULL) writeNull(s); else writeInteger(s, x); };
    }
    case TypeTag.CHAR: {
      const d = v.data;
      // A CHAR null prints as an empty string.
      return (s, i) => { const c = d[i]; if (c === 0) s.ascii('""'); else writeJsonString(s, String.fromCharCode(c)); };
    }
    case TypeTag.FLOAT: {
      const d = v.data;
      return (s, i) => writeFloat(s, d[i]);
    }
    case TypeTag.DOUBLE: {
      const d = v.data;
      return (s, i) => writeDouble(s, d[i]);
    }
    case TypeTag.LONG: return longWriter(v, ctx.quoteLargeNum);
    case TypeTag.DECIMAL: {
      // QuestDB prints a DECIMAL as quoted text with all its scale digits: "12.34".
      const d = v.data as Uint8Array, scale = scaleOf(t);
      return (s, i) => {
        const x = decimalAt(d, i);
        if (x === null) writeNull(s); else s.ascii(`"${decimalText(x, scale)}"`);
      };
    }
    case TypeTag.TIMESTAMP_NS: {
      const d = v.data, exact = v.exact;
      return (s, i) => {
        // NULL is -2^63 exactly: -2^63+1 is a value, though its double is -2^63.
        if (d[i] === LONG_NULL && (!exact || exact[i] === LONG_NULL_BIG)) { writeNull(s); return; }
        s.ascii(`"${formatTimestampNanos(exact ? exact[i] : d[i])}"`);
      };
    }
    case TypeTag.TIMESTAMP: case TypeTag.DATE: {
      const d = v.data;
      const ts = ctx.timestamps;
      const micros = t.tag === TypeTag.TIMESTAMP;
      const exact = v.exact;
      return (s, i) => {
        const x = d[i];
        if (x === LONG_NULL && (!exact || exact[i] === LONG_NULL_BIG)) { writeNull(s); return; }
        // Beyond 2^53 µs (after 2255) only the exact value prints the right microsecond.
        if (exact && !Number.isSafeInteger(x)) { s.ascii(`"${micros ? formatTimestampMicros(exact[i]) : formatDateMillis(exact[i])}"`); return; }
        s.ensure(IsoTimestampWriter.MAX_BYTES + 2);
        const buf = s.buf;
        buf[s.pos] = 0x22;
        const p = micros ? ts.micros(buf, s.pos + 1, x) : ts.millis(buf, s.pos + 1, x);
        buf[p] = 0x22;
        s.pos = p + 1;
      };
    }
    case TypeTag.SYMBOL: {
      const d = v.data;
      const table = v.symbols;
      if (!table) return (s) => writeNull(s);
      // Escaped straight from the dictionary's cached UTF-8: nothing is allocated per value or per distinct
      // symbol (a per-response cache of escaped texts built a buffer for each of latest_on's 1,000 hosts).
      return (s, i) => {
        const k = d[i];
        if (k === SYMBOL_NULL) { writeNull(s); return; }
        const b = table.utf8(k);
        writeJsonStringBytes(s, b, 0, b.length);
      };
    }
    case TypeTag.STRING: case TypeTag.VARCHAR: {
      const d = v.data as Uint8Array;
      const offsets = v.offsets as Int32Array;
      const nulls = v.nulls;
      return (s, i) => {
        if (nulls !== undefined && nulls[i] === 1) writeNull(s);
        else writeJsonStringBytes(s, d, offsets[i], offsets[i + 1]);
      };
    }
    // BINARY content is never sent: every value, null or not, is [].
    case TypeTag.BINARY: return (s) => s.ascii('[]');
    case TypeTag.IPV4: { const d = v.data; return (s, i) => writeIpv4(s, d[i]); }
    case TypeTag.GEOHASH: {
      const d = v.data, exact = v.exact;
      // Precisions above 53 bits print from the exact 64-bit values.
      if (exact) return (s, i) => { if (d[i] < 0) writeGeohash(s, -1, t); else s.ascii(`"${geohashText(t.bits ?? 1, t.geoChars === true, exact[i])}"`); };
      return (s, i) => writeGeohash(s, d[i], t);
    }
    case TypeTag.UUID: { const d = v.data as Uint8Array; return (s, i) => writeUuid(s, d, i * 16); }
    case TypeTag.LONG256: { const d = v.data as Uint8Array; return (s, i) => writeLong256(s, d, i * 32); }
    case TypeTag.INTERVAL: { const d = v.data; const ts = ctx.timestamps; return (s, i) => writeInterval(s, d[2 * i], d[2 * i + 1], ts); }
    case TypeTag.ARRAY: return (s, i) => writeArrayValue(s, v, i);
    case TypeTag.NULL: return (s) => writeNull(s);
  }
}

/** LONG: doubles hold values up to 2^53 exactly; beyond, the vector carries `exact` (vector.ts). */
function longWriter(v: Vector, quote: boolean): CellWriter {
  const d = v.data;
  const exact = v.exact;
  if (exact) {
    return (s, i) => {
      const x = exact[i];
      if (x === LONG_NULL_BIG) { writeNull(s); return; }
      if (quote) s.byte(0x22);
      writeBigInt(s, x);
      if (quote) s.byte(0x22);
    };
  }
  if (quote) {
    return (s, i) => {
      const x = d[i];
      if (x === LONG_NULL) { writeNull(s); return; }
      s.byte(0x22);
      writeInteger(s, x);
      s.byte(0x22);
    };
  }
  return (s, i) => { const x = d[i]; if (x === LONG_NULL) writeNull(s); else writeInteger(s, x); };
}
