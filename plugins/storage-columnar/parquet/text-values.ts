/**
 * Column types a Parquet file holds as text (the export writer's CSV forms: IPv4 `1.2.3.4`, GEOHASH base-32
 * characters or binary digits, LONG256 `0x…`, DECIMAL `-12.34`, CHAR as one character, UUID text) back to
 * their stored bytes (column-type widths, little-endian). Returns false for text that does not convert.
 */
import { ColumnType, TypeTag } from '../../../core/data/column-type';
import { parseDecimalText, rescale, setDecimal } from '../../../core/data/decimal';
import { parseIpv4, parseUuid } from '../../../core/sql/vector/sql-value';
import { parseGeohashExact, parseLong256 } from '../../../core/sql/vector/text-to-binary-values';

export function textToStored(type: ColumnType, text: string, out: Uint8Array, at: number): boolean {
  const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
  switch (type.tag) {
    case TypeTag.CHAR: {
      if (text.length !== 1) return false;
      dv.setUint16(at, text.charCodeAt(0), true);
      return true;
    }
    case TypeTag.IPV4: {
      const v = parseIpv4(text);
      if (v === undefined) return false;
      dv.setInt32(at, v, true);
      return true;
    }
    case TypeTag.GEOHASH: {
      const bits = type.bits ?? 1;
      const v = /^[01]+$/.test(text) && text.length === bits && !(type.geoChars && bits % 5 === 0) ? BigInt(`0b${text}`) : parseGeohashExact(text, bits);
      if (v === undefined) return false;
      const w = bits <= 7 ? 1 : bits <= 15 ? 2 : bits <= 31 ? 4 : 8;
      const n = Number(v);
      if (w === 1) dv.setInt8(at, n);
      else if (w === 2) dv.setInt16(at, n, true);
      else if (w === 4) dv.setInt32(at, n, true);
      else dv.setBigInt64(at, BigInt(v), true);
      return true;
    }
    case TypeTag.LONG256: {
      const v = parseLong256(text);
      if (!v) return false;
      out.set(v, at);
      return true;
    }
    case TypeTag.UUID: {
      const v = parseUuid(text);
      if (!v) return false;
      out.set(v, at);
      return true;
    }
    case TypeTag.DECIMAL: {
      const parsed = parseDecimalText(text);
      if (!parsed) return false;
      const [unscaled, scale] = parsed;
      const value = rescale(unscaled, scale, type.scale ?? 0);
      setDecimal(out.subarray(at, at + 32), 0, value);
      return true;
    }
    default: return false;
  }
}
