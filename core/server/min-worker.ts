/**
 * The min listener's worker thread (a dedicated worker). It owns the listening
 * socket on `http.min.net.bind.to`, answers the routes that ship a worker module (health) itself, and
 * forwards the others (/metrics, plugin routes) to the main thread. Health therefore answers while the
 * main thread is stuck in a long synchronous stretch; it reads the unhandled-error count from shared memory.
 */
import 'reflect-metadata';
import { Agent, createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { HttpAuthenticator } from '../extension/http-authenticator';
import { HttpExchange, HttpRoute, WorkerRouteHandler } from '../extension/http-route';
import { WorkerModule } from '../extension/worker-module';
import { Log } from '../log/log';
import { classifyFailure, plainTextErrors } from './error-shape';
import { forwardRequest } from './forward-request';
import { closeGracefully, listen } from './graceful-close';
import { isMinStopMessage, isMinWorkerData, MinWorkerData, MinWorkerMessage, MinWorkerRoute, WorkerLogLevel } from './min-worker-data';
import { FailureResponder, RequestDispatcher } from './request-dispatcher';
import { ResponseFraming } from './response-framing';
import { RouteTable } from './route-table';

function post(message: MinWorkerMessage): void {
  parentPort?.postMessage(message);
}

function loadFactory(spec: WorkerModule, exportName: string): (options: unknown, framing: ResponseFraming) => unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod: unknown = require(spec.module);
  const factory = typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>)[exportName] : undefined;
  if (typeof factory !== 'function') throw new Error(`worker module ${spec.module} does not export ${exportName}`);
  return factory as (options: unknown, framing: ResponseFraming) => unknown;
}

function isAuthenticator(x: unknown): x is HttpAuthenticator {
  return typeof x === 'object' && x !== null && typeof (x as Record<string, unknown>).authenticate === 'function';
}

/** The worker's error responder: same answers as the main thread's ErrorResponder, logged through the main thread. */
class WorkerResponder implements FailureResponder {
  constructor(private readonly framing: ResponseFraming, private readonly errors: Int32Array) {}

  fail(exchange: HttpExchange, e: unknown): void {
    const { res, req } = exchange;
    const failure = classifyFailure(e);
    if (failure.expected) {
      post({ type: 'log', level: 'error', message: `${req.method} ${exchange.path} ${failure.status} ${failure.message}` });
    } else {
      Atomics.add(this.errors, 0, 1);
      post({ type: 'log', level: 'critical', message: `unhandled error [context=min worker ${req.method} ${exchange.path}] ${e instanceof Error ? e.stack ?? e.message : String(e)}` });
    }
    this.framing.sendError(res, plainTextErrors(failure));
  }
}

function toRoute(r: MinWorkerRoute, data: MinWorkerData, framing: ResponseFraming, agent: Agent): HttpRoute {
  let handle: WorkerRouteHandler;
  if (r.worker) {
    const made = loadFactory(r.worker, 'createWorkerRoute')(r.worker.options, framing);
    if (typeof made !== 'function') throw new Error(`createWorkerRoute of ${r.worker.module} did not return a function`);
    handle = made as WorkerRouteHandler;
  } else {
    handle = (exchange) => forwardRequest(exchange, data.forwardPort, agent, data.framing.keepAlive);
  }
  return { listener: 'min', path: r.path, methods: r.methods, requiresAuth: (m) => r.authMethods.includes(m), handle };
}

/** The worker's Log: lines go to the main thread, which writes them under `http-min-server`. */
function workerLog(debugEnabled: boolean): Log {
  const send = (level: WorkerLogLevel) => (message: string): void => post({ type: 'log', level, message });
  return {
    source: 'http-min-server', debugEnabled,
    advisory: send('advisory'), critical: send('critical'), error: send('error'), info: send('info'),
    debug: debugEnabled ? send('debug') : (): void => undefined,
  };
}

async function main(data: MinWorkerData): Promise<void> {
  const framing = new ResponseFraming(data.framing);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let authenticator: HttpAuthenticator | undefined;
  if (data.authenticator) {
    const made = loadFactory(data.authenticator, 'createWorkerAuthenticator')(data.authenticator.options, framing);
    if (!isAuthenticator(made)) throw new Error(`createWorkerAuthenticator of ${data.authenticator.module} did not return an authenticator`);
    authenticator = made;
  }
  const table = new RouteTable(data.routes.map((r) => toRoute(r, data, framing, agent)));
  const dispatcher = new RequestDispatcher(table, framing, new WorkerResponder(framing, data.errors), authenticator, workerLog(data.debug));
  const server = createServer((req, res) => {
    dispatcher.dispatch(req, res).catch((e) => {
      Atomics.add(data.errors, 0, 1);
      post({ type: 'log', level: 'critical', message: `unhandled error [context=min worker] ${String(e)}` });
    });
  });
  server.maxConnections = data.maxConnections;
  const address = await listen(server, data.host, data.port);
  parentPort?.on('message', (m: unknown) => {
    if (!isMinStopMessage(m)) return;
    void closeGracefully(server, m.graceMs).finally(() => {
      agent.destroy();
      post({ type: 'stopped' });
      // Ends only this thread; watchers a worker module may hold (token files) die with it.
      process.exit(0);
    });
  });
  post({ type: 'listening', address });
}

const data: unknown = workerData;
if (!isMinWorkerData(data)) {
  post({ type: 'failed', message: 'min worker started without valid worker data' });
} else {
  main(data).catch((e: unknown) => post({
    type: 'failed', message: e instanceof Error ? e.message : String(e), code: (e as NodeJS.ErrnoException).code,
  }));
}
