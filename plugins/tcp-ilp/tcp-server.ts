/**
 * The line-protocol TCP listener (`line.tcp.net.bind.to`, default 0.0.0.0:9009; `line.tcp.enabled`): plain
 * sockets of newline-delimited lines, each a LineTcpConnection, up to `line.tcp.net.connection.limit` at once.
 * At the limit a new connection evicts the oldest one that has not sent a line yet (nor authenticated), so
 * sockets that connect and stay silent cannot lock writers out; when every connection is writing, the new
 * one is refused. With `http.security.readonly=true` the server takes no writes, so every connection is
 * refused with a log line. A Lifecycle: it listens once storage is open and, at shutdown, commits what
 * every connection sent.
 */
import { KeyObject } from 'node:crypto';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_SECURITY_READONLY, LINE_TCP_AUTH_DB_PATH, LINE_TCP_BIND_TO, LINE_TCP_COMMIT_INTERVAL, LINE_TCP_CONNECTION_LIMIT,
  LINE_TCP_IDLE_TIMEOUT, LINE_TCP_LINE_TIMEOUT,
} from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Log, LogFactory } from '../../core/log/log';
import { RootDirectory } from '../../core/root-directory';
import { ErrorResponder } from '../../core/server/error-responder';
import { ListenerBinder } from '../../core/server/listener-binder';
import { LineIngestion } from '../line-protocol/line-ingestion';
import { loadAuthDb } from './auth-db';
import { ConnectionOptions, LineTcpConnection } from './tcp-connection';

@injectable()
export class LineTcpServer implements Lifecycle {
  readonly name = 'line-tcp';
  private readonly server: Server;
  private readonly connections = new Set<LineTcpConnection>();
  private readonly log: Log;
  private readonly options: ConnectionOptions;
  private readonly limit: number;
  private readonly readOnly: boolean;
  address: AddressInfo | undefined;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(LineIngestion) private readonly ingestion: LineIngestion,
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
    @inject(ListenerBinder) private readonly binder: ListenerBinder,
    @inject(LogFactory) logs: LogFactory,
    @inject(RootDirectory) root: RootDirectory,
  ) {
    this.log = logs.create('line-tcp');
    const authPath = config.get(LINE_TCP_AUTH_DB_PATH);
    let authKeys: ReadonlyMap<string, KeyObject> | undefined;
    if (authPath !== undefined && authPath !== '') {
      const file = root.resolve(authPath);
      authKeys = loadAuthDb(file);
      this.log.advisory(`line protocol TCP connections authenticate [line.tcp.auth.db.path=${file}, keys=${authKeys.size}]`);
    }
    this.options = {
      commitIntervalMs: config.get(LINE_TCP_COMMIT_INTERVAL),
      idleTimeoutMs: config.get(LINE_TCP_IDLE_TIMEOUT),
      lineTimeoutMs: config.get(LINE_TCP_LINE_TIMEOUT),
      authKeys,
    };
    this.limit = config.get(LINE_TCP_CONNECTION_LIMIT);
    this.readOnly = config.get(HTTP_SECURITY_READONLY);
    // Half-open: a client's FIN must not end the server's side before its lines are committed (the FIN back is the acknowledgement).
    this.server = createServer({ allowHalfOpen: true }, (socket) => this.accept(socket));
  }

  /** Binds through the shared ListenerBinder, so a bind failure is the same one-line start-up error as every listener's. */
  async start(): Promise<void> {
    this.address = await this.binder.listen(this.server, LINE_TCP_BIND_TO, 'line tcp server');
    if (this.options.authKeys === undefined) {
      this.log.advisory(`line protocol TCP takes writes without authentication on ${this.address.address}:${this.address.port} [line.tcp.auth.db.path]`);
    }
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.all([...this.connections].map((c) => c.shutdown()));
    await closed;
  }

  private accept(socket: Socket): void {
    const remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? 0}`;
    if (this.readOnly) {
      this.log.info(`line protocol connection refused, the server is read-only [remote=${remote}, http.security.readonly=true]`);
      socket.resetAndDestroy();
      return;
    }
    if (this.connections.size >= this.limit && !this.evictSilent()) {
      this.log.info(`line protocol connection refused, limit reached [remote=${remote}, line.tcp.net.connection.limit=${this.limit}]`);
      socket.resetAndDestroy();
      return;
    }
    const connection = new LineTcpConnection(socket, this.ingestion, this.options, this.log, this.responder);
    this.connections.add(connection);
    this.ingestion.metrics.tcpConnections++;
    void connection.done.then(() => {
      this.connections.delete(connection);
      this.ingestion.metrics.tcpConnections--;
    });
  }

  /** Evicts the oldest connection that has sent nothing; false when every connection is writing. */
  private evictSilent(): boolean {
    let oldest: LineTcpConnection | undefined;
    for (const c of this.connections) if (c.silent && (oldest === undefined || c.since < oldest.since)) oldest = c;
    if (oldest === undefined) return false;
    // It leaves the set now: its close completes asynchronously, the new connection takes its place at once.
    this.connections.delete(oldest);
    oldest.evict();
    return true;
  }
}
