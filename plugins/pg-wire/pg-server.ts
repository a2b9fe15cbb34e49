/**
 * The PostgreSQL wire listener (`pg.net.bind.to`, default 0.0.0.0:8812): a TCP server whose connections
 * speak protocol 3.0 over the one QueryEngine. It is a Lifecycle service, so it opens after storage and
 * closes before it. Each connection gets a process id and secret key (BackendKeyData) by which a
 * CancelRequest finds it; past `pg.net.connection.limit` a new connection is told FATAL 53300 and closed.
 */
import { randomInt } from 'node:crypto';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  PG_AUTH_METHOD, PG_BIND_TO, PG_CONNECTION_LIMIT, PG_IDLE_TIMEOUT, PG_PASSWORD, PG_READONLY_PASSWORD, PG_READONLY_USER,
  PG_READONLY_USER_ENABLED, PG_RECV_BUFFER_SIZE, PG_SECURITY_READONLY, PG_SEND_BUFFER_SIZE, PG_USER, QUERY_TIMEOUT,
} from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { StorageEngine } from '../../core/extension/storage-engine';
import { Log, LogFactory } from '../../core/log/log';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { ListenerBinder } from '../../core/server/listener-binder';
import { QueryEngine } from '../../core/sql/query-engine';
import { RootDirectory } from '../../core/root-directory';
import { pgSecureContext } from './tls-settings';
import { errorResponse } from './backend-messages';
import { BackendWriter } from './backend-writer';
import { ErrorReport } from './error-report';
import { PgConnection } from './pg-connection';
import { PgCredentials, PgUser } from './pg-credentials';
import { PgMetrics } from './pg-metrics';
import { PgWireContext } from './pg-wire-context';
import { BusyPoll } from '../../core/server/busy-poll';
import { SQLSTATE } from './sql-state';

@injectable()
export class PgServer implements Lifecycle {
  readonly name = 'pg-wire';
  private readonly server: Server;
  private readonly connections = new Map<number, PgConnection>();
  private readonly sockets = new Set<Socket>();
  private readonly context: PgWireContext;
  private readonly log: Log;
  private nextProcessId = randomInt(1000, 100_000);
  private bound: AddressInfo | undefined;

  constructor(
    @inject(ServerConfig) private readonly config: ServerConfig,
    @inject(QueryEngine) engine: QueryEngine,
    @inject(PgMetrics) private readonly metrics: PgMetrics,
    @inject(ErrorCounter) errors: ErrorCounter,
    @inject(LogFactory) logs: LogFactory,
    @inject(RootDirectory) root: RootDirectory,
    @inject(ListenerBinder) private readonly binder: ListenerBinder,
    @inject(BusyPoll) poll: BusyPoll,
    @inject(StorageEngine) storage: StorageEngine,
  ) {
    this.log = logs.create('pg-server');
    const users: PgUser[] = [{ name: config.get(PG_USER) ?? 'admin', password: config.get(PG_PASSWORD) ?? '', readOnly: false }];
    if (config.get(PG_READONLY_USER_ENABLED)) users.push({ name: config.get(PG_READONLY_USER) ?? 'user', password: config.get(PG_READONLY_PASSWORD) ?? '', readOnly: true });
    this.context = {
      engine, storage, credentials: new PgCredentials(users), authMethod: config.get(PG_AUTH_METHOD), readOnly: config.get(PG_SECURITY_READONLY),
      maxMessageBytes: config.get(PG_RECV_BUFFER_SIZE), idleTimeoutMs: config.get(PG_IDLE_TIMEOUT), metrics, log: this.log,
      execution: { sendBufferBytes: config.get(PG_SEND_BUFFER_SIZE), timeoutMs: config.get(QUERY_TIMEOUT) },
      errors: new ErrorReport(this.log, errors), tls: pgSecureContext(config, root),
      cancel: (pid, key) => this.cancel(pid, key), poll,
    };
    this.server = createServer((socket) => this.accept(socket));
  }

  /** Where the listener is bound (after start). */
  address(): AddressInfo | undefined {
    return this.bound;
  }

  /** Binds through the shared ListenerBinder: a bind failure is the same one-line start-up error as every listener's. */
  async start(): Promise<void> {
    this.bound = await this.binder.listen(this.server, PG_BIND_TO, 'pg wire server');
  }

  async stop(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const c of this.connections.values()) c.shutdown();
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    if (this.connections.size >= this.config.get(PG_CONNECTION_LIMIT)) {
      this.metrics.refusedConnections++;
      this.log.error(`connection limit reached, connection refused [limit=${this.config.get(PG_CONNECTION_LIMIT)}, remote=${socket.remoteAddress ?? '?'}]`);
      const w = new BackendWriter(socket, 1024);
      errorResponse(w, { severity: 'FATAL', code: SQLSTATE.TOO_MANY_CONNECTIONS, message: 'sorry, too many clients already' });
      void w.flush();
      socket.end();
      // A client that does not close its end is not waited for.
      socket.setTimeout(1000, () => socket.destroy());
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      return;
    }
    const processId = this.nextProcessId++;
    const connection = new PgConnection(socket, this.context, processId, randomInt(1, 2 ** 31 - 1));
    this.sockets.add(socket);
    this.connections.set(processId, connection);
    this.metrics.connections++;
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.connections.delete(processId);
      this.metrics.connections--;
    });
  }

  private cancel(processId: number, secretKey: number): void {
    const c = this.connections.get(processId);
    if (c && c.secretKey === secretKey) {
      this.log.info(`cancel request [pid=${processId}]`);
      c.cancelRunning();
    }
  }
}
