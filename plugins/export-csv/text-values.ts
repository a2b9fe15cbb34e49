/**
 * Text of the types that CSV and JSON-ish exports print the same way: UUID, IPv4, LONG256, GEOHASH,
 * ARRAY (`[1.0,2.0]`, nested per dimension) and FLOAT's shortest text.
 */
import { geohashText as formatGeohash } from '../../core/sql/vector/text-to-binary-values';
import { ColumnType } from '../../core/data/column-type';
import { long256Text as wideLong256Text, uuidText as wideUuidText } from '../../core/data/wide-value-text';
import { Vector } from '../../core/data/vector';
import { ByteOutput } from './byte-output';
import { writeDouble } from './number-text';


/** UUID row `i` → 8-4-4-4-12 hex digits; undefined for null. */
export function uuidText(v: Vector, i: number): string | undefined {
  return wideUuidText(v.data as Uint8Array, i) ?? undefined;
}

/** LONG256 row `i` → `0x…` in whole bytes; undefined for null. */
export function long256Text(v: Vector, i: number): string | undefined {
  return wideLong256Text(v.data as Uint8Array, i) ?? undefined;
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
  // -0.0 keeps its sign (as QuestDB prints it): its shortest candidate 0 compares equal to it.
  if (f === 0) { writeDouble(out, f); return; }
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

