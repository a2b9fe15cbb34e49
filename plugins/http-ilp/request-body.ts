/**
 * A /write body as a stream of chunks: as sent, or inflated while it arrives when `Content-Encoding: gzip`
 * (QuestDB answers 415 to gzip; accepting it is what InfluxDB clients expect). Inflated output past
 * `line.http.gzip.max.size`, or expanding more than `http.decompression.ratio.limit` times once past 16 MiB,
 * stops with 413, so a small gzip bomb cannot make the server parse gigabytes.
 * `onBytes` sees every byte received from the client (the bytes-received metric); once `stopInflating` says
 * so (a bad line was found), the rest of a gzip body is read and dropped without inflating it.
 */
import { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { LINE_HTTP_GZIP_MAX_SIZE } from '../../core/config/server-keys';
import { decompressionRefusal } from '../../core/server/decompression-bound';
import { LineError } from '../line-protocol/line-error';

/**
 * Reads and drops what is left of the body (an error found before or while reading it): a client that sends
 * its whole body before reading gets the answer instead of a reset connection.
 */
export function drainRequest(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', () => resolve());
    req.once('close', () => resolve());
    req.once('error', () => resolve());
    req.resume();
  });
}

export async function* requestBody(req: IncomingMessage, gzipMaxBytes: number, onBytes: (n: number) => void,
  stopInflating: () => boolean, ratioLimit = 0): AsyncGenerator<Uint8Array> {
  const encoding = (req.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') {
    // Not destroyed when the consumer stops early (an error mid-body): the rest is drained, so the answer arrives.
    try {
      for await (const chunk of req.iterator({ destroyOnReturn: false })) {
        const bytes = chunk as Buffer;
        onBytes(bytes.length);
        yield bytes;
      }
    } finally {
      req.resume();
    }
    return;
  }
  if (encoding !== 'gzip' && encoding !== 'x-gzip') {
    throw LineError.request(`unsupported content encoding [encoding=${encoding}], gzip or none expected`, 'not supported');
  }
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done): void {
      received += chunk.length;
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  const gunzip = createGunzip();
  req.on('error', (e) => counter.destroy(e));
  counter.on('error', (e) => gunzip.destroy(e));
  req.pipe(counter).pipe(gunzip);
  let inflated = 0;
  try {
    for await (const chunk of gunzip) {
      // After a bad line the rest is not inflated (a bomb behind it costs nothing); finally drains it raw.
      if (stopInflating()) break;
      const bytes = chunk as Buffer;
      inflated += bytes.length;
      if (inflated > gzipMaxBytes) {
        throw LineError.request(`gzip body inflates past ${gzipMaxBytes} bytes [${LINE_HTTP_GZIP_MAX_SIZE.name}=${gzipMaxBytes}]`, 'request too large');
      }
      const bomb = decompressionRefusal('gzip body', received, inflated, ratioLimit);
      if (bomb !== undefined) throw new LineError(bomb, undefined, 'request too large');
      yield bytes;
    }
  } catch (e) {
    if (isZlibError(e)) throw LineError.request('gzip decompression error', 'not supported');
    throw e;
  } finally {
    // Stop inflating; whatever the client still sends is read and dropped so the answer can go out.
    req.unpipe(counter);
    counter.unpipe(gunzip);
    gunzip.destroy();
    req.resume();
  }
}

/** zlib reports bad input with codes such as `Z_DATA_ERROR` and `Z_BUF_ERROR`. */
function isZlibError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' && e.code.startsWith('Z_');
}
