/**
 * Response compression (svc's own, beyond QuestDB's API): which `Content-Encoding` a response gets from the
 * request's `Accept-Encoding`, and the streaming encoder for it. gzip, deflate and br are node:zlib
 * streams; zstd compresses each chunk the route writes into its own frame with libzstd
 * (@toondepauw/node-zstd), and a zstd stream of concatenated frames is what every zstd decoder reads.
 * Levels are chosen for streaming speed (gzip 1-level ≈ 3× faster than 6 for ~10% more bytes).
 */
import { Transform, TransformCallback } from 'node:stream';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';
import { Encoder } from '@toondepauw/node-zstd';
import { ContentCoding } from './content-coding';

export type { ContentCoding };

/**
 * The first of `offered` (the server's order of preference) that `Accept-Encoding` accepts with q > 0
 * (RFC 9110 §12.5.3: `*` covers codings not named; `identity` never needs an encoder).
 */
export function negotiateEncoding(acceptEncoding: string | undefined, offered: readonly ContentCoding[]): ContentCoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding.trim() === '' || offered.length === 0) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const star = q.get('*');
  for (const coding of offered) {
    const weight = q.get(coding) ?? star ?? 0;
    if (weight > 0) return coding;
  }
  return undefined;
}

/** Encodes each written chunk as one zstd frame. */
class ZstdFrames extends Transform {
  private readonly encoder = new Encoder(3);

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (chunk.length === 0) { done(); return; }
    this.encoder.encode(chunk).then((frame) => done(null, frame), (e: unknown) => done(e instanceof Error ? e : new Error(String(e))));
  }
}

/** A streaming encoder whose output is the response body in `coding`. */
export function createEncoder(coding: ContentCoding): Transform {
  switch (coding) {
    case 'gzip': return createGzip({ level: 1 });
    case 'deflate': return createDeflate({ level: 1 });
    case 'br': return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    case 'zstd': return new ZstdFrames();
  }
}
