/**
 * io.svc.log.LogAlertSocketWriter: every record it receives (Critical by default;
 * Advisory never) becomes one alert rendered from the template and handed to the
 * AlertSender. Its own troubles are logged under the source `log-alert-socket`, which it never sends,
 * so a dead alert manager cannot feed itself alerts; drops also go to stderr, at most every
 * DROP_REPORT_MS with the count since the last report.
 */
import { LogWriter } from '../../core/extension/log-writer';
import { Log } from '../../core/log/log';
import { nowMicros } from '../../core/log/log-line';
import { LogRecord } from '../../core/log/log-record';
import { AlertEvents, AlertSender, AlertStats } from './alert-sender';
import { AlertSettings, AlertTarget } from './alert-settings';
import { AlertTemplate } from './alert-template';

export const ALERT_LOG_SOURCE = 'log-alert-socket';
const DROP_REPORT_MS = 10_000;

export class AlertSocketWriter implements LogWriter {
  private readonly sender: AlertSender;
  private unreported = 0;
  private lastReport = 0;
  private reportTimer: NodeJS.Timeout | undefined;

  constructor(private readonly settings: AlertSettings, private readonly template: AlertTemplate, version: string,
    private readonly log: Log, random?: () => number) {
    this.sender = new AlertSender(settings, `svc/${version}`, this.events(), random);
  }

  get stats(): AlertStats {
    return this.sender.stats;
  }

  get target(): AlertTarget {
    return this.sender.target;
  }

  write(record: LogRecord): void {
    if (record.source === ALERT_LOG_SOURCE) return;
    let body = Buffer.from(this.template.render(record.line, nowMicros()), 'utf8');
    if (body.length > this.settings.outBufferSize) {
      // One alert never exceeds the out buffer: cut the message, keep the template (valid JSON).
      const excess = body.length - this.settings.outBufferSize;
      body = Buffer.from(this.template.render(record.line.slice(0, Math.max(0, record.line.length - excess - 16)) + '…', nowMicros()), 'utf8');
    }
    this.sender.enqueue(body);
  }

  async flush(): Promise<void> {
    // Alerts go out as soon as the target answers; there is nothing to flush.
  }

  async close(): Promise<void> {
    await this.sender.close();
    clearTimeout(this.reportTimer);
    this.reportDrops();
  }

  private events(): AlertEvents {
    const name = (t: AlertTarget): string => `${t.host}:${t.port}`;
    return {
      targetDown: (t, reason) => this.log.error(`alert manager unavailable [target=${name(t)}, reason=${reason}]`),
      targetUp: (t) => this.log.info(`alert manager available again [target=${name(t)}]`),
      rejected: (t, status) => this.log.error(`alert manager refused an alert [target=${name(t)}, status=${status}]`),
      dropped: (count) => {
        this.unreported += count;
        const wait = this.lastReport + DROP_REPORT_MS - Date.now();
        if (wait <= 0) this.reportDrops();
        else if (this.reportTimer === undefined) {
          this.reportTimer = setTimeout(() => { this.reportTimer = undefined; this.reportDrops(); }, wait);
          this.reportTimer.unref();
        }
      },
    };
  }

  private reportDrops(): void {
    if (this.unreported === 0) return;
    const msg = `${this.unreported} alerts dropped, not delivered to the alert manager `
      + `[targets=${this.settings.targets.map((t) => `${t.host}:${t.port}`).join(',')}, droppedTotal=${this.sender.stats.dropped}]`;
    this.unreported = 0;
    this.lastReport = Date.now();
    process.stderr.write(`svc: ${msg}\n`);
    this.log.error(msg);
  }
}
