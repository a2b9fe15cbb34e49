/**
 * The one place a route's error becomes a response: a SvcError keeps its status and message (Error
 * log line); anything else is a 500, a Critical log line and `svc_unhandled_errors_total`. After the
 * response has started nothing can be framed any more, so the connection is closed.
 */
import { inject, injectable } from 'tsyringe';
import { isSvcError } from '../errors';
import { HttpExchange } from '../extension/http-route';
import { Log, LogFactory } from '../log/log';
import { ErrorCounter } from '../metrics/error-counter';
import { CONTENT_TYPE, ResponseFraming } from './response-framing';

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

  /** `log` is the listener's: user errors on the min listener go to the `http.min` writer by scope. */
  fail(exchange: HttpExchange, e: unknown, log: Log = this.log): void {
    const { res, req } = exchange;
    if (isSvcError(e) && e.statusCode < 500) {
      log.error(`${req.method} ${exchange.path} ${e.statusCode} ${e.message}`);
      if (res.headersSent) { res.destroy(); return; }
      this.framing.send(res, e.statusCode, CONTENT_TYPE.text, `${e.message}\r\n`);
      return;
    }
    this.unhandled(`${req.method} ${exchange.path}`, e);
    if (res.headersSent) { res.destroy(); return; }
    this.framing.send(res, 500, CONTENT_TYPE.text, 'Internal server error\r\n');
  }
}
