/**
 * Reads one text value as the builder's type, as QuestDB's implicit string casts read it: integers by
 * digits only (a LONG may end in `L`), doubles in decimal or exponent form (`NaN`, `Infinity` too),
 * timestamps as epoch numbers or ISO text, IPv4, UUID, LONG256 `0x…`, geohash characters, DOUBLE arrays as
 * array text (`{1.5,2}`, `{"1.0","2.5"}` as pgjdbc inlines a java.sql.Array in its simple query mode, `[1.5,2]`)
 * with exactly the type's dimensions.
 */
import { TypeTag } from '../../data/column-type';
import { VectorBuilder } from '../../data/vector-builder';
import { parseIsoTimestampExact, parseIsoTimestampNanos } from '../../time/iso-timestamp';
import { parseArrayText } from '../arrays/array-text';
import { parseIpv4, parseUuid } from './sql-value';
import { parseGeohashExact, parseLong256 } from './text-to-binary-values';

const INTEGER = /^[-+]?\d+$/;
const LONG = /^([-+]?\d+)[lL]?$/;
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const LIMITS: Partial<Record<TypeTag, readonly [bigint, bigint]>> = {
  [TypeTag.BYTE]: [-128n, 127n], [TypeTag.SHORT]: [-32768n, 32767n], [TypeTag.INT]: [-2147483648n, 2147483647n],
  [TypeTag.LONG]: [-9223372036854775807n, 9223372036854775807n],
};

/** Appends `text` read as `b.type`; false (nothing appended) when it does not read as one. */
export function parseTextValue(b: VectorBuilder, text: string): boolean {
  const tag = b.type.tag;
  switch (tag) {
    case TypeTag.BYTE: case TypeTag.SHORT: case TypeTag.INT: case TypeTag.LONG: {
      const m = (tag === TypeTag.LONG ? LONG : INTEGER).exec(text);
      if (!m) return false;
      const value = BigInt(tag === TypeTag.LONG ? m[1] : text);
      const [lo, hi] = LIMITS[tag] as readonly [bigint, bigint];
      if (value < lo || value > hi) return false;
      if (tag === TypeTag.LONG) b.appendBigInt(value); else b.appendNumber(Number(value));
      return true;
    }
    case TypeTag.FLOAT: case TypeTag.DOUBLE: {
      const x = readDouble(text);
      if (x === undefined) return false;
      b.appendNumber(x);
      return true;
    }
    case TypeTag.TIMESTAMP_NS: {
      const epoch = LONG.exec(text);
      const ns = epoch ? BigInt(epoch[1]) : parseIsoTimestampNanos(text);
      if (ns === undefined) return false;
      b.appendBigInt(ns);
      return true;
    }
    case TypeTag.TIMESTAMP: case TypeTag.DATE: {
      const epoch = LONG.exec(text);
      if (epoch) { b.appendBigInt(BigInt(epoch[1])); return true; }
      const us = parseIsoTimestampExact(text);
      if (us === undefined) return false;
      if (tag === TypeTag.DATE) b.appendNumber(Math.floor(Number(us) / 1000));
      else if (typeof us === 'bigint') b.appendBigInt(us);
      else b.appendNumber(us);
      return true;
    }
    case TypeTag.IPV4: {
      const x = parseIpv4(text);
      if (x === undefined) return false;
      b.appendNumber(x);
      return true;
    }
    case TypeTag.UUID: return appendBytes(b, parseUuid(text));
    case TypeTag.LONG256: return appendBytes(b, parseLong256(text));
    case TypeTag.GEOHASH: {
      const x = parseGeohashExact(text, b.type.bits ?? 1);
      if (x === undefined) return false;
      if (typeof x === 'bigint') b.appendBigInt(x); else b.appendNumber(x);
      return true;
    }
    case TypeTag.BOOLEAN: {
      const lower = text.toLowerCase();
      if (lower !== 'true' && lower !== 'false') return false;
      b.appendNumber(lower === 'true' ? 1 : 0);
      return true;
    }
    case TypeTag.ARRAY: {
      const array = parseArrayText(text, b.type.dims ?? 1);
      if (!array) return false;
      b.appendArray(array.elements, array.shape);
      return true;
    }
    default: return false;
  }
}

/** A DOUBLE from text, or undefined when the text is not a number. */
export function readDouble(text: string): number | undefined {
  if (DECIMAL.test(text)) return Number(text);
  if (text === 'NaN') return NaN;
  if (text === 'Infinity' || text === '+Infinity') return Infinity;
  if (text === '-Infinity') return -Infinity;
  return undefined;
}

function appendBytes(b: VectorBuilder, bytes: Uint8Array | undefined): boolean {
  if (!bytes) return false;
  b.appendBytes(bytes);
  return true;
}
