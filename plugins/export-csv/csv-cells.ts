/**
 * One CSV cell per (vector, row), as QuestDB's HTTP API formats each type. Null is an empty field,
 * except GEOHASH which prints the bare word `null` (reference quirk). Text is quoted with `"` → `""`,
 * `\` → `\\` and control characters JSON-escaped, so a value never breaks a line.
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { decimalAt, decimalText, scaleOf } from '../../core/data/decimal';
import { formatDateMillis, formatTimestampMicros, formatTimestampNanos } from '../../core/time/iso-timestamp';
import { isLongNull } from '../../core/data/exact-longs';
import { CHAR_NULL, INT_NULL, LONG_NULL } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { ByteOutput } from './byte-output';
import { IsoBytes } from './iso-bytes';
import { writeDouble, writeInteger } from './number-text';
import { geohashText, ipv4Text, long256Text, uuidText, writeArray, writeFloat } from './text-values';

export type CellWriter = (out: ByteOutput, v: Vector, i: number) => void;

const TRUE = new Uint8Array([116, 114, 117, 101]);
const FALSE = new Uint8Array([102, 97, 108, 115, 101]);
const HEX = '0123456789abcdef';

/** Quoted and escaped UTF-8 bytes `src[start..end)`. */
export function writeQuoted(out: ByteOutput, src: Uint8Array, start: number, end: number): void {
  out.ensure((end - start) * 6 + 2);
  const b = out.buf;
  let p = out.pos;
  b[p++] = 34;
  for (let k = start; k < end; k++) {
    const c = src[k];
    if (c >= 0x20 && c !== 34 && c !== 92) { b[p++] = c; continue; }
    if (c === 34) { b[p++] = 34; b[p++] = 34; continue; }
    b[p++] = 92;
    switch (c) {
      case 92: b[p++] = 92; break;
      case 10: b[p++] = 110; break;
      case 13: b[p++] = 114; break;
      case 9: b[p++] = 116; break;
      case 8: b[p++] = 98; break;
      case 12: b[p++] = 102; break;
      default:
        b[p++] = 117; b[p++] = 48; b[p++] = 48;
        b[p++] = HEX.charCodeAt(c >> 4); b[p++] = HEX.charCodeAt(c & 15);
    }
  }
  b[p++] = 34;
  out.pos = p;
}

const scratch = new Uint8Array(4);
const encoder = new TextEncoder();

function quotedText(out: ByteOutput, s: string): void {
  const bytes = encoder.encode(s);
  writeQuoted(out, bytes, 0, bytes.length);
}

/** A writer for one column of the result; `delimiter` decides when a CHAR needs quoting. */
export function cellWriter(type: ColumnType, delimiter: number): CellWriter {
  const iso = new IsoBytes();
  switch (type.tag) {
    case TypeTag.BOOLEAN: return (o, v, i) => o.bytes(v.data[i] !== 0 ? TRUE : FALSE);
    case TypeTag.BYTE: case TypeTag.SHORT: return (o, v, i) => writeInteger(o, v.data[i]);
    case TypeTag.INT: return (o, v, i) => { const x = v.data[i]; if (x !== INT_NULL) writeInteger(o, x); };
    // NULL is -2^63 exactly (isLongNull): -2^63+1 is a value, though its double is -2^63.
    case TypeTag.LONG: return (o, v, i) => {
      if (isLongNull(v, i)) return;
      if (v.exact) o.ascii(v.exact[i].toString()); else writeInteger(o, v.data[i]);
    };
    case TypeTag.FLOAT: return (o, v, i) => { const x = v.data[i]; if (Number.isFinite(x)) writeFloat(o, x); };
    case TypeTag.DOUBLE: return (o, v, i) => { const x = v.data[i]; if (Number.isFinite(x)) writeDouble(o, x); };
    case TypeTag.DATE: return (o, v, i) => {
      if (isLongNull(v, i)) return;
      const x = v.data[i];
      if (v.exact && !Number.isSafeInteger(x)) { o.byte(34); o.ascii(formatDateMillis(v.exact[i])); o.byte(34); return; }
      o.byte(34); iso.write(o, x * 1000, 3); o.byte(34);
    };
    case TypeTag.DECIMAL: return (o, v, i) => {
      const x = decimalAt(v.data as Uint8Array, i);
      if (x !== null) o.ascii(decimalText(x, scaleOf(type)));
    };
    case TypeTag.TIMESTAMP_NS: return (o, v, i) => {
      if (isLongNull(v, i)) return;
      o.byte(34); o.ascii(formatTimestampNanos(v.exact ? v.exact[i] : v.data[i])); o.byte(34);
    };
    case TypeTag.TIMESTAMP: return (o, v, i) => {
      if (isLongNull(v, i)) return;
      const x = v.data[i];
      // Beyond 2^53 µs (after 2255) only the exact value prints the right microsecond.
      if (v.exact && !Number.isSafeInteger(x)) { o.byte(34); o.ascii(formatTimestampMicros(v.exact[i])); o.byte(34); return; }
      o.byte(34); iso.write(o, x, 6); o.byte(34);
    };
    case TypeTag.CHAR: return (o, v, i) => {
      const c = v.data[i];
      if (c === CHAR_NULL) return;
      // Unlike QuestDB, CHAR values are escaped like text when needed, so every cell is valid CSV.
      if (c < 0x80 && c >= 0x20 && c !== 34 && c !== 92 && c !== delimiter) { o.byte(c); return; }
      const n = encoder.encodeInto(String.fromCharCode(c), scratch).written;
      if (c >= 0x80) o.bytes(scratch, 0, n); else writeQuoted(o, scratch, 0, n);
    };
    case TypeTag.SYMBOL: return (o, v, i) => {
      const k = v.data[i];
      if (k < 0 || !v.symbols) return;
      const bytes = v.symbols.utf8(k);
      writeQuoted(o, bytes, 0, bytes.length);
    };
    case TypeTag.STRING: case TypeTag.VARCHAR: return (o, v, i) => {
      if (v.nulls && v.nulls[i] === 1) return;
      const off = v.offsets as Int32Array;
      writeQuoted(o, v.data as Uint8Array, off[i], off[i + 1]);
    };
    case TypeTag.UUID: return (o, v, i) => { const s = uuidText(v, i); if (s !== undefined) o.ascii(s); };
    case TypeTag.LONG256: return (o, v, i) => { const s = long256Text(v, i); if (s !== undefined) o.ascii(s); };
    case TypeTag.IPV4: return (o, v, i) => { const x = v.data[i]; if (x !== 0) o.ascii(ipv4Text(x)); };
    case TypeTag.GEOHASH: return (o, v, i) => {
      const x = v.data[i];
      if (x < 0) { o.ascii('null'); return; }
      o.byte(34); o.ascii(geohashText(type, v.exact ? v.exact[i] : x)); o.byte(34);
    };
    case TypeTag.ARRAY: return (o, v, i) => {
      if (v.nulls && v.nulls[i] === 1) return;
      o.byte(34); writeArray(o, v, i); o.byte(34);
    };
    case TypeTag.INTERVAL: return (o, v, i) => {
      const lo = v.data[i * 2];
      if (lo === LONG_NULL) return;
      const text = new ByteOutput(64);
      // QuestDB prints an INTERVAL's bounds with millisecond precision.
      text.byte(40); text.byte(39); iso.write(text, Math.floor(lo / 1000) * 1000, 3); text.ascii("', '");
      iso.write(text, Math.floor(v.data[i * 2 + 1] / 1000) * 1000, 3); text.byte(39); text.byte(41);
      quotedText(o, new TextDecoder().decode(text.take()));
    };
    case TypeTag.BINARY: case TypeTag.NULL: return () => undefined;
  }
}
