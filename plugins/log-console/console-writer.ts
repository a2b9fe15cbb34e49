/**
 * io.svc.log.LogConsoleWriter: lines to standard output (or the stream the server was given).
 * Lines are batched and written once per tick, so a burst does not make one write per line.
 */
import { Writable } from 'node:stream';
import { LogWriter } from '../../core/extension/log-writer';
import { LogRecord } from '../../core/log/log-record';

const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export class ConsoleWriter implements LogWriter {
  private pending: string[] = [];
  private pendingBytes = 0;
  private scheduled = false;
  private dropped = 0;

  constructor(private readonly out: Writable) {}

  write(record: LogRecord): void {
    if (this.pendingBytes > MAX_PENDING_BYTES) { this.dropped++; return; }
    this.pending.push(record.line);
    this.pendingBytes += record.line.length + 1;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    }
  }

  async flush(): Promise<void> {
    this.drain();
  }

  async close(): Promise<void> {
    this.drain();
  }

  private drain(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    let text = this.pending.join('\n') + '\n';
    if (this.dropped > 0) {
      text += `${this.dropped} log lines dropped: console output is slower than logging\n`;
      this.dropped = 0;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.out.write(text);
  }
}
