/**
 * One client connection: frames the bytes (FrontendReader), runs the start-up (SSL refusal, protocol
 * version, password login), then answers messages one at a time in arrival order, so pipelined messages
 * queue while a statement runs. The socket is paused while too much input waits, and output waits for
 * 'drain' (BackendWriter). A client that vanishes aborts its running statement; a protocol violation
 * (a bad length, a malformed body) answers FATAL 08P01 and closes the connection, leaving the others
 * untouched. The start-up must be done within `pg.net.startup.timeout`.
 */
import { Socket } from 'node:net';
import { SecureContext, TLSSocket } from 'node:tls';
import { errorMessage, isSvcError, SvcError } from '../../core/errors';
import { errorResponse, ErrorFields, readyForQuery } from './backend-messages';
import { ConnectionLogin } from './connection-login';
import { BackendWriter } from './backend-writer';
import { ExtendedQuery } from './extended-query';
import { FrontendMessage, FrontendReader } from './frontend-reader';
import { MessageBody } from './message-body';
import { PgSession } from './pg-session';
import { PgWireContext } from './pg-wire-context';
import { runSimpleQuery } from './simple-query';
import { SQLSTATE } from './sql-state';
import { parseStartupPacket } from './startup-packet';

const NO_ENCRYPTION = Buffer.from('N', 'latin1');
const TLS_ACCEPTED = Buffer.from('S', 'latin1');
/** Parse, Bind, Describe, Execute, Close: their answers are sent at the next Sync or Flush. */
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);

export class PgConnection {
  private readonly reader: FrontendReader;
  private w: BackendWriter;
  private socket: Socket;
  private readonly login: ConnectionLogin;
  private session: PgSession | undefined;
  private extended: ExtendedQuery | undefined;
  private busy = false;
  private closed = false;
  private paused = false;
  /** Output is waiting for the end of the current messages to be sent. */
  private answerDue = false;

  private readonly onData = (chunk: Buffer): void => this.receive(chunk);
  /** A COPY FROM STDIN waiting for its next message (pump is busy running the COPY meanwhile). */
  private inputWaiter: (() => void) | undefined;
  /** The next message while a statement runs (COPY FROM STDIN's CopyData); undefined once the client has gone. */
  private readonly input = async (): Promise<FrontendMessage | undefined> => {
    for (;;) {
      if (this.closed) return undefined;
      const m = this.next();
      if (m) return m;
      if (this.closed) return undefined;
      if (this.paused) { this.paused = false; this.socket.resume(); }
      await new Promise<void>((resolve) => { this.inputWaiter = resolve; });
    }
  };

  /** Until the login is done; it closes a connection that takes longer than `pg.net.startup.timeout`. */
  private startupTimer: NodeJS.Timeout | undefined;

  constructor(socket: Socket, private readonly ctx: PgWireContext, readonly processId: number, readonly secretKey: number,
    admit: () => ErrorFields | undefined) {
    this.socket = socket;
    this.login = new ConnectionLogin(ctx, processId, secretKey, admit);
    if (ctx.startupTimeoutMs > 0) {
      this.startupTimer = setTimeout(() => this.fatal({ severity: 'FATAL', code: SQLSTATE.PROTOCOL_VIOLATION, message: 'canceling authentication due to timeout' }), ctx.startupTimeoutMs);
      this.startupTimer.unref();
    }
    this.reader = new FrontendReader(ctx.maxMessageBytes);
    this.w = new BackendWriter(socket, ctx.execution.sendBufferBytes);
    socket.setNoDelay(true);
    if (ctx.idleTimeoutMs > 0) socket.setTimeout(ctx.idleTimeoutMs, () => this.idle());
    socket.on('data', this.onData);
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  get user(): string | undefined {
    return this.session?.user;
  }

  /** CancelRequest: aborts the statement running now, if any. */
  cancelRunning(): void {
    this.session?.running?.abort(new SvcError('cancelled by user', 400, 0));
  }

  /** True until the login is done. */
  get starting(): boolean {
    return !this.session && !this.closed;
  }

  /** Closes a connection still in its start-up to make room for a newer one (PgServer's start-up bound). */
  evict(): void {
    this.fatal({ severity: 'FATAL', code: SQLSTATE.TOO_MANY_CONNECTIONS, message: 'too many connections in their start-up; closing the one that waited longest' });
  }

  /** Server shutdown: FATAL 57P01 to an idle client, the running statement aborted. */
  shutdown(): void {
    if (!this.busy && this.session) {
      errorResponse(this.w, { severity: 'FATAL', code: SQLSTATE.ADMIN_SHUTDOWN, message: 'terminating connection due to server shutdown' });
      void this.w.flush();
    }
    this.session?.running?.abort(new SvcError('terminating connection due to server shutdown', 400, 0));
    this.socket.end();
    this.close();
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    this.reader.push(chunk);
    if (this.reader.buffered > 2 * this.ctx.maxMessageBytes + 65536 && !this.paused) { this.paused = true; this.socket.pause(); }
    this.wakeInput();
    void this.pump();
  }

  private wakeInput(): void {
    const waiter = this.inputWaiter;
    this.inputWaiter = undefined;
    waiter?.();
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.ctx.poll?.busy();
    try {
      while (!this.closed) {
        const m = this.next();
        if (!m) {
          if (this.closed) break;
          if (this.paused) { this.paused = false; this.socket.resume(); }
          // As PostgreSQL: extended-query answers wait for Sync or Flush (one write per pipeline).
          if (!this.answerDue) break;
          this.answerDue = false;
          const out = this.w.flush();
          if (!out) break;
          await out;
          continue; // input may have arrived while the client was slow to read
        }
        await this.dispatch(m);
        const drained = this.w.flushIfFull();
        if (drained) await drained;
      }
    } catch (e) {
      this.fatal(isSvcError(e) ? { severity: 'FATAL', code: SQLSTATE.PROTOCOL_VIOLATION, message: e.message } : { ...this.ctx.errors.fields(e, undefined), severity: 'FATAL' });
    } finally {
      this.busy = false;
      this.ctx.poll?.idle();
    }
  }

  /** The next whole message; a bad length is fatal. */
  private next(): FrontendMessage | undefined {
    try {
      return this.reader.next();
    } catch (e) {
      this.fatal({ severity: 'FATAL', code: SQLSTATE.PROTOCOL_VIOLATION, message: errorMessage(e) });
      return undefined;
    }
  }

  private async dispatch(m: FrontendMessage): Promise<void> {
    // Everything but the extended-query messages (Parse, Bind, Describe, Execute, Close) answers now.
    if (!EXTENDED.has(m.type)) this.answerDue = true;
    if (m.type === 0) { await this.startup(m.body); return; }
    if (!this.session) {
      if (m.type !== 0x70 || !this.login.waiting) throw SvcError.badRequest(`expected a password message, got [${String.fromCharCode(m.type)}]`);
      await this.password(m.body);
      return;
    }
    const session = this.session;
    const extended = this.extended as ExtendedQuery;
    switch (m.type) {
      case 0x51: { // Query
        const text = new MessageBody(m.body).cstring();
        this.logQuery(text);
        await runSimpleQuery(text, session, this.ctx, this.w, this.input);
        readyForQuery(this.w, session.status);
        return;
      }
      case 0x53: await extended.sync(); readyForQuery(this.w, session.status); return; // Sync
      case 0x48: { const f = this.w.flush(); if (f) await f; return; } // Flush
      case 0x58: this.socket.end(); this.close(); return; // Terminate
      case 0x50: this.logQuery(parseText(m.body)); await extended.handle(m.type, m.body); return;
      case 0x42: case 0x44: case 0x45: case 0x43: await extended.handle(m.type, m.body); return;
      case 0x64: case 0x63: case 0x66: return; // CopyData / CopyDone / CopyFail outside COPY: ignored, as PostgreSQL does
      default:
        this.fatal({ severity: 'FATAL', code: SQLSTATE.PROTOCOL_VIOLATION, message: `invalid frontend message type ${m.type}` });
    }
  }

  private async startup(body: Buffer): Promise<void> {
    const p = parseStartupPacket(body);
    switch (p.kind) {
      case 'ssl': if (this.ctx.tls && !(this.socket instanceof TLSSocket)) this.upgrade(this.ctx.tls); else this.socket.write(NO_ENCRYPTION); return;
      case 'gss': this.socket.write(NO_ENCRYPTION); return;
      case 'cancel': this.ctx.cancel(p.processId, p.secretKey); this.socket.end(); this.close(); return;
      case 'startup': break;
    }
    this.reader.startup = false;
    const refused = this.login.begin(p, this.w);
    if (refused) this.fatal(refused);
  }

  /** SSLRequest with TLS configured: `S`, then the handshake; everything after runs over TLS. */
  private upgrade(context: SecureContext): void {
    const plain = this.socket;
    plain.write(TLS_ACCEPTED);
    plain.off('data', this.onData);
    const secure = new TLSSocket(plain, { isServer: true, secureContext: context });
    secure.on('data', this.onData);
    if (this.ctx.idleTimeoutMs > 0) { plain.setTimeout(0); secure.setTimeout(this.ctx.idleTimeoutMs, () => this.idle()); }
    secure.on('error', (e) => { this.ctx.log.error(`TLS handshake failed [pid=${this.processId}]: ${errorMessage(e)}`); plain.destroy(); });
    this.socket = secure;
    this.w = new BackendWriter(secure, this.ctx.execution.sendBufferBytes);
  }

  private async password(body: Buffer): Promise<void> {
    const step = await this.login.respond(body, this.w, this.socket.remoteAddress ?? '?');
    if (step === 'continue') return;
    if (!(step instanceof PgSession)) { this.fatal(step); return; }
    this.session = step;
    clearTimeout(this.startupTimer);
    this.extended = new ExtendedQuery(step, this.ctx, this.w);
  }

  private logQuery(text: string): void {
    if (this.ctx.log.debugEnabled) this.ctx.log.debug(`query [pid=${this.processId}, sql=${text}]`);
  }

  private idle(): void {
    if (this.session?.running) return;
    this.ctx.log.info(`closing idle connection [pid=${this.processId}]`);
    this.fatal({ severity: 'FATAL', code: SQLSTATE.IDLE_TIMEOUT, message: 'terminating connection due to idle-session timeout' });
  }

  /** Sends a FATAL error and closes the connection. */
  private fatal(f: ErrorFields): void {
    if (this.closed) return;
    this.ctx.metrics.errors++;
    if (f.code !== SQLSTATE.INVALID_PASSWORD) this.ctx.log.error(`${f.message} [pid=${this.processId}, remote=${this.socket.remoteAddress ?? '?'}]`);
    errorResponse(this.w, f);
    void this.w.flush();
    this.socket.end();
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.startupTimer);
    this.wakeInput();
    const s = this.session;
    if (!s) return;
    s.running?.abort(new SvcError('client disconnected', 400, 0));
    for (const p of s.portals.values()) void p.close();
    s.portals.clear();
    s.statements.clear();
    // A block left open is rolled back: its rows are discarded and its tables' writers released.
    s.block.end().catch((e: unknown) => this.ctx.log.error(`rollback of the open transaction block failed [pid=${this.processId}]: ${errorMessage(e)}`));
  }
}

function parseText(body: Buffer): string {
  const r = new MessageBody(body);
  r.cstring();
  return r.cstring();
}
