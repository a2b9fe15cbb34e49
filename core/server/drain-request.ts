/**
 * Reads and drops the rest of a request body a route refused before reading it. A client still sending
 * its body when the answer goes out with `Connection: close` sees its next write fail (EPIPE, or a reset
 * that discards the answer), so a refusal is answered once the body has ended, or after `maxMs` when the
 * client keeps sending (the answer then goes out anyway).
 */
import { IncomingMessage } from 'node:http';

export function drainRequest(req: IncomingMessage, maxMs: number): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      req.off('end', done);
      req.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    timer.unref();
    req.on('end', done);
    req.on('close', done);
    // A decoder the body was piped into is left behind: the bytes are dropped undecoded.
    req.unpipe();
    req.resume();
  });
}
