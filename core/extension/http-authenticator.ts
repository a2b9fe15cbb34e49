/**
 * Checks credentials on routes that require them. When none is registered, every request passes.
 */
import { IncomingMessage } from 'node:http';
import { WorkerModule } from './worker-module';

export const HttpAuthenticator = Symbol.for('svc.HttpAuthenticator');

export interface HttpAuthenticator {
  /** True when authentication is configured at all (http.user/http.password or tokens). */
  readonly enabled: boolean;
  /** The principal name when the request's credentials are valid, else undefined. Constant-time. */
  authenticate(req: IncomingMessage): string | undefined;
  /**
   * Lets the min listener's worker thread check credentials itself. The module exports
   * `createWorkerAuthenticator(options: unknown): HttpAuthenticator`. Without it, while authentication
   * is enabled, the worker forwards every min-listener request to the main thread.
   */
  readonly worker?: WorkerModule;
}
