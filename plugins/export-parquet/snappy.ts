/**
 * Snappy block compression (the raw format Parquet's SNAPPY codec uses): a varint of the input
 * length, then literals and copies found with a 14-bit hash of 4-byte sequences, as QuestDB
 * compressor does. Inputs are split in 64 KB blocks so offsets fit the 2-byte copy form.
 */
import { ByteOutput } from '../export-csv/byte-output';

const BLOCK = 65536;
const table = new Int32Array(1 << 14);

function hash(x: number): number {
  return Math.imul(x, 0x1e35a7bd) >>> 18;
}

function load32(s: Uint8Array, i: number): number {
  return s[i] | (s[i + 1] << 8) | (s[i + 2] << 16) | (s[i + 3] << 24);
}

function literal(out: ByteOutput, src: Uint8Array, start: number, end: number): void {
  const n = end - start - 1;
  if (n < 0) return;
  if (n < 60) out.byte(n << 2);
  else if (n < 256) { out.byte(60 << 2); out.byte(n); }
  else { out.byte(61 << 2); out.byte(n & 255); out.byte(n >> 8); }
  out.bytes(src, start, end);
}

function copy(out: ByteOutput, offset: number, length: number): void {
  while (length >= 68) { out.byte((63 << 2) | 2); out.byte(offset & 255); out.byte(offset >> 8); length -= 64; }
  if (length > 64) { out.byte((59 << 2) | 2); out.byte(offset & 255); out.byte(offset >> 8); length -= 60; }
  if (length >= 12 || offset >= 2048) { out.byte(((length - 1) << 2) | 2); out.byte(offset & 255); out.byte(offset >> 8); return; }
  out.byte(((offset >> 8) << 5) | ((length - 4) << 2) | 1);
  out.byte(offset & 255);
}

function block(out: ByteOutput, src: Uint8Array, start: number, end: number): void {
  table.fill(-1);
  let lit = start;
  let i = start;
  const limit = end - 4;
  while (i < limit) {
    const x = load32(src, i);
    const h = hash(x);
    const cand = table[h];
    table[h] = i;
    if (cand >= start && load32(src, cand) === x) {
      literal(out, src, lit, i);
      let len = 4;
      while (i + len < end && src[cand + len] === src[i + len]) len++;
      copy(out, i - cand, len);
      i += len;
      lit = i;
    } else {
      i++;
    }
  }
  literal(out, src, lit, end);
}

export function snappyCompress(src: Uint8Array): Uint8Array {
  const out = new ByteOutput(src.length + (src.length >> 4) + 16);
  let n = src.length;
  while (n >= 0x80) { out.byte((n & 0x7f) | 0x80); n = Math.floor(n / 128); }
  out.byte(n);
  for (let s = 0; s < src.length; s += BLOCK) block(out, src, s, Math.min(src.length, s + BLOCK));
  return out.take();
}
