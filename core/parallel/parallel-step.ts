/**
 * One parallel part of a query execution: its cancellation flag, its share of the query's memory budget,
 * and a timer for the query's deadline (while the main thread only waits for workers, no loop reads the
 * clock, so the timer does). `finish()` ends it: stragglers are told to stop and the memory the workers'
 * tables took is accounted to the query.
 */
import { ExecContext } from '../sql/plan';
import { CancelFlag } from './cancel-flag';
import { sharedBudget, usedSince } from './shared-memory-budget';

/** setTimeout fires at once for longer delays; a query deadline that far is "never". */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class ParallelStep {
  readonly cancel: CancelFlag;
  readonly budget: Int32Array;
  private readonly startKib: number;
  private timer: NodeJS.Timeout | undefined;
  private finished = false;

  constructor(readonly context: Pick<ExecContext, 'signal' | 'cancellation' | 'memory'>) {
    this.cancel = new CancelFlag(context.signal);
    this.budget = sharedBudget(context.memory);
    this.startKib = this.budget[0];
    if (Number.isFinite(context.cancellation.deadline)) this.armDeadline();
  }

  /**
   * A timer for the deadline. Timers count whole milliseconds and may fire a fraction early by the
   * clock `check()` reads; then it is set again for the rest, so the deadline is never missed.
   */
  private armDeadline(): void {
    const { cancellation, signal } = this.context;
    const left = cancellation.deadline - performance.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.finished || signal.aborted) return;
      try { cancellation.check(); } catch { return; /* the check aborted the query's signal, which raises the flag */ }
      this.armDeadline();
    }, Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(left))));
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.context.signal;
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.timer) clearTimeout(this.timer);
    this.cancel.dispose();
    this.context.memory.grow(usedSince(this.budget, this.startKib), 'GROUP BY keys');
  }
}
