/**
 * Parquet's RLE / bit-packed hybrid (Encodings.md "RLE"), for definition and repetition levels and
 * dictionary indices. Levels are written as runs; indices as bit-packed groups of 8.
 */
import { ByteOutput } from '../export-csv/byte-output';

function varint(out: ByteOutput, v: number): void {
  while (v >= 0x80) { out.byte((v & 0x7f) | 0x80); v = Math.floor(v / 128); }
  out.byte(v);
}

/** Levels `levels[0..n)` with `bitWidth` ≤ 8 as RLE runs. */
export function rleLevels(out: ByteOutput, levels: Uint8Array, n: number): void {
  let i = 0;
  while (i < n) {
    const v = levels[i];
    let j = i + 1;
    while (j < n && levels[j] === v) j++;
    varint(out, (j - i) << 1);
    out.byte(v);
    i = j;
  }
}

/** Dictionary indices `idx[0..n)` as one bit-packed run (the bit width byte first, as data pages need). */
export function bitPackedIndices(out: ByteOutput, idx: Int32Array, n: number, bitWidth: number): void {
  out.byte(bitWidth);
  if (n === 0 || bitWidth === 0) {
    if (n > 0) { varint(out, n << 1); }
    return;
  }
  const groups = Math.ceil(n / 8);
  varint(out, (groups << 1) | 1);
  out.ensure(groups * bitWidth);
  const b = out.buf;
  let p = out.pos;
  const total = groups * 8;
  if (bitWidth <= 24) {
    // 32-bit accumulator: fewer than 8 bits are pending before each add, so 8 + 24 bits fit.
    let acc = 0;
    let bits = 0;
    for (let i = 0; i < total; i++) {
      acc |= (i < n ? idx[i] : 0) << bits;
      bits += bitWidth;
      while (bits >= 8) {
        b[p++] = acc & 255;
        acc >>>= 8;
        bits -= 8;
      }
    }
  } else {
    let acc = 0;
    let bits = 0;
    for (let i = 0; i < total; i++) {
      acc += (i < n ? idx[i] : 0) * 2 ** bits;
      bits += bitWidth;
      while (bits >= 8) {
        b[p++] = acc % 256;
        acc = Math.floor(acc / 256);
        bits -= 8;
      }
    }
  }
  out.pos = p;
}

export function bitWidthOf(maxValue: number): number {
  let w = 0;
  while (maxValue >= 2 ** w) w++;
  return w;
}
