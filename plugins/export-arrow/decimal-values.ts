/**
 * DECIMAL(p, s) columns as Arrow decimals. svc holds each value as its unscaled integer in 32 bytes of
 * little-endian two's complement (core/data/decimal.ts), which is Arrow's decimal256 layout as it is;
 * precisions up to 38 travel as decimal128 (the low 16 bytes: the value fits), which more readers load.
 * -2^255 (byte 31 = 0x80, the rest 0) is svc's null.
 */
import { Data, DataType, makeData } from 'apache-arrow';
import { DECIMAL_BYTES } from '../../core/data/decimal';
import { Vector } from '../../core/data/vector';
import { predicateValidity } from './validity';

/** Widest precision decimal128 holds. */
export const DECIMAL128_MAX_PRECISION = 38;

function isNullDecimal(d: Uint8Array, i: number): boolean {
  const o = i * DECIMAL_BYTES;
  if (d[o + DECIMAL_BYTES - 1] !== 0x80) return false;
  for (let k = 0; k < DECIMAL_BYTES - 1; k++) if (d[o + k] !== 0) return false;
  return true;
}

/** Arrow data of the first `n` rows of a DECIMAL vector, for `type` (decimal128 or decimal256). */
export function decimalColumn(type: DataType, v: Vector, n: number, bitWidth: number): Data {
  const src = v.data as Uint8Array;
  const validity = predicateValidity(n, (i) => isNullDecimal(src, i));
  const width = bitWidth / 8;
  const out = new Uint8Array(n * width);
  if (width === DECIMAL_BYTES) out.set(src.subarray(0, n * DECIMAL_BYTES));
  else for (let i = 0; i < n; i++) out.set(src.subarray(i * DECIMAL_BYTES, i * DECIMAL_BYTES + width), i * width);
  // A null row keeps svc's bytes under a cleared validity bit; readers ignore them.
  const words = new Uint32Array(out.buffer, 0, out.length / 4);
  return makeData({ type, length: n, nullCount: validity.nullCount, nullBitmap: validity.bitmap, data: words } as never);
}
