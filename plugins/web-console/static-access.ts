/**
 * Who may read the web console's files. With `http.static.authentication.required=true` (the default) and
 * authentication configured, a request needs valid credentials, Basic or Bearer, like any protected route.
 * Unlike the API routes (whose 401 carries no challenge, as QuestDB's), a refused page load
 * answers with `WWW-Authenticate: Basic` when a user name and password are configured, so the browser asks
 * for them with its own prompt and then sends them on the app's API calls by itself.
 */
import { IncomingMessage } from 'node:http';
import { HttpAuthenticator } from '../../core/extension/http-authenticator';

export const BASIC_CHALLENGE = 'Basic realm="svc", charset="UTF-8"';

export class StaticAccess {
  constructor(
    private readonly required: boolean,
    private readonly authenticator: HttpAuthenticator | undefined,
    private readonly basicConfigured: boolean,
  ) {}

  /** True when the request may read static files. */
  allows(req: IncomingMessage): boolean {
    if (!this.required || !this.authenticator?.enabled) return true;
    return this.authenticator.authenticate(req) !== undefined;
  }

  /** Extra headers of the 401: the Basic challenge when a prompt can help. */
  challenge(): readonly (readonly [string, string])[] {
    return this.basicConfigured ? [['WWW-Authenticate', BASIC_CHALLENGE]] : [];
  }
}
