/**
 * Checks credentials on routes that require them. When none is registered, every request passes.
 */
import { IncomingMessage } from 'node:http';

export const HttpAuthenticator = Symbol.for('svc.HttpAuthenticator');

export interface HttpAuthenticator {
  /** True when authentication is configured at all (http.user/http.password or tokens). */
  readonly enabled: boolean;
  /** The principal name when the request's credentials are valid, else undefined. Constant-time. */
  authenticate(req: IncomingMessage): string | undefined;
}
