/**
 * Parquet values (PLAIN or DELTA_BINARY_PACKED, no nulls: the page's present values or a dictionary page's
 * entries) converted to the stored form of the svc column they hold (raw-column.ts: little-endian, fixed
 * width, or a byte heap with end offsets). For the types whose Parquet physical layout equals the stored one
 * (INT32, INT64, FLOAT, DOUBLE) this is a byte copy; SYMBOL text becomes the table dictionary's key, the
 * text forms of IPv4, GEOHASH, LONG256, DECIMAL and CHAR are parsed (text-values.ts), UUID bytes reversed.
 */
import { ColumnType, TypeTag, isInt64, typeName } from '../../../core/data/column-type';
import { RawColumn } from '../raw-column';
import { doublesToInt64, storedWidth } from '../vector-encoder';
import { FileColumn, Physical } from './footer-reader';
import { decodeDeltaBinaryPacked } from './hybrid-decoding';
import { textToStored } from './text-values';

export interface ChunkTarget {
  readonly type: ColumnType;
  /** SYMBOL: the key of a value in the table's dictionary; throws when the dictionary has none. */
  readonly symbolKey?: (value: string) => number;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

function mismatch(column: FileColumn, target: ChunkTarget): Error {
  return new Error(`Parquet column ${column.name} (physical type ${column.physical}) cannot hold ${typeName(target.type)}`);
}

/** `count` PLAIN values of the column's physical type from `b[pos..end)`. */
export function plainToStored(column: FileColumn, target: ChunkTarget, b: Uint8Array, pos: number, end: number, count: number): RawColumn {
  const t = target.type;
  const w = storedWidth(t);
  const out = new RawColumn(w, Math.max(1, count), w === 0 ? Math.max(16, end - pos) : undefined);
  const need = (bytes: number): void => { if (pos + bytes > end) throw new Error(`a page holds fewer values than it says (${count})`); };
  switch (column.physical) {
    case Physical.BOOLEAN: {
      if (t.tag !== TypeTag.BOOLEAN) throw mismatch(column, target);
      need(Math.ceil(count / 8));
      for (let i = 0; i < count; i++) out.bytes[i] = (b[pos + (i >> 3)] >> (i & 7)) & 1;
      break;
    }
    case Physical.INT32: {
      need(count * 4);
      const words = aligned32(b, pos, count);
      int32ToStored(words, count, t, out, column, target);
      break;
    }
    case Physical.INT64: case Physical.DOUBLE: case Physical.FLOAT: {
      const size = column.physical === Physical.FLOAT ? 4 : 8;
      need(count * size);
      const ok = column.physical === Physical.INT64 ? isInt64(t) || (t.tag === TypeTag.GEOHASH && w === 8)
        : column.physical === Physical.DOUBLE ? t.tag === TypeTag.DOUBLE : t.tag === TypeTag.FLOAT;
      if (!ok) throw mismatch(column, target);
      // The same little-endian layout as the column file: a byte copy keeps every bit.
      out.bytes.set(b.subarray(pos, pos + count * size));
      break;
    }
    case Physical.BYTE_ARRAY: {
      byteArraysToStored(b, pos, end, count, out, column, target);
      break;
    }
    case Physical.FIXED_LEN_BYTE_ARRAY: {
      const len = column.typeLength;
      need(count * len);
      if (t.tag !== TypeTag.UUID || len !== 16) throw mismatch(column, target);
      // Parquet UUID is big-endian, the column file little-endian (lo long, hi long).
      for (let i = 0; i < count; i++) {
        const s = pos + i * 16, o = i * 16;
        for (let k = 0; k < 16; k++) out.bytes[o + 15 - k] = b[s + k];
      }
      break;
    }
    default: throw mismatch(column, target);
  }
  if (w > 0) { out.rows = count; out.byteLength = count * w; }
  return out;
}

/** DELTA_BINARY_PACKED INT32/INT64 values. */
export function deltaToStored(column: FileColumn, target: ChunkTarget, b: Uint8Array, pos: number, count: number): RawColumn {
  const values = new Float64Array(count);
  const n = decodeDeltaBinaryPacked(b, pos, values, 0, count);
  if (n !== count) throw new Error(`a DELTA_BINARY_PACKED page holds ${n} values, its levels say ${count}`);
  const t = target.type;
  const w = storedWidth(t);
  const out = new RawColumn(w, Math.max(1, count));
  if (column.physical === Physical.INT64 && (isInt64(t) || (t.tag === TypeTag.GEOHASH && w === 8))) {
    doublesToInt64(values, 0, count, new Int32Array(out.bytes.buffer, 0, count * 2), 0);
  } else if (column.physical === Physical.INT32) {
    int32ToStored(Int32Array.from(values), count, t, out, column, target);
  } else {
    throw mismatch(column, target);
  }
  out.rows = count;
  out.byteLength = count * w;
  return out;
}

function aligned32(b: Uint8Array, pos: number, count: number): Int32Array {
  if ((b.byteOffset + pos) % 4 === 0) return new Int32Array(b.buffer, b.byteOffset + pos, count);
  const copy = new Uint8Array(count * 4);
  copy.set(b.subarray(pos, pos + count * 4));
  return new Int32Array(copy.buffer);
}

function int32ToStored(words: Int32Array, count: number, t: ColumnType, out: RawColumn, column: FileColumn, target: ChunkTarget): void {
  const w = storedWidth(t);
  switch (t.tag) {
    case TypeTag.INT: case TypeTag.IPV4:
      out.bytes.set(new Uint8Array(words.buffer, words.byteOffset, count * 4));
      return;
    case TypeTag.BYTE: { const d = new Int8Array(out.bytes.buffer, 0, count); for (let i = 0; i < count; i++) d[i] = words[i]; return; }
    case TypeTag.SHORT: case TypeTag.CHAR: { const d = new Int16Array(out.bytes.buffer, 0, count); for (let i = 0; i < count; i++) d[i] = words[i]; return; }
    case TypeTag.GEOHASH: {
      if (w === 8) throw mismatch(column, target);
      const d = w === 1 ? new Int8Array(out.bytes.buffer, 0, count) : w === 2 ? new Int16Array(out.bytes.buffer, 0, count) : new Int32Array(out.bytes.buffer, 0, count);
      for (let i = 0; i < count; i++) d[i] = words[i];
      return;
    }
    default: throw mismatch(column, target);
  }
}

function byteArraysToStored(b: Uint8Array, pos: number, end: number, count: number, out: RawColumn, column: FileColumn, target: ChunkTarget): void {
  const t = target.type;
  const w = out.width;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const isVar = w === 0;
  const symbol = t.tag === TypeTag.SYMBOL ? target.symbolKey : undefined;
  if (t.tag === TypeTag.SYMBOL && !symbol) throw mismatch(column, target);
  const keys = symbol ? new Int32Array(out.bytes.buffer, 0, count) : undefined;
  const text = !isVar && !symbol;
  const bad = text && ![TypeTag.CHAR, TypeTag.IPV4, TypeTag.GEOHASH, TypeTag.LONG256, TypeTag.DECIMAL, TypeTag.UUID].includes(t.tag);
  if (bad || (isVar && t.tag === TypeTag.ARRAY)) throw mismatch(column, target);
  let p = pos;
  for (let i = 0; i < count; i++) {
    if (p + 4 > end) throw new Error(`a page holds fewer values than it says (${count})`);
    const len = dv.getUint32(p, true);
    p += 4;
    if (p + len > end) throw new Error('a BYTE_ARRAY value runs past its page');
    if (isVar) {
      out.reserve(1, len);
      out.bytes.set(b.subarray(p, p + len), out.byteLength);
      out.byteLength += len;
      (out.ends as Float64Array)[out.rows++] = out.byteLength;
    } else if (keys && symbol) {
      keys[i] = symbol(utf8.decode(b.subarray(p, p + len)));
    } else if (!textToStored(t, utf8.decode(b.subarray(p, p + len)), out.bytes, i * w)) {
      throw new Error(`Parquet column ${column.name} holds a value that is no ${typeName(t)}`);
    }
    p += len;
  }
}
