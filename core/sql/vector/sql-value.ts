/**
 * One SQL value outside the vectors, for the slow paths (constants, INSERT VALUES, sort keys of
 * strings, hash keys of mixed types). Hot loops never use it. `null` is SQL NULL.
 * LONG/TIMESTAMP/DATE are numbers (bigint only beyond 2^53); CHAR and SYMBOL are strings;
 * UUID, IPv4, LONG256 and DECIMAL are their text forms.
 */
import { ColumnType, TypeTag } from '../../data/column-type';
import { INT_NULL, LONG_NULL } from '../../data/null-values';
import { decodeUtf8 } from '../../data/utf8';
import { Vector } from '../../data/vector';
import { decimalAt, decimalText, scaleOf } from '../../data/decimal';
import { long256Text, uuidText } from '../../data/wide-value-text';

export type SqlValue = number | string | boolean | bigint | Uint8Array | null;

export function readValue(v: Vector, i: number): SqlValue {
  const d = v.data;
  switch (v.type.tag) {
    case TypeTag.BOOLEAN: return d[i] !== 0;
    case TypeTag.BYTE: case TypeTag.SHORT: return d[i];
    case TypeTag.CHAR: return d[i] === 0 ? null : String.fromCharCode(d[i]);
    case TypeTag.INT: return d[i] === INT_NULL ? null : d[i];
    case TypeTag.IPV4: return d[i] === 0 ? null : ipv4Text(d[i]);
    case TypeTag.SYMBOL: return d[i] < 0 ? null : (v.symbols?.value(d[i]) ?? null);
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return Number.isNaN(d[i]) ? null : d[i];
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS:
      if (v.exact) return v.exact[i] === -9223372036854775808n ? null : (Number.isSafeInteger(Number(v.exact[i])) ? Number(v.exact[i]) : v.exact[i]);
      return d[i] === LONG_NULL ? null : d[i];
    case TypeTag.GEOHASH:
      if (d[i] === -1) return null;
      return v.exact && !Number.isSafeInteger(d[i]) ? v.exact[i] : d[i];
    case TypeTag.STRING: case TypeTag.VARCHAR: {
      if (v.nulls && v.nulls[i] === 1) return null;
      const o = v.offsets as Int32Array;
      return decodeUtf8(d as Uint8Array, o[i], o[i + 1]);
    }
    case TypeTag.BINARY: {
      if (v.nulls && v.nulls[i] === 1) return null;
      const o = v.offsets as Int32Array;
      return (d as Uint8Array).slice(o[i], o[i + 1]);
    }
    case TypeTag.UUID: return uuidText(d as Uint8Array, i);
    case TypeTag.LONG256: return long256Text(d as Uint8Array, i);
    case TypeTag.DECIMAL: {
      const x = decimalAt(d as Uint8Array, i);
      return x === null ? null : decimalText(x, scaleOf(v.type));
    }
    case TypeTag.NULL: return null;
    default: return null;
  }
}

export function isNullAt(v: Vector, i: number): boolean {
  return readValue(v, i) === null;
}

export function ipv4Text(x: number): string {
  return `${(x >>> 24) & 255}.${(x >>> 16) & 255}.${(x >>> 8) & 255}.${x & 255}`;
}

export function parseIpv4(s: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s.trim());
  if (!m) return undefined;
  const p = m.slice(1).map(Number);
  if (p.some((x) => x > 255)) return undefined;
  return ((p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3]) | 0;
}

export function parseUuid(s: string): Uint8Array | undefined {
  const h = s.trim().replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(h)) return undefined;
  const out = new Uint8Array(16);
  for (let k = 0; k < 16; k++) out[15 - k] = parseInt(h.slice(k * 2, k * 2 + 2), 16);
  return out;
}

/** A type's text in error messages and value formatting decisions. */
export function isTemporal(t: ColumnType): boolean {
  return t.tag === TypeTag.TIMESTAMP || t.tag === TypeTag.DATE;
}
