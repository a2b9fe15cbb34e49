/**
 * The health answer, shared by the main-thread route and the min listener's worker (which has no
 * container: it gets `HealthOptions` by structured clone, `errors` still shared memory).
 * 200 `text/plain` chunked `Status: Healthy` (15 bytes, no newline); with the pessimistic
 * check on and ≥1 unhandled error, 500 `Status: Unhealthy\nUnhandled errors: N`. Whenever the API listener
 * cannot take a new client (not listening, or every connection busy with a request), 503
 * `Status: Unhealthy\nAPI listener not accepting connections [connections=N, limit=L]`.
 */
import { ServerResponse } from 'node:http';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';

export const HEALTHY_BODY = 'Status: Healthy';

export interface HealthOptions {
  /** `metrics.enabled && http.pessimistic.health.check.enabled`. */
  readonly pessimistic: boolean;
  /** ErrorCounter.shared: element 0 is the unhandled-error count. */
  readonly errors: Int32Array;
  /** ServerMetrics.apiListener ([accepting, connections, limit]); absent when the API listener is disabled. */
  readonly api?: Int32Array;
}

export function isHealthOptions(x: unknown): x is HealthOptions {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return typeof o.pessimistic === 'boolean' && o.errors instanceof Int32Array && (o.api === undefined || o.api instanceof Int32Array);
}

export function answerHealth(res: ServerResponse, framing: ResponseFraming, options: HealthOptions): void {
  const api = options.api;
  if (api && Atomics.load(api, 0) === 0) {
    // The API listener is not listening, or every connection slot has a request in flight.
    framing.sendChunked(res, 503, CONTENT_TYPE.health,
      `Status: Unhealthy\nAPI listener not accepting connections [connections=${Atomics.load(api, 1)}, limit=${Atomics.load(api, 2)}]`);
    return;
  }
  const unhandled = options.pessimistic ? Atomics.load(options.errors, 0) : 0;
  if (unhandled > 0) {
    framing.sendChunked(res, 500, CONTENT_TYPE.health, `Status: Unhealthy\nUnhandled errors: ${unhandled}`);
    return;
  }
  framing.sendChunked(res, 200, CONTENT_TYPE.health, HEALTHY_BODY);
}
