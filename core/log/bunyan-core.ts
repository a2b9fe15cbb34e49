/**
 * bunyan is the logging core (issue 10): every source is a bunyan child logger and every configured
 * writer is a bunyan raw stream. bunyan levels are thresholds but a writer's `level` is a set, so the
 * five log levels map one-to-one onto five bunyan levels and each stream filters on its own bit mask:
 * Debug→DEBUG, Info→INFO, Advisory→WARN, Error→ERROR, Critical→FATAL.
 * bunyan's `time` has milliseconds only; the first stream that sees a record stamps it with the
 * microsecond clock and formats the line once, and every other stream reuses that LogRecord.
 */
import bunyan from 'bunyan';
import { LogWriter } from '../extension/log-writer';
import { LEVEL_MARKER, LogLevel } from './log-level';
import { formatLine, nowMicros } from './log-line';
import { LogRecord } from './log-record';

export const BUNYAN_LEVEL: Readonly<Record<LogLevel, number>> = {
  [LogLevel.Debug]: bunyan.DEBUG,
  [LogLevel.Info]: bunyan.INFO,
  [LogLevel.Advisory]: bunyan.WARN,
  [LogLevel.Error]: bunyan.ERROR,
  [LogLevel.Critical]: bunyan.FATAL,
};

const SPEC_LEVEL = new Map<number, LogLevel>(
  (Object.entries(BUNYAN_LEVEL) as [string, number][]).map(([spec, b]) => [b, Number(spec) as LogLevel]));

/** How lines look: log.conf's `log.level.verbose` and `recordLength`. */
export interface LineFormat {
  readonly markers: Readonly<Record<LogLevel, string>>;
  /** Messages longer than this many characters are cut (QuestDB's record buffer). */
  readonly recordLength: number;
}

export const DEFAULT_LINE_FORMAT: LineFormat = { markers: LEVEL_MARKER, recordLength: 4096 };

/** The bunyan record as our streams see it; `svc` caches the log record across streams. */
export interface BunyanRecord {
  readonly level: number;
  readonly msg: string;
  readonly source: string;
  svc?: LogRecord;
}

export function isBunyanRecord(value: unknown): value is BunyanRecord {
  return typeof value === 'object' && value !== null && typeof (value as BunyanRecord).level === 'number'
    && typeof (value as BunyanRecord).msg === 'string';
}

/** The log record of a bunyan record, made once per record whatever the number of streams. */
export function specRecord(rec: BunyanRecord, format: LineFormat): LogRecord | undefined {
  if (rec.svc !== undefined) return rec.svc;
  const level = SPEC_LEVEL.get(rec.level);
  if (level === undefined) return undefined;
  const micros = nowMicros();
  const message = rec.msg.length > format.recordLength ? rec.msg.slice(0, format.recordLength) : rec.msg;
  rec.svc = { micros, level, source: rec.source, message, line: formatLine(micros, level, rec.source, message, format.markers) };
  return rec.svc;
}

/** A raw bunyan stream in front of one LogWriter: the level-set filter, and a writer that throws is contained. */
export class WriterStream {
  private failures = 0;

  constructor(private readonly levels: number, private readonly writer: LogWriter, private readonly format: LineFormat,
    private readonly name: string) {}

  write(value: unknown): void {
    if (!isBunyanRecord(value)) return;
    const level = SPEC_LEVEL.get(value.level);
    if (level === undefined || (this.levels & level) === 0) return;
    const record = specRecord(value, this.format);
    if (record === undefined) return;
    try {
      this.writer.write(record);
    } catch (e) {
      // A writer must not throw (LogWriter.write); if one does, the caller's work must go on.
      if (this.failures++ === 0) process.stderr.write(`svc: log writer ${this.name} failed: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
}

/** A bunyan logger whose only streams are the given raw streams; bunyan itself filters nothing. */
export function bunyanLogger(streams: readonly { write(rec: unknown): void }[]): bunyan {
  return bunyan.createLogger({
    name: 'svc',
    hostname: '-',
    level: bunyan.TRACE,
    streams: streams.map((stream) => ({ type: 'raw', level: bunyan.TRACE, stream: stream as unknown as NodeJS.WritableStream })),
  });
}
