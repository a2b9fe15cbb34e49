/**
 * io.svc.log.LogRollingFileWriter (): `location` with `${log.dir}`
 * and `${date:<format>}` is resolved at open and at every roll; `rollEvery` rolls at each UTC
 * minute/hour/day/month/year boundary (decided by the record's own timestamp), `rollSize` when the file
 * reaches that size. If the file to open exists already, existing files shift (`name`→`name.1`,
 * `name.1`→`name.2`, …) so the newest always has the bare name.
 */
import { existsSync, renameSync } from 'node:fs';
import { settingError } from '../../core/config/setting-origin';
import { parseSize } from '../../core/config/config-key';
import { LogWriter, LogWriterSettings } from '../../core/extension/log-writer';
import { FileAppender } from '../../core/log/file-appender';
import { LocationContext, resolveLogLocation } from '../../core/log/log-location';
import { nowMicros } from '../../core/log/log-line';
import { LogRecord } from '../../core/log/log-record';
import { batchBytes } from '../log-file/file-writer';
import { fixedPrefix, prune, Retention } from './log-retention';
import { nextRollMicros, parseLifeDuration, parseRollEvery, RollUnit } from './roll-schedule';

export const DEFAULT_ROLLING_LOCATION = '${log.dir}/svc-rolling.log.${date:yyyyMMdd}';

export class RollingFileWriter implements LogWriter {
  private appender: FileAppender;
  private nextRoll: number;
  private readonly template: string;
  private readonly unit: RollUnit | undefined;
  private readonly rollSize: number;
  private readonly retention: Retention;
  private readonly batch: number;
  private readonly context: LocationContext;
  private rolls = 0;

  constructor(settings: LogWriterSettings, now = nowMicros()) {
    const p = settings.properties;
    this.template = p.get('location') ?? DEFAULT_ROLLING_LOCATION;
    this.unit = parseRollEvery(p.get('rollEvery'));
    this.rollSize = optional(settings, 'rollSize', parseSize) ?? Infinity;
    this.retention = { lifeMs: optional(settings, 'lifeDuration', parseLifeDuration), sizeLimit: optional(settings, 'sizeLimit', parseSize) };
    this.batch = batchBytes(settings);
    this.context = settings;
    this.appender = this.open(now);
    this.nextRoll = nextRollMicros(now, this.unit);
  }

  /** The file lines go to now. */
  get path(): string {
    return this.appender.path;
  }

  get rollCount(): number {
    return this.rolls;
  }

  write(record: LogRecord): void {
    if (record.micros >= this.nextRoll) this.roll(record.micros);
    this.appender.appendLine(record.line);
    if (this.appender.size >= this.rollSize) this.roll(record.micros);
  }

  async flush(): Promise<void> {
    this.appender.writeOut();
  }

  async close(): Promise<void> {
    this.appender.close();
  }

  private roll(micros: number): void {
    this.nextRoll = nextRollMicros(micros, this.unit);
    let next: FileAppender;
    try {
      // On Linux an open file can be renamed, so the shift may move the file still being written.
      next = this.open(micros);
    } catch (e) {
      // Keep writing to the current file rather than lose lines; the next boundary tries again.
      process.stderr.write(`svc: log roll failed, still writing ${this.appender.path}: ${e instanceof Error ? e.message : String(e)}\n`);
      return;
    }
    this.appender.close();
    this.appender = next;
    this.rolls++;
    try {
      prune(this.appender.path, fixedPrefix(this.template), this.retention, micros / 1000);
    } catch (e) {
      process.stderr.write(`svc: log retention failed in ${this.appender.path}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }

  private open(micros: number): FileAppender {
    const path = resolveLogLocation(this.template, this.context, micros);
    if (existsSync(path)) shift(path);
    return new FileAppender(path, this.batch);
  }
}

/** `name`→`name.1`, `name.1`→`name.2`, …, highest first so nothing is overwritten. */
function shift(path: string): void {
  let n = 1;
  while (existsSync(`${path}.${n}`)) n++;
  for (let i = n - 1; i >= 1; i--) renameSync(`${path}.${i}`, `${path}.${i + 1}`);
  renameSync(path, `${path}.1`);
}

function optional(settings: LogWriterSettings, key: string, parse: (text: string) => number | undefined): number | undefined {
  const text = settings.properties.get(key);
  if (text === undefined || text.trim() === '') return undefined;
  const n = parse(text);
  if (n === undefined || n <= 0) throw settingError('invalid value for log.conf key', settings.origin(key), 'expected a positive size or duration');
  return n;
}
