/**
 * Runs one request on a listener: route lookup (404/405), authentication (401 as QuestDB's HTTP API
 * shows it: plain text, no WWW-Authenticate), the handler, and the error responder. Every request
 * gets one Info line when it arrives, like QuestDB's `incoming [url=…]`; with
 * Debug enabled, a second line when the response is finished gives the status and the time taken.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { HttpAuthenticator } from '../extension/http-authenticator';
import { HttpExchange, HttpRoute } from '../extension/http-route';
import { Log } from '../log/log';
import { ErrorShape, plainTextErrors } from './error-shape';
import { CONTENT_TYPE, ResponseFraming } from './response-framing';
import { RouteMatch, RouteTable } from './route-table';
import { CancelController } from '../cancel-controller';

/** Answers a route's error (the ErrorResponder on the main thread; the min worker has its own). */
/** The listeners one response may carry before Node warns of a leak. */
const RESPONSE_CLOSE_LISTENERS = 32;

export interface FailureResponder {
  fail(exchange: HttpExchange, e: unknown, log?: Log, shape?: ErrorShape): void;
}

export class RequestDispatcher {
  constructor(
    private readonly table: RouteTable,
    private readonly framing: ResponseFraming,
    private readonly responder: FailureResponder,
    private readonly authenticator: HttpAuthenticator | undefined,
    private readonly log: Log,
  ) {}

  /** Looks the request up; answers 404/405/401/400 itself and returns undefined, or returns what to run. */
  prepare(req: IncomingMessage, res: ServerResponse): { route: HttpRoute; exchange: HttpExchange } | undefined {
    const startNanos = process.hrtime.bigint();
    const rawUrl = req.url ?? '/';
    this.log.info(`incoming [method=${req.method ?? 'GET'}, url=${rawUrl}]`);
    if (this.log.debugEnabled) {
      res.once('finish', () => {
        const micros = Number((process.hrtime.bigint() - startNanos) / 1000n);
        this.log.debug(`done [method=${req.method ?? 'GET'}, url=${rawUrl}, status=${res.statusCode}, micros=${micros}]`);
      });
    }
    const q = rawUrl.indexOf('?');
    let path: string;
    let params: URLSearchParams;
    try {
      path = decodeURIComponent(q < 0 ? rawUrl : rawUrl.slice(0, q));
      params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
    } catch {
      this.framing.sendError(res, { status: 400, contentType: CONTENT_TYPE.text, body: 'Bad request\r\n' });
      return undefined;
    }
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS' && this.answeredPreflight(req, res, path)) return undefined;
    const match: RouteMatch = this.table.match(method, path);
    if (match.kind === 'notFound') {
      this.framing.sendError(res, { status: 404, contentType: CONTENT_TYPE.text, body: 'Not Found\r\n' });
      return undefined;
    }
    if (match.kind === 'methodNotAllowed') {
      this.methodNotAllowed(req, res, path, params, method, match);
      return undefined;
    }
    const route = match.route;
    let authNanos = 0n;
    if (this.authenticator?.enabled && needsAuth(route, method)) {
      const t0 = process.hrtime.bigint();
      const principal = this.authenticator.authenticate(req);
      authNanos = process.hrtime.bigint() - t0;
      if (principal === undefined) {
        this.framing.sendChunked(res, 401, CONTENT_TYPE.text, 'Unauthorized\r\n');
        return undefined;
      }
    }
    const controller = new CancelController();
    const abort = (): void => { if (!res.writableFinished) controller.abort(); };
    // Each layer (framing, connection guard, in-flight list, restify, a route's pipeline) watches 'close'
    // once per response; they add up past Node's default warning threshold of 10 without any leak.
    res.setMaxListeners(RESPONSE_CLOSE_LISTENERS);
    res.once('close', abort);
    return { route, exchange: { req, res, path, params, signal: controller.signal, startNanos, authNanos } };
  }

  /**
   * QuestDB's message for a method the path does not serve (`Method POST not supported`), in the error shape
   * of the path's route (`{query, error, position}` on /exec and /exp, /imp's, plain text where the route has
   * none), always with status 405 and `Allow`.
   */
  private methodNotAllowed(req: IncomingMessage, res: ServerResponse, path: string, params: URLSearchParams, method: string,
    match: Extract<RouteMatch, { kind: 'methodNotAllowed' }>): void {
    const route = match.routes.find((r) => r.errorShape !== undefined);
    const exchange: HttpExchange = { req, res, path, params, signal: new AbortController().signal, startNanos: 0n, authNanos: 0n };
    const shape = route?.errorShape?.(exchange) ?? plainTextErrors;
    const answer = shape({ status: 405, expected: true, message: `Method ${method} not supported`, position: undefined, error: undefined });
    this.framing.sendError(res, { ...answer, status: 405, headers: [...(answer.headers ?? []), ['Allow', match.allow.join(', ')]] });
  }

  /** A CORS preflight is answered here, before authentication: browsers send it without credentials. */
  private answeredPreflight(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    const preflight = this.framing.cors.preflight(req, this.table.methodsAt(path));
    if (preflight.kind === 'none') return false;
    if (preflight.kind === 'refused') {
      this.framing.send(res, 403, CONTENT_TYPE.text, 'CORS request refused\r\n');
      return true;
    }
    this.framing.begin(res, { status: 204, headers: preflight.headers });
    res.end();
    return true;
  }

  async run(route: HttpRoute, exchange: HttpExchange): Promise<void> {
    try {
      await route.handle(exchange);
    } catch (e) {
      this.responder.fail(exchange, e, this.log, route.errorShape?.(exchange));
    }
  }

  /** prepare + run, for listeners without a router of their own. */
  async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const prepared = this.prepare(req, res);
    if (prepared) await this.run(prepared.route, prepared.exchange);
  }
}

function needsAuth(route: HttpRoute, method: string): boolean {
  const r = route.requiresAuth;
  if (r === undefined) return true;
  return typeof r === 'function' ? r(method) : r;
}
