/**
 * The requests a listener is answering right now, so a shutdown that has to cut them after the grace
 * period (`http.shutdown.grace.period`) says which ones it cut: one Error line per request with its
 * method, path and how long it had been running. Tracking is a Set insert and delete per request.
 */
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Log } from '../log/log';

const MAX_URL_LENGTH = 200;

interface Running {
  readonly req: IncomingMessage;
  readonly startedAt: number;
}

export class InFlightRequests {
  private readonly running = new Set<Running>();

  /** Starts tracking the requests of `server`. */
  track(server: Server): void {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const entry: Running = { req, startedAt: performance.now() };
      this.running.add(entry);
      res.once('close', () => this.running.delete(entry));
    });
  }

  get size(): number {
    return this.running.size;
  }

  /** Logs one line per request still running; called just before their connections are closed. */
  logCut(log: Log, graceMs: number): void {
    const now = performance.now();
    for (const { req, startedAt } of this.running) {
      const url = (req.url ?? '').length > MAX_URL_LENGTH ? `${(req.url ?? '').slice(0, MAX_URL_LENGTH)}…` : req.url;
      log.error(`request cut by shutdown after the grace period [method=${req.method}, url=${url}, `
        + `runningMs=${Math.round(now - startedAt)}, graceMs=${graceMs}]`);
    }
  }
}
