/**
 * The line-protocol TCP listener (`line.tcp.net.bind.to`, default 0.0.0.0:9009; `line.tcp.enabled`): plain
 * sockets of newline-delimited lines, up to `line.tcp.net.connection.limit` at once, each a LineTcpConnection.
 * A Lifecycle: it listens once storage is open and, at shutdown, commits what every connection sent.
 */
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  LINE_TCP_BIND_TO, LINE_TCP_COMMIT_INTERVAL, LINE_TCP_CONNECTION_LIMIT, LINE_TCP_IDLE_TIMEOUT, LINE_TCP_LINE_TIMEOUT,
} from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Log, LogFactory } from '../../core/log/log';
import { ErrorResponder } from '../../core/server/error-responder';
import { ListenerBinder } from '../../core/server/listener-binder';
import { LineIngestion } from '../line-protocol/line-ingestion';
import { ConnectionOptions, LineTcpConnection } from './tcp-connection';

@injectable()
export class LineTcpServer implements Lifecycle {
  readonly name = 'line-tcp';
  private readonly server: Server;
  private readonly connections = new Set<LineTcpConnection>();
  private readonly log: Log;
  private readonly options: ConnectionOptions;
  address: AddressInfo | undefined;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(LineIngestion) private readonly ingestion: LineIngestion,
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
    @inject(ListenerBinder) private readonly binder: ListenerBinder,
    @inject(LogFactory) logs: LogFactory,
  ) {
    this.log = logs.create('line-tcp');
    this.options = {
      commitIntervalMs: config.get(LINE_TCP_COMMIT_INTERVAL),
      idleTimeoutMs: config.get(LINE_TCP_IDLE_TIMEOUT),
      lineTimeoutMs: config.get(LINE_TCP_LINE_TIMEOUT),
    };
    this.server = createServer((socket) => this.accept(socket));
    this.server.maxConnections = config.get(LINE_TCP_CONNECTION_LIMIT);
    this.server.on('drop', (d) => this.log.info(`line protocol connection refused, limit reached [remote=${d?.remoteAddress ?? '?'}, line.tcp.net.connection.limit=${this.server.maxConnections}]`));
  }

  /** Binds through the shared ListenerBinder, so a bind failure is the same one-line start-up error as every listener's. */
  async start(): Promise<void> {
    this.address = await this.binder.listen(this.server, LINE_TCP_BIND_TO, 'line tcp server');
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.all([...this.connections].map((c) => c.shutdown()));
    await closed;
  }

  private accept(socket: Socket): void {
    const connection = new LineTcpConnection(socket, this.ingestion, this.options, this.log, this.responder);
    this.connections.add(connection);
    this.ingestion.metrics.tcpConnections++;
    void connection.done.then(() => {
      this.connections.delete(connection);
      this.ingestion.metrics.tcpConnections--;
    });
  }
}
