/**
 * How a running query learns that it must stop: the caller's signal (client gone, Statement-Timeout timer,
 * server stopping) and an optional deadline. One per execution, owned by the engine: its own `signal`
 * follows the caller's and also fires when `check()` finds the deadline passed, so whatever the query
 * started — operators, and worker threads that terminate on the signal's 'abort' — stops on the same event.
 *
 * `check()` reads the clock because a timer cannot fire while a synchronous loop (a sort, a hash build)
 * holds the event loop: long loops call it every few thousand rows, operators once per batch. It costs one
 * `performance.now()` (~50 ns).
 */
import { SvcError } from '../errors';
import type { QueryProgress } from './query-engine';
import { CancelController } from '../cancel-controller';

/** The reason of a cancellation whose cause the caller did not give (the caller's signal had no SvcError). */
export const CANCELLED = 'cancelled by user';
/** The reason when the deadline passes inside the engine; routes answer with their own timeout wording. */
export const TIMED_OUT = 'timeout, query aborted';

/** Rows between two checks in a tight per-row loop: checks stay far below 1% of the loop's time. */
export const CHECK_EVERY_ROWS = 1 << 16;

export class QueryCancellation {
  private readonly controller = new CancelController();
  private readonly follow = (): void => this.controller.abort(this.outer.reason);

  /**
   * `deadline` is a `performance.now()` instant; Infinity when the query has no time limit. `progress`, when
   * given, receives the rows table scans read (they add to it once per batch).
   */
  constructor(private readonly outer: AbortSignal, readonly deadline = Infinity, readonly progress?: QueryProgress) {
    if (outer.aborted) this.follow();
    else outer.addEventListener('abort', this.follow, { once: true });
  }

  /** Fires once, with the SvcError (or other reason) that stops the query. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Throws the stop reason as an SvcError when the query was aborted or its deadline passed. */
  check(): void {
    const signal = this.controller.signal;
    if (!signal.aborted && performance.now() >= this.deadline) this.controller.abort(new SvcError(TIMED_OUT, 400, 0));
    if (signal.aborted) throw reasonOf(signal);
  }

  /** Stops following the caller's signal; the query is over. */
  dispose(): void {
    this.outer.removeEventListener('abort', this.follow);
  }
}

/** The SvcError a cancelled query ends with. */
export function reasonOf(signal: AbortSignal): SvcError {
  const reason: unknown = signal.reason;
  return reason instanceof SvcError ? reason : new SvcError(CANCELLED, 400);
}
