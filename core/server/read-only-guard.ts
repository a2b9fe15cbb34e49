/**
 * `http.security.readonly=true`: the HTTP API answers reads only. Routes that write ask
 * this guard before touching anything: /exec for every statement that is not a SELECT (or other read),
 * /imp before reading the body, ILP /write before parsing. The answer is 403 `Forbidden`; /exec frames it
 * as its JSON error (`{query, error, position: 0}`), /imp as its request-level failure text.
 * Resolve it with `container.resolve(ReadOnlyGuard)` or `@inject(ReadOnlyGuard)` (no registration needed).
 */
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../config/server-config';
import { HTTP_SECURITY_READONLY } from '../config/server-keys';
import { SvcError } from '../errors';

export const READ_ONLY_MESSAGE = 'Write permission denied: the server is read-only [http.security.readonly=true]';

@injectable()
export class ReadOnlyGuard {
  readonly readOnly: boolean;

  constructor(@inject(ServerConfig) config: ServerConfig) {
    this.readOnly = config.get(HTTP_SECURITY_READONLY);
  }

  /** Throws SvcError 403 with READ_ONLY_MESSAGE when writes are off. */
  assertWritable(): void {
    if (this.readOnly) throw new SvcError(READ_ONLY_MESSAGE, 403);
  }
}
