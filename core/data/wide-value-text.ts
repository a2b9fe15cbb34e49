/**
 * The text of the 128- and 256-bit types, as every output prints them: UUID as 8-4-4-4-12 hex digits
 * and LONG256 `0x` + hex without leading zero bytes (so always an even number of digits; zero is `0x00`).
 * Null (every long the LONG null) is `null`.
 */
import { LONG_NULL_BIG } from './null-values';

function hex64(dv: DataView, offset: number): string {
  return dv.getBigUint64(offset, true).toString(16).padStart(16, '0');
}

/** UUID row `i` of `d` (lo long then hi long, little-endian). */
export function uuidText(d: Uint8Array, i: number): string | null {
  const dv = new DataView(d.buffer, d.byteOffset + i * 16, 16);
  if (dv.getBigInt64(0, true) === LONG_NULL_BIG && dv.getBigInt64(8, true) === LONG_NULL_BIG) return null;
  const h = hex64(dv, 8) + hex64(dv, 0);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** LONG256 row `i` of `d` (four longs, least significant first). */
export function long256Text(d: Uint8Array, i: number): string | null {
  const dv = new DataView(d.buffer, d.byteOffset + i * 32, 32);
  let allNull = true;
  for (let k = 0; k < 4; k++) if (dv.getBigInt64(k * 8, true) !== LONG_NULL_BIG) allNull = false;
  if (allNull) return null;
  let s = '';
  for (let k = 3; k >= 0; k--) s += hex64(dv, k * 8);
  s = s.replace(/^(00)+/, '');
  return `0x${s === '' ? '00' : s}`;
}
