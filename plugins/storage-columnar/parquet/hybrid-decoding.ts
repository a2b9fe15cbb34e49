/**
 * Parquet's integer encodings, read side (Encodings.md): the RLE / bit-packed hybrid (definition and
 * repetition levels, dictionary indices) and DELTA_BINARY_PACKED (INT32/INT64 pages of format v2). Plain
 * loops over typed arrays; a run or block that claims more than the buffer holds throws.
 */

/** Reads an unsigned LEB128 varint at `at[0]`, advancing it. */
export function readVarint(b: Uint8Array, at: { pos: number }): number {
  let v = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (at.pos >= b.length) throw new Error('encoded values end early');
    const x = b[at.pos++];
    v += (x & 0x7f) * scale;
    if (x < 0x80) return v;
    scale *= 128;
  }
  throw new Error('invalid varint');
}

function zigzag(u: number): number {
  return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
}

/**
 * Decodes `count` values of width `bitWidth` (≤ 32) from the hybrid runs in `b[pos..end)` into `out` from
 * `outAt`. Returns the position after the last run read.
 */
export function decodeHybrid(b: Uint8Array, pos: number, end: number, bitWidth: number, count: number,
  out: Int32Array | Uint8Array | Uint16Array, outAt = 0): number {
  if (bitWidth < 0 || bitWidth > 32) throw new Error(`invalid bit width ${bitWidth}`);
  const at = { pos };
  const byteWidth = (bitWidth + 7) >> 3;
  let o = outAt;
  const stop = outAt + count;
  if (stop > out.length) throw new Error('encoded values overflow their page');
  while (o < stop) {
    if (at.pos >= end) throw new Error('encoded levels end early');
    const header = readVarint(b, at);
    if ((header & 1) === 0) {
      const run = Math.floor(header / 2);
      let v = 0;
      for (let k = 0; k < byteWidth; k++) v |= b[at.pos + k] << (8 * k);
      at.pos += byteWidth;
      if (at.pos > end) throw new Error('encoded levels end early');
      const n = Math.min(run, stop - o);
      out.fill(v, o, o + n);
      o += n;
    } else {
      const groups = Math.floor(header / 2);
      const bytes = groups * bitWidth;
      if (at.pos + bytes > end) throw new Error('bit-packed run ends early');
      const n = Math.min(groups * 8, stop - o);
      unpack(b, at.pos, bitWidth, n, out, o);
      at.pos += bytes;
      o += n;
    }
  }
  return at.pos;
}

/** `n` little-endian bit-packed values of `width` ≤ 32 bits from byte `pos`. */
function unpack(b: Uint8Array, pos: number, width: number, n: number, out: Int32Array | Uint8Array | Uint16Array, o: number): void {
  if (width === 0) { out.fill(0, o, o + n); return; }
  const mask = width === 32 ? 0xffffffff : (1 << width) - 1;
  let bit = pos * 8;
  for (let i = 0; i < n; i++, bit += width) {
    const byte = bit >> 3;
    const shift = bit & 7;
    // Up to 32 + 7 bits span five bytes: gather four, then the fifth's bits when needed.
    let v = (b[byte] | (b[byte + 1] << 8) | (b[byte + 2] << 16) | (b[byte + 3] << 24)) >>> shift;
    if (shift + width > 32) v |= b[byte + 4] << (32 - shift);
    out[o + i] = width === 32 ? v | 0 : v & mask;
  }
}

/**
 * DELTA_BINARY_PACKED values from `b[pos..)` into `out` (doubles: exact while every value and delta is
 * below 2^53, which svc's writer guarantees and the decoder checks). Returns the values decoded.
 */
export function decodeDeltaBinaryPacked(b: Uint8Array, pos: number, out: Float64Array, outAt: number, max: number): number {
  const at = { pos };
  const blockSize = readVarint(b, at);
  const miniblocks = readVarint(b, at);
  const total = readVarint(b, at);
  let value = zigzag(readVarint(b, at));
  if (blockSize <= 0 || miniblocks <= 0 || blockSize % miniblocks !== 0 || total > max) throw new Error('invalid DELTA_BINARY_PACKED header');
  const perMini = blockSize / miniblocks;
  let o = outAt;
  if (total > 0) out[o++] = value;
  let left = total - 1;
  const widths = new Uint8Array(miniblocks);
  while (left > 0) {
    const minDelta = zigzag(readVarint(b, at));
    if (at.pos + miniblocks > b.length) throw new Error('DELTA_BINARY_PACKED block ends early');
    widths.set(b.subarray(at.pos, at.pos + miniblocks));
    at.pos += miniblocks;
    for (let m = 0; m < miniblocks && left > 0; m++) {
      const w = widths[m];
      if (w > 52) throw new Error(`DELTA_BINARY_PACKED width ${w} is beyond what this reader decodes exactly`);
      const bytes = (perMini * w) / 8;
      if (at.pos + bytes > b.length) throw new Error('DELTA_BINARY_PACKED miniblock ends early');
      const n = Math.min(perMini, left);
      let bit = at.pos * 8;
      if (w <= 25) {
        // A 32-bit window holds any 25 bits after a shift of up to 7.
        const mask = (1 << w) - 1;
        for (let i = 0; i < n; i++, bit += w) {
          const k = bit >> 3;
          value += minDelta + (((b[k] | (b[k + 1] << 8) | (b[k + 2] << 16) | (b[k + 3] << 24)) >>> (bit & 7)) & mask);
          out[o++] = value;
        }
      } else {
        for (let i = 0; i < n; i++, bit += w) {
          value += minDelta + readBits(b, bit, w);
          out[o++] = value;
        }
      }
      if (!Number.isSafeInteger(value)) throw new Error('DELTA_BINARY_PACKED value beyond 2^53');
      at.pos += bytes;
      left -= n;
    }
  }
  return total;
}

/** `w` ≤ 52 bits from bit offset `bit`, little-endian, as a number. */
function readBits(b: Uint8Array, bit: number, w: number): number {
  if (w === 0) return 0;
  let v = 0;
  let scale = 1;
  let got = 0;
  while (got < w) {
    const byte = b[(bit + got) >> 3];
    const shift = (bit + got) & 7;
    const take = Math.min(8 - shift, w - got);
    v += ((byte >> shift) & ((1 << take) - 1)) * scale;
    scale *= 2 ** take;
    got += take;
  }
  return v;
}
