/**
 * The min listener (default 0.0.0.0:9003): health on every path, `/metrics` when enabled.
 * it must stay responsive while the data endpoints are busy, so the listening
 * socket lives in a dedicated worker thread (core/server/min-worker.ts). Routes that ship a worker
 * module (health) are answered there; the rest are forwarded to an internal node:http listener on
 * 127.0.0.1 here on the main thread, which runs them through the usual dispatcher.
 *
 * `http.min.worker.count`: 0 (auto) and any positive count both give the min listener one worker thread.
 * One node:http server per thread answers a health check in well under a millisecond, and Node 20
 * worker threads cannot share one listening port, so counts above 1 add nothing.
 */
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../config/server-config';
import { HTTP_MIN_BIND_TO, HTTP_MIN_CONNECTION_LIMIT } from '../config/server-keys';
import { HttpAuthenticator } from '../extension/http-authenticator';
import { HttpMethod, HttpRoute } from '../extension/http-route';
import { Log, LogFactory } from '../log/log';
import { ErrorCounter } from '../metrics/error-counter';
import { ErrorResponder } from './error-responder';
import { closeGracefully, listen } from './graceful-close';
import { ListenerBinder } from './listener-binder';
import { isMinWorkerMessage, MinStopMessage, MinWorkerData, MinWorkerMessage, MinWorkerRoute } from './min-worker-data';
import { RequestDispatcher } from './request-dispatcher';
import { framingSettings, ResponseFraming } from './response-framing';
import { RouteTable } from './route-table';

const WORKER_EXIT_WAIT_MS = 2000;

/** The source of the min listener's lines (the default `w.http.min.scope`). */
export const MIN_SERVER_LOG_SOURCE = 'http-min-server';

@injectable()
export class MinServer {
  private readonly internal: Server;
  private readonly routes: HttpRoute[];
  private readonly authenticator: HttpAuthenticator | undefined;
  private readonly log: Log;
  private worker: Worker | undefined;
  /** Resolves when the worker thread has ended (also if it ended on its own). */
  private workerExit: Promise<void> = Promise.resolve();

  constructor(
    @inject(ServerConfig) private readonly config: ServerConfig,
    @injectAll(HttpRoute, { isOptional: true }) routes: HttpRoute[],
    @injectAll(HttpAuthenticator, { isOptional: true }) authenticators: HttpAuthenticator[],
    @inject(ResponseFraming) framing: ResponseFraming,
    @inject(ErrorResponder) responder: ErrorResponder,
    @inject(ErrorCounter) private readonly errors: ErrorCounter,
    @inject(LogFactory) logs: LogFactory,
    @inject(ListenerBinder) private readonly binder: ListenerBinder,
  ) {
    this.log = logs.create(MIN_SERVER_LOG_SOURCE);
    this.routes = routes.filter((r) => r.listener === 'min');
    this.authenticator = authenticators[0];
    const dispatcher = new RequestDispatcher(new RouteTable(this.routes), framing, responder, this.authenticator, this.log);
    this.internal = createServer((req, res) => {
      dispatcher.dispatch(req, res).catch((e) => responder.unhandled('min listener', e));
    });
  }

  /** Starts the internal listener and the worker; resolves with the public address the worker listens on. */
  async start(): Promise<AddressInfo> {
    const forward = await listen(this.internal, '127.0.0.1', 0);
    return this.binder.bind(HTTP_MIN_BIND_TO, 'http min server', ({ host, port }) => this.startWorker(host, port, forward.port));
  }

  private startWorker(host: string, port: number, forwardPort: number): Promise<AddressInfo> {
    const data: MinWorkerData = {
      host, port,
      maxConnections: Math.max(this.config.get(HTTP_MIN_CONNECTION_LIMIT), 16),
      framing: framingSettings(this.config),
      routes: this.workerRoutes(),
      authenticator: this.authenticator?.enabled ? this.authenticator.worker : undefined,
      forwardPort,
      errors: this.errors.shared,
      debug: this.log.debugEnabled,
    };
    const worker = new Worker(join(__dirname, 'min-worker.js'), { workerData: data });
    this.worker = worker;
    this.workerExit = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (m: unknown) => { if (isMinWorkerMessage(m)) this.onMessage(m); });
    worker.on('error', (e) => {
      this.errors.increment();
      this.log.critical(`min listener worker failed: ${e.stack ?? e.message}`);
    });
    return new Promise<AddressInfo>((resolve, reject) => {
      const fail = (e: Error): void => {
        worker.off('message', onReady);
        worker.off('exit', onExit);
        this.worker = undefined;
        void worker.terminate();
        reject(e);
      };
      const onExit = (code: number): void => fail(new Error(`min listener worker exited before listening [code=${code}]`));
      const onReady = (m: unknown): void => {
        if (!isMinWorkerMessage(m)) return;
        if (m.type === 'failed') fail(Object.assign(new Error(m.message), { code: m.code }));
        if (m.type !== 'listening') return;
        worker.off('message', onReady);
        worker.off('exit', onExit);
        resolve(m.address);
      };
      worker.once('exit', onExit);
      worker.on('message', onReady);
    });
  }

  async stop(graceMs: number): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      const stop: MinStopMessage = { type: 'stop', graceMs };
      worker.postMessage(stop);
      const timer = setTimeout(() => void worker.terminate(), graceMs + WORKER_EXIT_WAIT_MS);
      await this.workerExit;
      clearTimeout(timer);
    }
    await closeGracefully(this.internal, graceMs);
  }

  /**
   * The route table the worker mirrors. A route is answered in the worker when it ships a worker module
   * and, with authentication on, the authenticator can run there too; everything else is forwarded.
   */
  private workerRoutes(): MinWorkerRoute[] {
    const authOn = this.authenticator?.enabled === true;
    const workerAuth = authOn && this.authenticator?.worker !== undefined;
    return this.routes.map((r) => {
      const inWorker = r.worker !== undefined && (!authOn || workerAuth);
      const authMethods = inWorker && authOn ? r.methods.filter((m) => needsAuth(r, m)) : [];
      return { path: r.path, methods: [...r.methods], authMethods, worker: inWorker ? r.worker : undefined };
    });
  }

  private onMessage(m: MinWorkerMessage): void {
    if (m.type === 'log') {
      switch (m.level) {
        case 'critical': this.log.critical(m.message); break;
        case 'error': this.log.error(m.message); break;
        case 'advisory': this.log.advisory(m.message); break;
        case 'debug': this.log.debug(m.message); break;
        default: this.log.info(m.message);
      }
    }
  }
}

function needsAuth(route: HttpRoute, method: HttpMethod): boolean {
  const r = route.requiresAuth;
  if (r === undefined) return true;
  return typeof r === 'function' ? r(method) : r;
}
