/**
 * Text of the types that CSV and JSON-ish exports print the same way: UUID, IPv4, LONG256, GEOHASH,
 * ARRAY (`[1.0,2.0]`, nested per dimension) and FLOAT's shortest text.
 */
import { geohashText as formatGeohash } from '../../core/sql/vector/text-to-binary-values';
import { ColumnType } from '../../core/data/column-type';
import { LONG_NULL_BIG } from '../../core/data/null-values';
import { Vector } from '../../core/data/vector';
import { ByteOutput } from './byte-output';
import { writeDouble } from './number-text';


function hex64(dv: DataView, offset: number): string {
  return dv.getBigUint64(offset, true).toString(16).padStart(16, '0');
}

/** UUID row `i` (lo long then hi long, little-endian) → `xxxxxxxx-xxxx-…`; undefined for null. */
export function uuidText(v: Vector, i: number): string | undefined {
  const b = v.data as Uint8Array;
  const dv = new DataView(b.buffer, b.byteOffset + i * 16, 16);
  if (dv.getBigInt64(0, true) === LONG_NULL_BIG && dv.getBigInt64(8, true) === LONG_NULL_BIG) return undefined;
  const h = hex64(dv, 8) + hex64(dv, 0);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** LONG256 row `i` (4 longs, least significant first) → minimal `0x…`; undefined for null. */
export function long256Text(v: Vector, i: number): string | undefined {
  const b = v.data as Uint8Array;
  const dv = new DataView(b.buffer, b.byteOffset + i * 32, 32);
  let allNull = true;
  for (let k = 0; k < 4; k++) if (dv.getBigInt64(k * 8, true) !== LONG_NULL_BIG) allNull = false;
  if (allNull) return undefined;
  let s = '';
  for (let k = 3; k >= 0; k--) s += hex64(dv, k * 8);
  s = s.replace(/^0+/, '');
  return '0x' + (s === '' ? '0' : s);
}

export function ipv4Text(bits: number): string {
  return `${(bits >>> 24) & 255}.${(bits >>> 16) & 255}.${(bits >>> 8) & 255}.${bits & 255}`;
}

/** GEOHASH bits → base-32 characters (char precision) or binary digits (bit precision); exact for a bigint. */
export function geohashText(type: ColumnType, hash: number | bigint): string {
  return formatGeohash(type.bits ?? 1, type.geoChars === true, hash);
}

/** FLOAT's shortest decimal text that reads back to the same float32. */
export function writeFloat(out: ByteOutput, f: number): void {
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(f.toPrecision(p));
    if (Math.fround(candidate) === f) { writeDouble(out, candidate); return; }
  }
  writeDouble(out, f);
}

/** ARRAY row `i` as nested brackets; elements as doubles, NaN as `null`. */
export function writeArray(out: ByteOutput, v: Vector, i: number): void {
  const offsets = v.offsets as Int32Array;
  const data = v.data as Float64Array;
  const dims = v.type.dims ?? 1;
  const start = offsets[i];
  const count = offsets[i + 1] - start;
  const shape: number[] = dims === 1 || !v.shapes ? [count] : Array.from(v.shapes.subarray(i * dims, (i + 1) * dims));
  let k = start;
  const level = (d: number): void => {
    out.byte(91);
    for (let j = 0; j < shape[d]; j++) {
      if (j > 0) out.byte(44);
      if (d + 1 < shape.length) level(d + 1);
      else {
        const x = data[k++];
        if (Number.isFinite(x)) writeDouble(out, x); else out.ascii('null');
      }
    }
    out.byte(93);
  };
  level(0);
}

