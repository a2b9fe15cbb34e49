/**
 * Decompresses one page body by its chunk's codec (parquet.thrift CompressionCodec): ZSTD through libzstd
 * (@toondepauw/node-zstd, on the libuv thread pool), GZIP and BROTLI through node:zlib (thread pool too),
 * SNAPPY and LZ4_RAW in small loops here (the block formats the export writer produces). The result must be
 * exactly the page's uncompressed size; anything else is a damaged file.
 */
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { Decoder } from '@toondepauw/node-zstd';

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);
const zstd = new Decoder();

export const CODEC_NAMES: Readonly<Record<number, string>> = {
  0: 'UNCOMPRESSED', 1: 'SNAPPY', 2: 'GZIP', 3: 'LZO', 4: 'BROTLI', 5: 'LZ4', 6: 'ZSTD', 7: 'LZ4_RAW',
};

export async function decompressPage(codec: number, body: Uint8Array, size: number): Promise<Uint8Array> {
  let out: Uint8Array;
  switch (codec) {
    case 0: out = body; break;
    case 1: out = snappyDecompress(body, size); break;
    case 2: out = await gunzipAsync(body); break;
    case 4: out = await brotliAsync(body); break;
    case 6: out = await zstd.decode(Buffer.from(body.buffer, body.byteOffset, body.length)); break;
    case 7: out = lz4BlockDecompress(body, size); break;
    default: throw new Error(`unsupported compression codec ${CODEC_NAMES[codec] ?? codec}`);
  }
  if (out.length !== size) throw new Error(`a page decompressed to ${out.length} bytes, its header says ${size}`);
  return out;
}

/** An LZ4 block (no frame) of `size` decompressed bytes. */
export function lz4BlockDecompress(src: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let i = 0;
  let o = 0;
  const n = src.length;
  while (i < n) {
    const token = src[i++];
    let lit = token >> 4;
    if (lit === 15) {
      let b: number;
      do { if (i >= n) throw bad(); b = src[i++]; lit += b; } while (b === 255);
    }
    if (i + lit > n || o + lit > size) throw bad();
    out.set(src.subarray(i, i + lit), o);
    i += lit;
    o += lit;
    if (i >= n) break;
    if (i + 2 > n) throw bad();
    const offset = src[i] | (src[i + 1] << 8);
    i += 2;
    let len = (token & 15) + 4;
    if ((token & 15) === 15) {
      let b: number;
      do { if (i >= n) throw bad(); b = src[i++]; len += b; } while (b === 255);
    }
    if (offset === 0 || offset > o || o + len > size) throw bad();
    copyMatch(out, o, offset, len);
    o += len;
  }
  if (o !== size) throw bad();
  return out;
}

/** Raw Snappy (varint length, then literal and copy elements). */
export function snappyDecompress(src: Uint8Array, size: number): Uint8Array {
  let i = 0;
  let length = 0;
  for (let shift = 1; ; shift *= 128) {
    if (i >= src.length || shift > 2 ** 35) throw bad();
    const b = src[i++];
    length += (b & 0x7f) * shift;
    if (b < 0x80) break;
  }
  if (length !== size) throw new Error(`a Snappy page says ${length} bytes, its header ${size}`);
  const out = new Uint8Array(size);
  let o = 0;
  const n = src.length;
  while (i < n) {
    const tag = src[i++];
    const kind = tag & 3;
    if (kind === 0) {
      let len = tag >> 2;
      if (len >= 60) {
        const bytes = len - 59;
        if (i + bytes > n) throw bad();
        len = 0;
        for (let k = 0; k < bytes; k++) len += src[i + k] * 2 ** (8 * k);
        i += bytes;
      }
      len += 1;
      if (i + len > n || o + len > size) throw bad();
      out.set(src.subarray(i, i + len), o);
      i += len;
      o += len;
      continue;
    }
    let len: number;
    let offset: number;
    if (kind === 1) {
      if (i >= n) throw bad();
      len = ((tag >> 2) & 7) + 4;
      offset = ((tag >> 5) << 8) | src[i++];
    } else if (kind === 2) {
      if (i + 2 > n) throw bad();
      len = (tag >> 2) + 1;
      offset = src[i] | (src[i + 1] << 8);
      i += 2;
    } else {
      if (i + 4 > n) throw bad();
      len = (tag >> 2) + 1;
      offset = (src[i] | (src[i + 1] << 8) | (src[i + 2] << 16) | (src[i + 3] << 24)) >>> 0;
      i += 4;
    }
    if (offset === 0 || offset > o || o + len > size) throw bad();
    copyMatch(out, o, offset, len);
    o += len;
  }
  if (o !== size) throw bad();
  return out;
}

/** A back-reference copy; overlapping when `offset < len` (a run), so byte by byte then. */
function copyMatch(out: Uint8Array, o: number, offset: number, len: number): void {
  const from = o - offset;
  if (offset >= len) {
    out.copyWithin(o, from, from + len);
    return;
  }
  for (let k = 0; k < len; k++) out[o + k] = out[from + k];
}

function bad(): Error {
  return new Error('damaged compressed page');
}
