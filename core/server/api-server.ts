/**
 * The API listener (default 0.0.0.0:9000): a restify server whose routes are the registered
 * HttpRoutes with `listener: 'api'`. 404, 405 and 401 are answered in `pre` from our own route table
 * so restify never writes its own bodies.
 */
import { AddressInfo, Socket } from 'node:net';
import bunyan from 'bunyan';
import restify from 'restify';
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../config/server-config';
import {
  HTTP_BIND_TO, HTTP_CONNECTION_LIMIT, HTTP_CONNECTION_TIMEOUT, HTTP_HEADER_TIMEOUT, HTTP_KEEP_ALIVE_MAX, HTTP_KEEP_ALIVE_TIMEOUT,
  HTTP_REQUEST_HEADER_SIZE, HTTP_SERVER_KEEP_ALIVE,
} from '../config/server-keys';
import { HttpAuthenticator } from '../extension/http-authenticator';
import { HttpExchange, HttpRoute } from '../extension/http-route';
import { Log, LogFactory } from '../log/log';
import { ServerMetrics } from '../metrics/server-metrics';
import { BusyPoll } from './busy-poll';
import { answerClientError } from './client-error';
import { ConnectionGuard, isRejectedConnection } from './connection-guard';
import { ErrorResponder } from './error-responder';
import { closeGracefully } from './graceful-close';
import { InFlightRequests } from './in-flight-requests';
import { ListenerBinder } from './listener-binder';
import { RequestDispatcher } from './request-dispatcher';
import { CONTENT_TYPE, ResponseFraming } from './response-framing';
import { RouteTable } from './route-table';

const EXCHANGE = Symbol('svc.exchange');
type WithExchange = { [EXCHANGE]?: HttpExchange };

@injectable()
export class ApiServer {
  private readonly server: restify.Server;
  private readonly dispatcher: RequestDispatcher;
  private readonly log: Log;
  /** Exposed for tests and the health listener's state. */
  readonly connections: ConnectionGuard;
  private readonly inFlight = new InFlightRequests();

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @injectAll(HttpRoute, { isOptional: true }) routes: HttpRoute[],
    @injectAll(HttpAuthenticator, { isOptional: true }) authenticators: HttpAuthenticator[],
    @inject(ResponseFraming) framing: ResponseFraming,
    @inject(ErrorResponder) responder: ErrorResponder,
    @inject(LogFactory) logs: LogFactory,
    @inject(ServerMetrics) metrics: ServerMetrics,
    @inject(ListenerBinder) private readonly binder: ListenerBinder,
    @inject(BusyPoll) poll: BusyPoll,
  ) {
    this.log = logs.create('http-server');
    const apiRoutes = routes.filter((r) => r.listener === 'api');
    const table = new RouteTable(apiRoutes);
    this.dispatcher = new RequestDispatcher(table, framing, responder, authenticators[0], this.log);
    this.server = restify.createServer({
      name: '',
      log: bunyan.createLogger({ name: 'restify', streams: [] }),
      handleUncaughtExceptions: false,
    });
    // restify re-emits the node server's errors; a failed bind is reported by ListenerBinder, so only
    // errors of a listening server are unexpected here.
    this.server.on('error', (e: Error) => { if (this.server.server.listening) responder.unhandled('api listener', e); });
    this.server.pre((req, res, next) => {
      // A connection turned away at the limit has had its 503; nothing it sends may run.
      if (isRejectedConnection(req.socket)) return next(false);
      // A connection accepted past the limit waits for a slot before its request runs (connection-guard.ts).
      const admitted = this.connections.admit(req);
      if (admitted === true) { this.prepare(req, res, next); return undefined; }
      void Promise.resolve(admitted).then((ok) => {
        if (ok) { this.prepare(req, res, next); return; }
        framing.send(res, 503, CONTENT_TYPE.text, this.connections.refusal, { closeConnection: true });
        next(false);
      });
      return undefined;
    });
    for (const route of apiRoutes) this.mount(route);
    const http = this.server.server;
    this.inFlight.track(http, poll);
    http.keepAliveTimeout = config.get(HTTP_KEEP_ALIVE_TIMEOUT) * 1000;
    http.maxRequestsPerSocket = config.get(HTTP_KEEP_ALIVE_MAX);
    // Idle timeout: no bytes either way for this long closes the connection (a stalled upload too).
    http.timeout = config.get(HTTP_CONNECTION_TIMEOUT);
    if (!config.get(HTTP_SERVER_KEEP_ALIVE)) http.keepAliveTimeout = 0;
    // Header receipt: the first request by ConnectionGuard's timer, later ones by Node's check (run every
    // second so it is as exact as the timer). No cap on the whole request: an import has no size limit.
    const headerTimeout = config.get(HTTP_HEADER_TIMEOUT);
    http.requestTimeout = 0;
    http.headersTimeout = headerTimeout;
    // Both are Node server properties missing from the typings; read when listening / per connection.
    Reflect.set(http, 'connectionsCheckingInterval', Math.min(1000, headerTimeout));
    // A larger head is a 431 (client-error.ts).
    Reflect.set(http, 'maxHeaderSize', config.get(HTTP_REQUEST_HEADER_SIZE));
    http.on('clientError', (e: Error, socket: Socket) => answerClientError(e, socket, this.log));
    // The limit is ConnectionGuard's (idle connections give way), not Node's maxConnections (drop the newest).
    this.connections = new ConnectionGuard(http, config.get(HTTP_CONNECTION_LIMIT), headerTimeout, metrics, this.log);
    // svc_http_connections: open connections on this listener.
    http.on('connection', (socket) => {
      metrics.httpConnections++;
      socket.once('close', () => { metrics.httpConnections--; });
    });
  }

  async start(): Promise<AddressInfo> {
    return this.binder.listen(this.server.server, HTTP_BIND_TO, 'http server');
  }

  async stop(graceMs: number): Promise<void> {
    await closeGracefully(this.server.server, graceMs, () => this.inFlight.logCut(this.log, graceMs));
  }

  /** Looks the request up and authenticates it (the dispatcher answers 404/405/401 itself). */
  private prepare(req: restify.Request, res: restify.Response, next: restify.Next): void {
    const prepared = this.dispatcher.prepare(req, res);
    if (!prepared) { next(false); return; }
    (req as unknown as WithExchange)[EXCHANGE] = prepared.exchange;
    next();
  }

  private mount(route: HttpRoute): void {
    const handler = async (req: restify.Request): Promise<void> => {
      const exchange = (req as unknown as WithExchange)[EXCHANGE];
      if (exchange) await this.dispatcher.run(route, exchange);
    };
    const paths = route.path === '*' ? ['/*'] : [route.path];
    for (const path of paths) {
      for (const method of route.methods) {
        switch (method) {
          case 'GET': this.server.get(path, handler); break;
          case 'HEAD': this.server.head(path, handler); break;
          case 'POST': this.server.post(path, handler); break;
          case 'PUT': this.server.put(path, handler); break;
          case 'DELETE': this.server.del(path, handler); break;
          case 'PATCH': this.server.patch(path, handler); break;
          case 'OPTIONS': this.server.opts(path, handler); break;
        }
      }
    }
    this.log.debug(`route ${route.methods.join(',')} ${route.path}`);
  }
}
