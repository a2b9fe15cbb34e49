/**
 * The PostgreSQL wire listener (`pg.net.bind.to`, default 0.0.0.0:8812): a TCP server whose connections
 * speak protocol 3.0 over the one QueryEngine. It is a Lifecycle service, so it opens after storage and
 * closes before it. Each connection gets a process id and secret key (BackendKeyData) by which a
 * CancelRequest finds it. Connections in their start-up (before the password is accepted) are bounded by
 * `pg.net.startup.connection.limit`: past it, the one that has waited longest is closed for the new one, so
 * sockets that never log in cannot lock real logins out. Logged-in sessions are bounded by
 * `pg.net.connection.limit`: a login past it is told FATAL 53300 and closed.
 */
import { randomInt } from 'node:crypto';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { inject, injectable, injectAll } from 'tsyringe';
import { ImportFormat, StreamImportFormat } from '../../core/extension/import-format';
import { ServerConfig } from '../../core/config/server-config';
import {
  PG_AUTH_METHOD, PG_BIND_TO, PG_CONNECTION_LIMIT, PG_IDLE_TIMEOUT, PG_RECV_BUFFER_SIZE, PG_SEND_BUFFER_SIZE, PG_STARTUP_CONNECTION_LIMIT,
  PG_STARTUP_TIMEOUT, QUERY_TIMEOUT,
} from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { StorageEngine } from '../../core/extension/storage-engine';
import { Log, LogFactory } from '../../core/log/log';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { ListenerBinder } from '../../core/server/listener-binder';
import { QueryEngine } from '../../core/sql/query-engine';
import { SystemRelations } from '../../core/sql/system-relations';
import { RootDirectory } from '../../core/root-directory';
import { pgSecureContext } from './tls-settings';
import { ErrorFields } from './backend-messages';
import { ErrorReport } from './error-report';
import { PgConnection } from './pg-connection';
import { PgCredentials } from './pg-credentials';
import { PgLogins, pgLogins } from './pg-logins';
import { PgMetrics } from './pg-metrics';
import { PgWireContext } from './pg-wire-context';
import { BusyPoll } from '../../core/server/busy-poll';
import { SQLSTATE } from './sql-state';

@injectable()
export class PgServer implements Lifecycle {
  readonly name = 'pg-wire';
  private readonly server: Server;
  private readonly connections = new Map<number, PgConnection>();
  /** Connections in their start-up, oldest first. */
  private readonly starting = new Set<PgConnection>();
  /** Logged-in connections. */
  private readonly sessions = new Set<PgConnection>();
  private readonly sockets = new Set<Socket>();
  private readonly context: PgWireContext;
  private readonly log: Log;
  private nextProcessId = randomInt(1000, 100_000);
  private bound: AddressInfo | undefined;
  private readonly logins: PgLogins;

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
    @injectAll(ImportFormat) formats: ImportFormat[],
    @inject(SystemRelations) systemRelations: SystemRelations,
  ) {
    this.log = logs.create('pg-server');
    this.logins = pgLogins(config);
    this.context = {
      engine, storage, systemRelations, csv: formats.find((f): f is StreamImportFormat => f.name === 'delimited' && f.access !== 'file'), credentials: new PgCredentials(this.logins.users), authMethod: config.get(PG_AUTH_METHOD), readOnly: this.logins.readOnly,
      maxMessageBytes: config.get(PG_RECV_BUFFER_SIZE), idleTimeoutMs: config.get(PG_IDLE_TIMEOUT), metrics, log: this.log,
      startupTimeoutMs: config.get(PG_STARTUP_TIMEOUT),
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
    this.logins.announce(this.log, this.bound);
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
    if (this.starting.size >= this.config.get(PG_STARTUP_CONNECTION_LIMIT)) {
      const oldest = this.starting.values().next().value as PgConnection;
      this.starting.delete(oldest);
      oldest.evict();
    }
    const processId = this.nextProcessId++;
    const connection: PgConnection = new PgConnection(socket, this.context, processId, randomInt(1, 2 ** 31 - 1), () => this.admit(connection));
    this.sockets.add(socket);
    this.connections.set(processId, connection);
    this.starting.add(connection);
    this.metrics.connections++;
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.connections.delete(processId);
      this.starting.delete(connection);
      this.sessions.delete(connection);
      this.metrics.connections--;
    });
  }

  /** The password was right: the session starts unless `pg.net.connection.limit` sessions are open. */
  private admit(connection: PgConnection): ErrorFields | undefined {
    this.starting.delete(connection);
    const limit = this.config.get(PG_CONNECTION_LIMIT);
    if (this.sessions.size >= limit) {
      this.metrics.refusedConnections++;
      this.log.error(`connection limit reached, connection refused [limit=${limit}, pid=${connection.processId}]`);
      return { severity: 'FATAL', code: SQLSTATE.TOO_MANY_CONNECTIONS, message: 'sorry, too many clients already' };
    }
    this.sessions.add(connection);
    return undefined;
  }

  private cancel(processId: number, secretKey: number): void {
    const c = this.connections.get(processId);
    if (c && c.secretKey === secretKey) {
      this.log.info(`cancel request [pid=${processId}]`);
      c.cancelRunning();
    }
  }
}
