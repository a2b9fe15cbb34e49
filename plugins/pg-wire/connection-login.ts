/**
 * The login of one connection, from its StartupMessage to ReadyForQuery: checks the protocol version and
 * the user name, runs the password exchange (`pg.auth.method`), and on success opens the session and
 * announces it (AuthenticationOk, ParameterStatus, BackendKeyData, ReadyForQuery). A failed login is
 * counted and logged with the user and the remote address, never the password.
 */
import { authenticationOk, backendKeyData, ErrorFields, negotiateProtocolVersion, parameterStatus, readyForQuery } from './backend-messages';
import { BackendWriter } from './backend-writer';
import { PasswordLogin } from './password-login';
import { PgSession } from './pg-session';
import { PgWireContext } from './pg-wire-context';
import { SQLSTATE } from './sql-state';
import type { StartupPacket } from './startup-packet';

type StartupMessage = Extract<StartupPacket, { kind: 'startup' }>;

export class ConnectionLogin {
  private exchange: PasswordLogin | undefined;
  private user = '';
  private parameters: ReadonlyMap<string, string> = new Map();

  /** `admit` is asked once the password is right: it refuses the session (FATAL) when the server has no room for it. */
  constructor(private readonly ctx: PgWireContext, private readonly processId: number, private readonly secretKey: number,
    private readonly admit: () => ErrorFields | undefined) {}

  /** True while a password message is expected. */
  get waiting(): boolean {
    return this.exchange !== undefined;
  }

  /** Checks the StartupMessage and asks for the password; returns the FATAL error to send when it is refused. */
  begin(p: StartupMessage, w: BackendWriter): ErrorFields | undefined {
    if (p.major !== 3) {
      return { severity: 'FATAL', code: SQLSTATE.FEATURE_NOT_SUPPORTED, message: `unsupported frontend protocol ${p.major}.${p.minor}: server supports 3.0 to 3.0` };
    }
    const unknownOptions = [...p.parameters.keys()].filter((k) => k.startsWith('_pq_.'));
    if (p.minor > 0 || unknownOptions.length > 0) negotiateProtocolVersion(w, 0, unknownOptions);
    const user = p.parameters.get('user');
    if (!user) return { severity: 'FATAL', code: '28000', message: 'no PostgreSQL user name specified in startup packet' };
    this.user = user;
    this.parameters = p.parameters;
    this.exchange = new PasswordLogin(this.ctx.authMethod, this.ctx.credentials, user);
    this.exchange.request(w);
    return undefined;
  }

  /** A password message: another one is expected, the session opened, or the FATAL error of a failed login. */
  async respond(body: Buffer, w: BackendWriter, remote: string): Promise<'continue' | PgSession | ErrorFields> {
    const step = await (this.exchange as PasswordLogin).respond(body, w);
    if (step === 'continue') return step;
    this.exchange = undefined;
    if (step === undefined) {
      this.ctx.metrics.authFailures++;
      this.ctx.log.error(`authentication failed [user=${this.user}, remote=${remote}]`);
      return { severity: 'FATAL', code: SQLSTATE.INVALID_PASSWORD, message: `password authentication failed for user "${this.user}"` };
    }
    const refused = this.admit();
    if (refused) return refused;
    const session = new PgSession(step.name, step.readOnly || this.ctx.readOnly, this.processId, this.secretKey, this.parameters, this.ctx.storage);
    authenticationOk(w);
    for (const [name, value] of session.reported()) parameterStatus(w, name, value);
    backendKeyData(w, this.processId, this.secretKey);
    readyForQuery(w, 'I');
    this.ctx.log.info(`connected [user=${step.name}, remote=${remote}, pid=${this.processId}, application=${this.parameters.get('application_name') ?? ''}]`);
    return session;
  }
}
