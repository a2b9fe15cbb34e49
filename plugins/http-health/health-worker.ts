/** Loaded by the min listener's worker thread (core/server/min-worker.ts): the health route without the container. */
import { WorkerRouteHandler } from '../../core/extension/http-route';
import { ResponseFraming } from '../../core/server/response-framing';
import { answerHealth, isHealthOptions } from './health-answer';

export function createWorkerRoute(options: unknown, framing: ResponseFraming): WorkerRouteHandler {
  if (!isHealthOptions(options)) throw new Error('health worker route: bad options');
  return async ({ res }) => answerHealth(res, framing, options);
}
