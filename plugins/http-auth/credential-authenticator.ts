/**
 * HTTP Basic (`http.user`/`http.password`) and Bearer tokens on the routes that
 * require credentials. Built from plain AuthSettings so the min listener's worker builds the same one
 * (auth-worker.ts). The principal is the user name for Basic and `token` for a bearer token.
 */
import { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { HttpAuthenticator } from '../../core/extension/http-authenticator';
import { WorkerModule } from '../../core/extension/worker-module';
import { AuthSettings, authEnabled } from './auth-settings';
import { matchesAnyDigest, matchesDigest, parseAuthorization, secretDigest } from './credentials';
import { TokenFile } from './token-file';

export const TOKEN_PRINCIPAL = 'token';

export class CredentialAuthenticator implements HttpAuthenticator {
  readonly enabled: boolean;
  readonly worker: WorkerModule;
  private readonly user: Buffer | undefined;
  private readonly password: Buffer | undefined;
  private readonly tokens: readonly Buffer[];
  private readonly tokenFile: TokenFile | undefined;

  constructor(readonly settings: AuthSettings, onError: (message: string) => void = () => undefined) {
    this.enabled = authEnabled(settings);
    this.user = settings.user === undefined ? undefined : secretDigest(settings.user);
    this.password = settings.password === undefined ? undefined : secretDigest(settings.password);
    this.tokens = settings.tokens.map(secretDigest);
    if (settings.tokenFile !== undefined) {
      this.tokenFile = new TokenFile(settings.tokenFile, onError);
      this.tokenFile.watch();
    }
    this.worker = { module: join(__dirname, 'auth-worker.js'), options: settings };
  }

  authenticate(req: IncomingMessage): string | undefined {
    const credentials = parseAuthorization(req.headers.authorization);
    if (credentials === undefined) return undefined;
    if (credentials.scheme === 'basic') {
      if (this.user === undefined || this.password === undefined) return undefined;
      // Both halves are always compared, so a right user name takes no longer to refuse than a wrong one.
      const userOk = matchesDigest(credentials.user, this.user);
      const passwordOk = matchesDigest(credentials.password, this.password);
      return userOk && passwordOk ? credentials.user : undefined;
    }
    const inline = matchesAnyDigest(credentials.token, this.tokens);
    const fromFile = this.tokenFile?.matches(credentials.token) ?? false;
    return inline || fromFile ? TOKEN_PRINCIPAL : undefined;
  }

  /** Stops watching the token file. */
  close(): void {
    this.tokenFile?.close();
  }
}
