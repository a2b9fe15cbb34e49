/**
 * A PostgreSQL protocol client at message level for the features and unit tests: frontend messages from
 * pg-protocol's serializer (node-postgres' own), backend messages through pg-protocol's parser, so
 * scenarios can pipeline, suspend portals, cancel, and send malformed bytes on purpose.
 */
import { Socket, connect } from 'node:net';
import { serialize } from 'pg-protocol';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import type { Endpoint } from './world-target';

export { serialize };

export class PgRawClient {
  readonly messages: BackendMessage[] = [];
  private readonly parser = new Parser();
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.parser.parse(chunk, (m) => this.messages.push(m));
      this.wake();
    });
    socket.on('close', () => { this.closed = true; this.wake(); });
    socket.on('error', () => undefined);
  }

  /** An open socket, before any start-up message. */
  static async open(at: Endpoint): Promise<PgRawClient> {
    const socket = connect(at.port, at.host);
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
    return new PgRawClient(socket);
  }

  /** Logged in with the clear-text password exchange and ready for queries. */
  static async login(at: Endpoint, user = 'admin', password = 'quest'): Promise<PgRawClient> {
    const c = await PgRawClient.open(at);
    c.send(serialize.startup({ user, database: 'qdb' }));
    await c.next('authenticationCleartextPassword');
    c.send(serialize.password(password));
    await c.next('readyForQuery');
    return c;
  }

  send(...parts: Buffer[]): void {
    this.socket.write(Buffer.concat(parts));
  }

  /** Waits for the next message called `name`; returns everything received up to and including it. */
  next(name: BackendMessage['name'], timeoutMs = 10_000): Promise<BackendMessage[]> {
    return this.nextOf([name], timeoutMs);
  }

  /** Waits for the next message with one of `names`; returns everything received up to and including it. */
  async nextOf(names: readonly BackendMessage['name'][], timeoutMs = 10_000): Promise<BackendMessage[]> {
    const name = names.join('|');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const k = this.messages.findIndex((m) => names.includes(m.name));
      if (k >= 0) return this.messages.splice(0, k + 1);
      const error = this.messages.find((m) => m.name === 'error');
      if (this.closed) throw new Error(`connection closed before ${name}; got ${this.names()}${error ? `: ${JSON.stringify(error)}` : ''}`);
      if (Date.now() > deadline) throw new Error(`no ${name} within ${timeoutMs} ms; got ${this.names()}`);
      await new Promise<void>((resolve) => { this.waiters.push(resolve); setTimeout(resolve, 50); });
    }
  }

  /** Resolves when the server has closed the connection. */
  async closedByServer(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the server kept the connection open');
      await new Promise<void>((resolve) => { this.waiters.push(resolve); setTimeout(resolve, 50); });
    }
  }

  names(): string {
    return this.messages.map((m) => m.name).join(',');
  }

  end(): void {
    if (!this.closed) this.socket.end(serialize.end());
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
