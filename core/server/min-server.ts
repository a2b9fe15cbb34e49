/**
 * The min listener (default 0.0.0.0:9003): health on every path, `/metrics` when enabled. Plain
 * node:http — it must stay small and answer while the API listener is busy. Its lines use the source
 * `http-min-server`, which the default log.conf's `http.min` writer takes by scope.
 */
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../config/server-config';
import { HTTP_MIN_BIND_TO, HTTP_MIN_CONNECTION_LIMIT } from '../config/server-keys';
import { HttpAuthenticator } from '../extension/http-authenticator';
import { HttpRoute } from '../extension/http-route';
import { LogFactory } from '../log/log';
import { ErrorResponder } from './error-responder';
import { closeGracefully, listen } from './graceful-close';
import { RequestDispatcher } from './request-dispatcher';
import { ResponseFraming } from './response-framing';
import { RouteTable } from './route-table';

/** The source of the min listener's lines (the default `w.http.min.scope`). */
export const MIN_SERVER_LOG_SOURCE = 'http-min-server';

@injectable()
export class MinServer {
  private readonly server: Server;

  constructor(
    @inject(ServerConfig) private readonly config: ServerConfig,
    @injectAll(HttpRoute, { isOptional: true }) routes: HttpRoute[],
    @injectAll(HttpAuthenticator, { isOptional: true }) authenticators: HttpAuthenticator[],
    @inject(ResponseFraming) framing: ResponseFraming,
    @inject(ErrorResponder) responder: ErrorResponder,
    @inject(LogFactory) logs: LogFactory,
  ) {
    const table = new RouteTable(routes.filter((r) => r.listener === 'min'));
    const dispatcher = new RequestDispatcher(table, framing, responder, authenticators[0], logs.create(MIN_SERVER_LOG_SOURCE));
    this.server = createServer((req, res) => {
      dispatcher.dispatch(req, res).catch((e) => responder.unhandled('min listener', e));
    });
    this.server.maxConnections = Math.max(config.get(HTTP_MIN_CONNECTION_LIMIT), 16);
  }

  async start(): Promise<AddressInfo> {
    const { host, port } = this.config.get(HTTP_MIN_BIND_TO);
    return listen(this.server, host, port);
  }

  async stop(graceMs: number): Promise<void> {
    await closeGracefully(this.server, graceMs);
  }
}
