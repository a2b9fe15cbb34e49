/**
 * Progress of a long /imp or /exp in the log (svc's own): every `http.progress.log.interval` an Info line
 * with what the operation has done so far (`message()`), from a timer, so an export whose query is still
 * computing reports too. Nothing is logged for operations shorter than one interval; 0 turns it off.
 */
import { Log } from '../log/log';

export class ProgressLog {
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = performance.now();

  constructor(log: Log, intervalMs: number, message: () => string) {
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      log.info(`${message()} [elapsedMs=${Math.round(performance.now() - this.started)}]`);
    }, intervalMs);
    this.timer.unref();
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
