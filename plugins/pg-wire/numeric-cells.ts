/**
 * DECIMAL columns as PostgreSQL's `numeric`: in text the exact digits with the column's scale
 * (`12.50`), in binary `numeric_send`'s form: ndigits, weight, sign and dscale (int16 each), then the
 * base-10000 digits, the first of them worth 10000^weight. A value is read from the vector's 32-byte
 * two's complement (core/data/decimal.ts).
 */
import { decimalAt, decimalText, scaleOf } from '../../core/data/decimal';
import { Vector } from '../../core/data/vector';
import { asciiCell, CellEncoder, nullCell } from './cell-encoder';

const NUMERIC_NEG = 0x4000;

export function numericTextCells(v: Vector): CellEncoder {
  const d = v.data as Uint8Array, scale = scaleOf(v.type);
  return (w, i) => {
    const x = decimalAt(d, i);
    if (x === null) nullCell(w); else asciiCell(w, decimalText(x, scale));
  };
}

export function numericBinaryCells(v: Vector): CellEncoder {
  const d = v.data as Uint8Array, scale = scaleOf(v.type);
  return (w, i) => {
    const x = decimalAt(d, i);
    if (x === null) { nullCell(w); return; }
    const bytes = numericBinary(x, scale);
    w.ensure(4 + bytes.length);
    w.int32(bytes.length);
    w.buf.set(bytes, w.pos);
    w.pos += bytes.length;
  };
}

/** numeric_send's bytes for `unscaled` × 10^-scale. */
export function numericBinary(unscaled: bigint, scale: number): Uint8Array {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const point = digits.length - scale;
  // Align the digits on the decimal point in groups of four, padding the integer part on the left and the fraction on the right.
  const left = (4 - (point % 4)) % 4;
  const aligned = '0'.repeat(left) + digits + '0'.repeat((4 - (scale % 4)) % 4);
  const groups: number[] = [];
  for (let k = 0; k < aligned.length; k += 4) groups.push(Number(aligned.slice(k, k + 4)));
  let weight = (point + left) / 4 - 1;
  let first = 0, last = groups.length;
  while (first < last && groups[first] === 0) { first++; weight--; }
  while (last > first && groups[last - 1] === 0) last--;
  const n = last - first;
  const out = Buffer.alloc(8 + 2 * n);
  out.writeInt16BE(n, 0);
  out.writeInt16BE(n === 0 ? 0 : weight, 2);
  out.writeUInt16BE(negative && n > 0 ? NUMERIC_NEG : 0, 4);
  out.writeInt16BE(scale, 6);
  for (let k = 0; k < n; k++) out.writeInt16BE(groups[first + k], 8 + 2 * k);
  return out;
}
