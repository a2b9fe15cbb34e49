/**
 * The password exchange of one login after the StartupMessage: asks for the password the configured
 * way (`pg.auth.method`) and checks the PasswordMessage / SASL responses. The password never leaves
 * this exchange (log lines name only the user).
 */
import { randomBytes } from 'node:crypto';
import { authenticationCleartextPassword, authenticationMd5Password, authenticationSasl, authenticationSaslContinue, authenticationSaslFinal } from './backend-messages';
import { BackendWriter } from './backend-writer';
import { MessageBody } from './message-body';
import { PgCredentials, PgUser } from './pg-credentials';
import { SCRAM_MECHANISM, ScramExchange } from './scram-exchange';

export type AuthMethod = 'cleartext' | 'md5' | 'scram-sha-256';

/** `continue`: another message is expected; a user: logged in; undefined: wrong user or password. */
export type LoginStep = 'continue' | PgUser | undefined;

export class PasswordLogin {
  private readonly salt = randomBytes(4);
  private readonly user: PgUser | undefined;
  private scram: ScramExchange | undefined;
  private scramStep = 0;

  constructor(private readonly method: AuthMethod, private readonly credentials: PgCredentials, userName: string) {
    this.user = credentials.find(userName);
  }

  request(w: BackendWriter): void {
    if (this.method === 'cleartext') authenticationCleartextPassword(w);
    else if (this.method === 'md5') authenticationMd5Password(w, this.salt);
    else authenticationSasl(w, [SCRAM_MECHANISM]);
  }

  async respond(body: Buffer, w: BackendWriter): Promise<LoginStep> {
    const r = new MessageBody(body);
    if (this.method === 'cleartext') return this.credentials.cleartextMatches(this.user, r.cstring()) ? this.user : undefined;
    if (this.method === 'md5') return this.credentials.md5Matches(this.user, r.cstring(), this.salt) ? this.user : undefined;
    if (this.scramStep === 0) {
      const mechanism = r.cstring();
      const length = r.int32();
      if (mechanism !== SCRAM_MECHANISM || length < 0) return undefined;
      this.scram = new ScramExchange(this.user?.password);
      const serverFirst = this.scram.first(r.bytes(length).toString('utf8'));
      if (!serverFirst) return undefined;
      authenticationSaslContinue(w, Buffer.from(serverFirst, 'utf8'));
      this.scramStep = 1;
      return 'continue';
    }
    const serverFinal = await this.scram?.final(r.bytes(r.remaining).toString('utf8'));
    if (!serverFinal || !this.user) return undefined;
    authenticationSaslFinal(w, Buffer.from(serverFinal, 'utf8'));
    return this.user;
  }
}
