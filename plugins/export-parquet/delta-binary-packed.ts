/**
 * DELTA_BINARY_PACKED (Encodings.md) for INT64 pages of `parquet_version=2`: timestamps grow by small
 * steps, so deltas of 1–3 bytes replace 8-byte values and the compressor gets an eighth of the input.
 * Blocks of 128 deltas in 4 miniblocks of 32, each bit-packed at its own width. Values arrive as
 * (lo, hi) word pairs; the caller only uses this when every value and delta is a safe integer.
 */
import { ByteOutput } from '../export-csv/byte-output';

const BLOCK = 128;
const MINI = 32;
const TWO32 = 4294967296;

function varint(out: ByteOutput, v: number): void {
  while (v >= 0x80) { out.byte((v % 128) | 0x80); v = Math.floor(v / 128); }
  out.byte(v);
}

function zigzag(out: ByteOutput, v: number): void {
  varint(out, v >= 0 ? v * 2 : -v * 2 - 1);
}

/** The n values as numbers, or undefined when one is beyond ±2^51 (deltas minus their minimum must stay below 2^53). */
export function int64Numbers(words: Uint32Array, n: number): Float64Array | undefined {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = (words[i * 2 + 1] | 0) * TWO32 + words[i * 2];
    if (x > 2251799813685248 || x < -2251799813685248) return undefined;
    out[i] = x;
  }
  return out;
}

function pack(out: ByteOutput, d: Float64Array, start: number, count: number, min: number, width: number): void {
  if (width === 0) return;
  out.ensure(width * 4);
  const b = out.buf;
  let p = out.pos;
  let acc = 0;
  let bits = 0;
  if (width <= 24) {
    // 32-bit accumulator: fewer than 8 bits are pending before each add, so 8 + 24 bits fit.
    for (let i = 0; i < MINI; i++) {
      acc |= (i < count ? d[start + i] - min : 0) << bits;
      bits += width;
      while (bits >= 8) { b[p++] = acc & 255; acc >>>= 8; bits -= 8; }
    }
    out.pos = p;
    return;
  }
  for (let i = 0; i < MINI; i++) {
    let v = i < count ? d[start + i] - min : 0;
    // Up to 53-bit values: emit whole bytes as they fill, with float arithmetic above 24 bits.
    let left = width;
    while (left > 0) {
      const take = Math.min(left, 8 - bits, 24);
      const part = v % 2 ** take;
      acc |= part << bits;
      v = (v - part) / 2 ** take;
      bits += take;
      left -= take;
      if (bits === 8) { b[p++] = acc; acc = 0; bits = 0; }
    }
  }
  out.pos = p;
}

export function deltaBinaryPacked(values: Float64Array): Uint8Array {
  const n = values.length;
  const out = new ByteOutput(n * 2 + 64);
  varint(out, BLOCK);
  varint(out, BLOCK / MINI);
  varint(out, n);
  zigzag(out, n > 0 ? values[0] : 0);
  const deltas = new Float64Array(BLOCK);
  for (let s = 1; s < n; s += BLOCK) {
    const count = Math.min(BLOCK, n - s);
    let min = Infinity;
    for (let i = 0; i < count; i++) {
      const d = values[s + i] - values[s + i - 1];
      deltas[i] = d;
      if (d < min) min = d;
    }
    zigzag(out, min);
    const widths = new Uint8Array(BLOCK / MINI);
    const minis = Math.ceil(count / MINI);
    for (let m = 0; m < minis; m++) {
      let max = 0;
      for (let i = m * MINI; i < Math.min(count, (m + 1) * MINI); i++) if (deltas[i] - min > max) max = deltas[i] - min;
      let w = 0;
      while (max >= 2 ** w) w++;
      widths[m] = w;
    }
    out.bytes(widths);
    for (let m = 0; m < minis; m++) pack(out, deltas, m * MINI, Math.min(MINI, count - m * MINI), min, widths[m]);
  }
  return out.take();
}
