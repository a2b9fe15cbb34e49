/**
 * io.svc.log.LogFileWriter: one append-only file that grows indefinitely (writer kind
 * `file`). `location` may use `${log.dir}` and `${date:<format>}` (resolved once, at start-up).
 */
import { LogWriter, LogWriterSettings } from '../../core/extension/log-writer';
import { settingError } from '../../core/config/setting-origin';
import { parseSize } from '../../core/config/config-key';
import { DEFAULT_BATCH_BYTES, FileAppender } from '../../core/log/file-appender';
import { resolveLogLocation } from '../../core/log/log-location';
import { nowMicros } from '../../core/log/log-line';
import { LogRecord } from '../../core/log/log-record';

export const DEFAULT_FILE_LOCATION = '${log.dir}/svc.log';

export class FileWriter implements LogWriter {
  private readonly appender: FileAppender;

  constructor(settings: LogWriterSettings) {
    const location = settings.properties.get('location') ?? DEFAULT_FILE_LOCATION;
    this.appender = new FileAppender(resolveLogLocation(location, settings, nowMicros()), batchBytes(settings));
  }

  get path(): string {
    return this.appender.path;
  }

  write(record: LogRecord): void {
    this.appender.appendLine(record.line);
  }

  async flush(): Promise<void> {
    this.appender.writeOut();
  }

  async close(): Promise<void> {
    this.appender.close();
  }
}

/** `w.<name>.bufferSize` (unit suffixes allowed): how much a writer gathers before one write. */
export function batchBytes(settings: LogWriterSettings): number {
  const text = settings.properties.get('bufferSize');
  if (text === undefined) return DEFAULT_BATCH_BYTES;
  const n = parseSize(text);
  if (n === undefined || n < 1) {
    throw settingError('invalid value for log.conf key', settings.origin('bufferSize'), 'expected a size such as 64k or 4m');
  }
  return n;
}
