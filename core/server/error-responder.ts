/**
 * The one place a route's error becomes a response: an expected error (a SvcError below 500, a dependency's
 * 502/503/504, a full disk's 507: classifyFailure) keeps its status and message (Error log line); anything else is a 500, a Critical log line and `svc_unhandled_errors_total`. The route's
 * ErrorShape words the body; ResponseFraming.sendError frames it (Content-Length, or the connection closed
 * when the response has already started).
 */
import { inject, injectable } from 'tsyringe';
import { HttpExchange } from '../extension/http-route';
import { Log, LogFactory } from '../log/log';
import { ErrorCounter } from '../metrics/error-counter';
import { classifyFailure, ErrorShape, plainTextErrors } from './error-shape';
import { ResponseFraming } from './response-framing';

@injectable()
export class ErrorResponder {
  private readonly log: Log;

  constructor(
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(ErrorCounter) private readonly errors: ErrorCounter,
    @inject(LogFactory) logs: LogFactory,
  ) {
    this.log = logs.create('http-server');
  }

  /**
   * Records an unexpected error (Critical + counter) without answering; for code paths outside a request.
   * Always under `http-server`, an unscoped source, so every Critical reaches the unscoped writers
   * (stdout, file, alert) even when the min listener hit it.
   */
  unhandled(context: string, e: unknown): void {
    this.errors.increment();
    this.log.critical(`unhandled error [context=${context}] ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  }

  /**
   * Answers `e` in the route's error shape. `log` is the listener's: user errors on the min listener go to
   * the `http.min` writer by scope.
   */
  fail(exchange: HttpExchange, e: unknown, log: Log = this.log, shape: ErrorShape = plainTextErrors): void {
    const { req, res } = exchange;
    const failure = classifyFailure(e);
    const answer = shape(failure);
    // The line names the status actually sent: a failed /imp is answered 200 as QuestDB's API requires.
    // A 502/503/504 is a SvcError that chose it (no room now, a dependency's outage), a 507 a full disk: an Error
    // line, not a Critical.
    if (failure.expected) log.error(`${req.method} ${exchange.path} ${answer.status} ${failure.message}`);
    else this.unhandled(`${req.method} ${exchange.path}`, e);
    this.framing.sendError(res, answer);
  }
}
