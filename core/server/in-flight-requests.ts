/**
 * The requests a listener is answering right now, so a shutdown that has to cut them after the grace
 * period (`http.shutdown.grace.period`) says which ones it cut: one Error line per request with its
 * method, path and how long it had been running. Tracking is a Set insert and delete per request; the
 * same two events tell `activity` (BusyPoll) when the listener has work and when a request is over.
 */
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Log } from '../log/log';

const MAX_URL_LENGTH = 200;

interface Running {
  readonly req: IncomingMessage;
  readonly startedAt: number;
}

/** Told when a request starts and when it has been answered (or its connection closed). */
export interface RequestActivity {
  busy(): void;
  idle(): void;
}

export class InFlightRequests {
  private readonly running = new Set<Running>();

  /** Starts tracking the requests of `server`, telling `activity` as each starts and ends. */
  track(server: Server, activity?: RequestActivity): void {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const entry: Running = { req, startedAt: performance.now() };
      this.running.add(entry);
      activity?.busy();
      res.once('close', () => {
        this.running.delete(entry);
        activity?.idle();
      });
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
