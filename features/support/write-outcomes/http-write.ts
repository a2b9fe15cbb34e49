/**
 * An HTTP request whose body is written chunk by chunk, honouring back-pressure, so a scenario can cut it
 * half-way (destroying the socket) or let a body run "endless" until it is cut. The answer is classified by
 * the route's own rule of success.
 */
import { request } from 'node:http';
import { Answer, failure, noAnswer, RunningWrite } from './answer';

export interface HttpWriteOptions {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** The body in pieces: chunk(i) is piece i, undefined after the last (never, for an endless body). */
  readonly chunk?: (i: number) => Buffer | undefined;
  /** `started` resolves after this many pieces were written (default: all, or at once without a body). */
  readonly startedAfter?: number;
  /** Success or error from the status and the body. */
  readonly classify: (status: number, body: string) => Answer;
}

export function httpWrite(port: number, options: HttpWriteOptions): RunningWrite {
  let markStarted = (): void => undefined;
  const started = new Promise<void>((r) => { markStarted = r; });
  const req = request({ host: '127.0.0.1', port, path: options.path, method: options.method, headers: options.headers, agent: false });
  const answer = new Promise<Answer>((resolve) => {
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve(options.classify(res.statusCode ?? 0, Buffer.concat(parts).toString('utf8'))));
      res.on('error', (e) => resolve(noAnswer(`response cut: ${e.message}`)));
      res.on('aborted', () => resolve(noAnswer('response cut')));
    });
    req.on('error', (e) => resolve(noAnswer(e.message)));
    req.on('close', () => resolve(noAnswer('connection closed before an answer')));
  });
  const chunk = options.chunk;
  if (!chunk) { req.end(); markStarted(); return { answer, started, cut: () => req.destroy() }; }
  let i = 0;
  const pump = (): void => {
    for (;;) {
      if (req.destroyed) return;
      const piece = chunk(i);
      if (piece === undefined) { req.end(); markStarted(); return; }
      i++;
      if (options.startedAfter !== undefined && i >= options.startedAfter) markStarted();
      if (!req.write(piece)) { req.once('drain', pump); return; }
    }
  };
  pump();
  return { answer, started, cut: () => req.destroy() };
}

/** /exec and /exp: 200 without an `error` key is success; anything else is the error it names. */
export function execAnswer(status: number, body: string): Answer {
  let json: { error?: unknown } | undefined;
  try { json = JSON.parse(body) as { error?: unknown }; } catch { json = undefined; }
  if (status === 200 && json && json.error === undefined) return { kind: 'success', detail: body.slice(0, 80) };
  return failure(typeof json?.error === 'string' ? json.error : `${status} ${body.slice(0, 200)}`, String(status));
}

/** /imp with fmt=json: 200 with status OK and no rejected row is success. */
export function importAnswer(status: number, body: string): Answer {
  let json: { status?: unknown; rowsRejected?: unknown; errors?: unknown } | undefined;
  try { json = JSON.parse(body) as { status?: unknown; rowsRejected?: unknown }; } catch { json = undefined; }
  if (status === 200 && json?.status === 'OK' && json.rowsRejected === 0) return { kind: 'success', detail: body.slice(0, 80) };
  return failure(`${status} ${typeof json?.status === 'string' ? json.status : body.slice(0, 200)}`, String(status));
}

/** /write and /api/v2/write: 204 is success. */
export function lineAnswer(status: number, body: string): Answer {
  return status === 204 ? { kind: 'success', detail: '204' } : failure(`${status} ${body.slice(0, 200)}`, String(status));
}
