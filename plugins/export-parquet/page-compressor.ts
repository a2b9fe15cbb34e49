/**
 * Compresses one page body with the chosen codec and level. GZIP and BROTLI use node:zlib with the
 * level; ZSTD uses libzstd through @toondepauw/node-zstd (a native build shipped inside the npm
 * package) because Node 20 has no zstd in zlib. The slow codecs run on the libuv thread pool, so the
 * next page is encoded while this one compresses.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Encoder } from '@toondepauw/node-zstd';
import { lz4BlockCompress } from './lz4-block';
import { Codec } from './parquet-options';
import { snappyCompress } from './snappy';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** parquet.thrift CompressionCodec. */
export const CODEC_ID: Readonly<Record<Codec, number>> = {
  UNCOMPRESSED: 0, SNAPPY: 1, GZIP: 2, BROTLI: 4, ZSTD: 6, LZ4_RAW: 7,
};

export type PageCompressor = (body: Uint8Array) => Uint8Array | Promise<Uint8Array>;

export function pageCompressor(codec: Codec, level: number): PageCompressor {
  switch (codec) {
    case 'UNCOMPRESSED': return (b) => b;
    case 'SNAPPY': return snappyCompress;
    case 'LZ4_RAW': return lz4BlockCompress;
    case 'GZIP': return (b) => gzipAsync(b, { level });
    case 'BROTLI': return (b) => brotliAsync(b, {
      params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    });
    case 'ZSTD': {
      const encoder = new Encoder(level);
      return (b) => encoder.encode(Buffer.from(b.buffer, b.byteOffset, b.length));
    }
  }
}
