/**
 * io.svc.log.LogConsoleWriter: lines to standard output (or the stream the server was given), and when
 * the server runs detached also to `<log dir>/stdout-<yyyy-MM-ddTHH-mm-ss>.txt` (see
 * detached-console.ts). Lines are batched and written once per event-loop turn; if the
 * console cannot keep up, at most MAX_PENDING_BYTES wait and the rest are counted and reported.
 */
import { Writable } from 'node:stream';
import { LogWriter } from '../../core/extension/log-writer';
import { FileAppender } from '../../core/log/file-appender';
import { LogRecord } from '../../core/log/log-record';

const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export class ConsoleWriter implements LogWriter {
  private pending: string[] = [];
  private pendingBytes = 0;
  private scheduled = false;
  private dropped = 0;

  /** @param out the console, or undefined when detached from a terminal; @param file the detached stdout file. */
  constructor(private readonly out: Writable | undefined, private readonly file: FileAppender | undefined) {}

  write(record: LogRecord): void {
    this.file?.appendLine(record.line);
    if (this.out === undefined) return;
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
    this.file?.writeOut();
  }

  async close(): Promise<void> {
    await this.flush();
  }

  private drain(): void {
    this.scheduled = false;
    if (this.pending.length === 0 || this.out === undefined) return;
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
