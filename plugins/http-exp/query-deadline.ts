/**
 * The abort signal of one export: fires when the client goes away or `timeout` runs out (`timeout`
 * is in seconds). Its own timer rather than `AbortSignal.any(…, AbortSignal.timeout())`,
 * which on Node 20 can lose the timeout signal to garbage collection. `check()` also reads the clock,
 * because an engine loop that never yields to the event loop keeps the timer from firing.
 */
import { SvcError } from '../../core/errors';
import { Aborted } from './abort-race';
import { CancelController } from '../../core/cancel-controller';

export class QueryDeadline {
  private readonly controller = new CancelController();
  private readonly timer: NodeJS.Timeout;
  private readonly end: number;
  private readonly onClientGone = (): void => this.controller.abort();

  constructor(private readonly client: AbortSignal, readonly timeoutMs: number) {
    this.timer = setTimeout(() => this.controller.abort(), timeoutMs);
    this.end = performance.now() + timeoutMs;
    client.addEventListener('abort', this.onClientGone, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The `performance.now()` instant the export must stop at; the engine's loops read the clock against it. */
  get deadlineAt(): number {
    return this.end;
  }

  /** True once the time is up (the engine may have stopped the query before the timer fired). */
  get expired(): boolean {
    return performance.now() >= this.end;
  }

  /** The reason another connection gave when it cancelled this export by its query_id. */
  cancelled: SvcError | undefined;

  /** Stops the export: its answer is a 400 with `reason` (before the head) or a closed connection. */
  cancel(reason: SvcError): void {
    this.cancelled = reason;
    this.controller.abort(reason);
  }

  get clientGone(): boolean {
    return this.client.aborted;
  }

  /** Throws Aborted when the client left or the time is up. */
  check(): void {
    if (performance.now() >= this.end) this.controller.abort();
    if (this.controller.signal.aborted) throw new Aborted();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.client.removeEventListener('abort', this.onClientGone);
  }
}
