/**
 * Notices a test run that stopped making progress: `touch()` on every finished test; when none finished for
 * `limitMs`, `onStall` runs once (the test runner aborts the unit tests and counts the stall as a failure,
 * so a hung test ends the run red instead of holding CI until its time limit).
 */
export class StallWatchdog {
  private last = performance.now();
  private readonly timer: NodeJS.Timeout;
  private fired = false;

  constructor(private readonly limitMs: number, private readonly onStall: (idleMs: number) => void, checkEveryMs = Math.max(10, Math.min(5_000, limitMs / 4))) {
    this.timer = setInterval(() => this.check(), checkEveryMs);
    this.timer.unref();
  }

  touch(): void {
    this.last = performance.now();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private check(): void {
    const idle = performance.now() - this.last;
    if (this.fired || idle < this.limitMs) return;
    this.fired = true;
    this.stop();
    this.onStall(idle);
  }
}
