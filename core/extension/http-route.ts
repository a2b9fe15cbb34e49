/**
 * A route on one of the two listeners. The listeners are assembled from every registered HttpRoute:
 * `api` (restify, default 0.0.0.0:9000) and `min` (default 0.0.0.0:9003).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorShape } from '../server/error-shape';
import { WorkerModule } from './worker-module';

export const HttpRoute = Symbol.for('svc.HttpRoute');

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

export interface HttpExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The path without the query string. */
  readonly path: string;
  /** URL query parameters (decoded). */
  readonly params: URLSearchParams;
  /** Aborted when the client closes the connection before the response has ended. */
  readonly signal: AbortSignal;
  /** `process.hrtime.bigint()` when the request arrived. */
  readonly startNanos: bigint;
  /** Time spent authenticating, in nanoseconds (timings.authentication). */
  readonly authNanos: bigint;
}

export interface HttpRoute {
  readonly listener: 'api' | 'min';
  /** Exact path (`/exec`), or `*` for every path no other route of the listener claims. */
  readonly path: string;
  readonly methods: readonly HttpMethod[];
  /**
   * Whether the request must carry credentials when authentication is configured (default true).
   * A function decides per method (GET /settings is open, PUT is not).
   */
  readonly requiresAuth?: boolean | ((method: string) => boolean);
  /**
   * Handles one request. Throw SvcError for an error answer (its status, the message in `errorShape`); anything
   * else is a 500. After the response has started, a thrown error closes the connection.
   */
  handle(exchange: HttpExchange): Promise<void>;
  /** The body of this route's error answers for one request (default: the message as text/plain). */
  readonly errorShape?: (exchange: HttpExchange) => ErrorShape;
  /**
   * Min-listener routes only: the worker thread answers this route itself (no main-thread hop), so it
   * answers while the main thread is busy. The module exports
   * `createWorkerRoute(options: unknown, framing: ResponseFraming): (exchange: HttpExchange) => Promise<void>`
   * and must answer exactly as `handle` does. Without it the worker forwards the request to `handle`.
   */
  readonly worker?: WorkerModule;
}

/** What a `worker` route module exports. */
export type WorkerRouteHandler = (exchange: HttpExchange) => Promise<void>;
