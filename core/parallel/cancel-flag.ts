/**
 * Cancellation as worker threads see it: an Int32Array on a SharedArrayBuffer that kernels read with
 * Atomics between blocks of rows. One per parallel step; raised when the query's signal aborts (client
 * gone, Statement-Timeout, deadline, server stop), when another task of the step failed, or when the
 * consumer stopped early — so no worker keeps scanning for a query that is over.
 */
export class CancelFlag {
  readonly shared = new Int32Array(new SharedArrayBuffer(4));
  private readonly onAbort = (): void => this.raise();

  constructor(private readonly signal: AbortSignal) {
    if (signal.aborted) this.raise();
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  raise(): void {
    Atomics.store(this.shared, 0, 1);
  }

  /** Stops following the signal (the step is over); raises the flag so stragglers stop too. */
  dispose(): void {
    this.signal.removeEventListener('abort', this.onAbort);
    this.raise();
  }
}

export function isCancelled(flag: Int32Array): boolean {
  return Atomics.load(flag, 0) !== 0;
}
