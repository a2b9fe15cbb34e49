/**
 * Reads a /imp multipart body with formidable, straight from the socket: no temp file, no whole-part
 * buffer. formidable's `onPart` hook takes each part as it arrives, so the `data` part streams into the
 * consumer with backpressure (the request is paused until each chunk is parsed and appended) whether or not
 * the client gave it a Content-Type (a part without one would otherwise be collected as a string field).
 * After a failure the rest of the body is read and dropped, so the client can read the answer.
 */
import { IncomingMessage } from 'node:http';
import formidable, { multipart } from 'formidable';
import { SvcError } from '../../core/errors';
import { MultipartError, NON_MULTIPART } from './multipart-error';
import { guardPartHeaders } from './part-header-guard';
import { skipToBoundaries } from './boundary-skip';


export interface UploadConsumer {
  /** The `schema` part's text (called before any data, or the upload fails). */
  schema(text: string): void;
  /** The `data` part begins; `filename` from its Content-Disposition. */
  begin(filename: string | undefined): void;
  data(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

/** Resolves when the body is read and every chunk consumed; rejects with the first failure. */
export async function readUpload(req: IncomingMessage, consumer: UploadConsumer, partHeaderLimit: number): Promise<void> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^\s*multipart\/form-data/i.test(contentType)) {
    req.resume();
    throw new MultipartError(NON_MULTIPART, true);
  }
  const form = formidable({
    maxFileSize: Infinity,
    maxTotalFileSize: Infinity,
    allowEmptyFiles: true,
    minFileSize: 0,
    enabledPlugins: [multipart],
  });
  guardPartHeaders(form, partHeaderLimit);
  skipToBoundaries(form);
  let failure: unknown;
  let sawData = false;
  let chain: Promise<void> = Promise.resolve();
  const fail = (e: unknown): void => { failure ??= e; };
  let pending = 0;
  // Steps run one after another; the request stays paused while any is pending.
  const queue = (step: () => Promise<void>): void => {
    if (pending++ === 0) req.pause();
    chain = chain.then(() => (failure === undefined ? step() : undefined)).catch(fail).finally(() => {
      if (--pending === 0) req.resume();
    });
  };

  form.onPart = (part): void => {
    const name = part.name;
    if (name === null || name === undefined || name === '') {
      fail(new MultipartError("'Content-Disposition' multipart header missing'"));
    } else if (name === 'schema') {
      const chunks: Buffer[] = [];
      const afterData = sawData;
      part.on('data', (b: Buffer) => chunks.push(b));
      part.on('end', () => queue(async () => {
        if (afterData) throw SvcError.badRequest("the 'schema' part must come before the 'data' part");
        consumer.schema(Buffer.concat(chunks).toString('utf8'));
      }));
      return;
    } else if (name === 'data') {
      if (sawData) {
        fail(SvcError.badRequest("only one 'data' part is accepted"));
      } else {
        sawData = true;
        const filename = part.originalFilename ?? undefined;
        queue(async () => consumer.begin(filename));
        part.on('data', (b: Buffer) => queue(() => consumer.data(b)));
        part.on('end', () => queue(() => consumer.end()));
        return;
      }
    } else {
      fail(SvcError.badRequest("invalid value in 'Content-Disposition' multipart header"));
    }
    // A part nobody listens to is dropped as it streams by.
  };

  try {
    await form.parse(req);
  } catch (e) {
    // The client went away (the body stopped before its end); a decoded body (a stream that ended, then
    // was destroyed) did not: its malformed multipart is the client's framing like any other.
    if (req.readableAborted || (req.destroyed && !req.readableEnded && req.complete !== true)) {
      // The client went away: let the step in progress finish before the caller rolls back.
      failure ??= e;
      await chain.catch(() => undefined);
      throw e;
    }
    // Everything formidable rejects (no boundary, a body that ends inside a part or before the closing
    // boundary, garbage) is the client's framing: 400, never a 500.
    fail(e instanceof MultipartError ? e : new MultipartError(`malformed multipart request: ${e instanceof Error ? e.message : String(e)}`));
    req.resume();
  }
  await chain;
  if (failure !== undefined) throw failure;
  if (!sawData) throw SvcError.badRequest("no 'data' part in the request");
}
