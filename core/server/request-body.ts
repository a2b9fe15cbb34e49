/**
 * A request body as the route should read it: decompressed while it streams when the client sent
 * `Content-Encoding: gzip`, `deflate` or `br` (svc's own, beyond QuestDB's API; /imp uploads, POST /exec and
 * PUT /settings bodies), the raw request otherwise. An encoding it cannot decode is a 415. A body that expands
 * more than `http.decompression.ratio.limit` times past 16 MiB (a decompression bomb) fails with a 413 as
 * soon as it does (decompression-bound.ts).
 */
import { IncomingMessage } from 'node:http';
import { Readable, Transform, TransformCallback } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { HTTP_DECOMPRESSION_RATIO_LIMIT } from '../config/server-keys';
import { SvcError } from '../errors';
import { decompressionRefusal } from './decompression-bound';

/** The decoded body, with the request's headers minus those that described the encoded bytes. */
export interface DecodedBody {
  readonly stream: Readable;
  /** True when the body was compressed (its Content-Length no longer applies). */
  readonly decoded: boolean;
}

/** The key's default, for callers without the server's configuration (their own size caps bound them anyway). */
const DEFAULT_RATIO = HTTP_DECOMPRESSION_RATIO_LIMIT.parse(HTTP_DECOMPRESSION_RATIO_LIMIT.defaultText ?? '') ?? 1000;

/** Passes decoded bytes on while they stay within the decompression bound of the bytes received. */
class DecompressionGuard extends Transform {
  private decoded = 0;

  constructor(private readonly coding: string, private readonly ratio: number, private readonly received: () => number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.decoded += chunk.length;
    const refusal = decompressionRefusal(`${this.coding} request body`, this.received(), this.decoded, this.ratio);
    if (refusal !== undefined) { done(new SvcError(refusal, 413)); return; }
    done(null, chunk);
  }
}

export function decodedBody(req: IncomingMessage, ratioLimit = DEFAULT_RATIO): DecodedBody {
  const header = req.headers['content-encoding'];
  const coding = (Array.isArray(header) ? header.join(',') : header ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return { stream: req, decoded: false };
  const decoder = coding === 'gzip' || coding === 'x-gzip' ? createGunzip()
    : coding === 'deflate' ? createInflate()
      : coding === 'br' ? createBrotliDecompress() : undefined;
  if (!decoder) {
    req.resume();
    throw new SvcError(`unsupported Content-Encoding [encoding=${coding}], expected gzip, deflate or br`, 415);
  }
  let received = 0;
  req.on('data', (c: Buffer) => { received += c.length; });
  const guard = new DecompressionGuard(coding, ratioLimit, () => received);
  // Errors of the socket end the decoder too, and the decoder's the guard, so readers see one stream failing.
  req.on('error', (e) => decoder.destroy(e));
  req.on('aborted', () => decoder.destroy(new Error('request aborted')));
  decoder.on('error', (e) => guard.destroy(e));
  // A refused bomb stops the decoder: the rest of the body is read raw and dropped by the route.
  guard.on('error', () => { req.unpipe(decoder); decoder.destroy(); });
  req.pipe(decoder).pipe(guard);
  return { stream: guard, decoded: true };
}

/**
 * The request as a body reader should see it (a multipart parser reads `headers` and the stream): the
 * request itself, or the decoder with the request's headers minus Content-Length and Content-Encoding.
 * `failure()` gives a 400 naming the encoding when the compressed bytes were damaged.
 */
export function decodedRequest(req: IncomingMessage, ratioLimit = DEFAULT_RATIO): { readonly request: IncomingMessage; failure(): SvcError | undefined } {
  const { stream, decoded } = decodedBody(req, ratioLimit);
  if (!decoded) return { request: req, failure: () => undefined };
  let failure: SvcError | undefined;
  const coding = codingOf(req);
  stream.on('error', (e: Error) => {
    if (e instanceof SvcError) failure ??= e;
    else if (!req.readableAborted) failure ??= SvcError.badRequest(`invalid ${coding} request body [${e.message}]`);
  });
  const headers = { ...req.headers };
  // The decoded length is unknown: say so the way a chunked request does (a parser reading neither header
  // would take the body for empty).
  delete headers['content-length'];
  delete headers['content-encoding'];
  headers['transfer-encoding'] = 'chunked';
  // A stream with the request's headers is all a body parser (formidable) reads of a request.
  const request = Object.assign(stream, { headers, method: req.method, url: req.url, httpVersion: req.httpVersion });
  return { request: request as unknown as IncomingMessage, failure: () => failure };
}

/**
 * The whole (decoded) body as a Buffer, refusing more than `maxBytes` (413). Compressed bytes that do not
 * decode (cut short, damaged, not the coding named) are the client's error: a 400 naming the encoding,
 * as /imp and /write answer, never a 500.
 */
export async function readBody(req: IncomingMessage, maxBytes: number, ratioLimit = DEFAULT_RATIO): Promise<Buffer> {
  const { stream, decoded } = decodedBody(req, ratioLimit);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const b = chunk as Buffer;
      size += b.length;
      if (size > maxBytes) {
        stream.destroy();
        req.resume();
        throw new SvcError(`request body too large [limit=${maxBytes}]`, 413);
      }
      chunks.push(b);
    }
  } catch (e) {
    if (!decoded || e instanceof SvcError || req.readableAborted) throw e;
    req.resume();
    throw SvcError.badRequest(`invalid ${codingOf(req)} request body [${e instanceof Error ? e.message : String(e)}]`);
  }
  return Buffer.concat(chunks);
}

function codingOf(req: IncomingMessage): string {
  return String(req.headers['content-encoding']).trim().toLowerCase();
}
