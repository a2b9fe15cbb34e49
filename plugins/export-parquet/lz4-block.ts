/**
 * LZ4 block compression (Parquet's LZ4_RAW codec: a bare LZ4 block, no frame). Greedy matching with a
 * 16-bit hash of 4-byte sequences; the last 5 bytes are always literals and no match starts in the
 * last 12, as the block format requires.
 */
import { ByteOutput } from '../export-csv/byte-output';

const table = new Int32Array(1 << 16);
const MIN_MATCH = 4;

function load32(s: Uint8Array, i: number): number {
  return s[i] | (s[i + 1] << 8) | (s[i + 2] << 16) | (s[i + 3] << 24);
}

function lengthBytes(out: ByteOutput, n: number): void {
  while (n >= 255) { out.byte(255); n -= 255; }
  out.byte(n);
}

function sequence(out: ByteOutput, src: Uint8Array, litStart: number, litEnd: number, offset: number, matchLen: number): void {
  const lit = litEnd - litStart;
  const ml = matchLen - MIN_MATCH;
  out.byte(((lit >= 15 ? 15 : lit) << 4) | (matchLen === 0 ? 0 : ml >= 15 ? 15 : ml));
  if (lit >= 15) lengthBytes(out, lit - 15);
  out.bytes(src, litStart, litEnd);
  if (matchLen === 0) return;
  out.byte(offset & 255); out.byte(offset >> 8);
  if (ml >= 15) lengthBytes(out, ml - 15);
}

export function lz4BlockCompress(src: Uint8Array): Uint8Array {
  const out = new ByteOutput(src.length + (src.length >> 8) + 32);
  const n = src.length;
  table.fill(-1);
  let lit = 0;
  let i = 0;
  const matchLimit = n - 12;
  while (i < matchLimit) {
    const x = load32(src, i);
    const h = Math.imul(x, 2654435761) >>> 16;
    const cand = table[h];
    table[h] = i;
    if (cand >= 0 && i - cand < 65536 && load32(src, cand) === x) {
      let len = MIN_MATCH;
      while (i + len < n - 5 && src[cand + len] === src[i + len]) len++;
      sequence(out, src, lit, i, i - cand, len);
      i += len;
      lit = i;
    } else {
      i++;
    }
  }
  sequence(out, src, lit, n, 0, 0);
  return out.take();
}
