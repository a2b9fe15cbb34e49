/**
 * One signal that aborts a running query when the client goes away or the query runs past its timeout
 * (`Statement-Timeout` header, else `query.timeout`). The timer counts
 * from the request's arrival. The engine also gets the instant itself (`deadlineAt`): its loops read the
 * clock, because the timer cannot fire while a synchronous loop holds the event loop, and a query the
 * engine stopped for time counts as timed out here too.
 */
import { SvcError } from '../../core/errors';
import { CancelController } from '../../core/cancel-controller';

/** setTimeout fires at once for longer delays (TimeoutOverflowWarning); ~24.8 days is "never" for a query. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class QueryDeadline {
  private readonly controller = new CancelController();
  private readonly timer: NodeJS.Timeout;
  private timedOutFlag = false;
  /** The `performance.now()` instant the query must stop at. */
  readonly deadlineAt: number;
  private readonly onClientAbort = (): void => this.controller.abort(new SvcError('client closed the connection', 400));

  constructor(
    private readonly client: AbortSignal,
    readonly timeoutMs: number,
    private readonly startNanos: bigint,
    private readonly fd: number,
  ) {
    const elapsed = Number((process.hrtime.bigint() - startNanos) / 1_000_000n);
    this.deadlineAt = performance.now() + timeoutMs - elapsed;
    this.timer = setTimeout(() => {
      this.timedOutFlag = true;
      this.controller.abort(this.timeoutError());
    }, Math.min(MAX_TIMER_MS, Math.max(0, timeoutMs - elapsed)));
    this.timer.unref();
    if (client.aborted) this.onClientAbort();
    else client.addEventListener('abort', this.onClientAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get timedOut(): boolean {
    return this.timedOutFlag || (!this.client.aborted && performance.now() >= this.deadlineAt);
  }

  get clientGone(): boolean {
    return this.client.aborted;
  }

  /** Stops the query with `reason` (another connection cancelled it by its query_id). */
  cancel(reason: SvcError): void {
    this.controller.abort(reason);
  }

  /** `timeout, query aborted [fd=<n>, runtime=<n>ms, timeout=<n>ms]`, status 400. */
  timeoutError(): SvcError {
    const runtime = Number((process.hrtime.bigint() - this.startNanos) / 1_000_000n);
    return new SvcError(`timeout, query aborted [fd=${this.fd}, runtime=${runtime}ms, timeout=${this.timeoutMs}ms]`, 400, 0);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.client.removeEventListener('abort', this.onClientAbort);
  }
}
