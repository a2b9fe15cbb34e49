/**
 * The LogFactory the container hands out. Each source gets a bunyan child logger whose streams are the
 * writers that source routes to (scope); a disabled level costs one mask test.
 * Records logged before the writers are configured (plugin loading happens first) are kept, up to a
 * bound, and replayed to the writers once they exist.
 */
import bunyan from 'bunyan';
import { LogWriter } from '../extension/log-writer';
import { bunyanLogger, DEFAULT_LINE_FORMAT, isBunyanRecord, LineFormat, specRecord, WriterStream } from './bunyan-core';
import { Log, LogFactory } from './log';
import { DEFAULT_LEVELS, LogLevel } from './log-level';
import { formatLine } from './log-line';
import { LogRecord } from './log-record';

export interface ConfiguredWriter {
  readonly name: string;
  /** Bit set of LogLevel values. */
  readonly levels: number;
  /** When set, the writer receives only sources starting with it (longest matching scope wins). */
  readonly scope: string | undefined;
  readonly writer: LogWriter;
}

const EARLY_LIMIT = 10_000;

/** @internal What one source logs to: its bunyan logger and the union of its writers' levels. */
export interface Route {
  readonly generation: number;
  readonly targets: readonly ConfiguredWriter[];
  readonly levels: number;
  readonly logger: bunyan | undefined;
}

export class LogService implements LogFactory {
  private writers: readonly ConfiguredWriter[] = [];
  private format: LineFormat = DEFAULT_LINE_FORMAT;
  private state: 'early' | 'configured' | 'closed' = 'early';
  private generation = 0;
  private early: LogRecord[] = [];
  private earlyDropped = 0;
  private roots = new Map<string, bunyan>();
  private readonly earlyLogger: bunyan;

  /** @param debugOverride `-Debug` or `SVC_DEBUG`: adds Debug to every writer's set. */
  constructor(private readonly debugOverride = false) {
    this.earlyLogger = bunyanLogger([{
      write: (rec: unknown): void => {
        if (!isBunyanRecord(rec)) return;
        if (this.early.length >= EARLY_LIMIT) { this.earlyDropped++; return; }
        const r = specRecord(rec, this.format);
        if (r) this.early.push(r);
      },
    }]);
  }

  create(source: string): Log {
    return new BoundLog(this, source);
  }

  /** Installs the writers and replays what was logged before. */
  configure(writers: readonly ConfiguredWriter[], format: LineFormat = DEFAULT_LINE_FORMAT): void {
    this.writers = writers.map((w) => (this.debugOverride ? { ...w, levels: w.levels | LogLevel.Debug } : w));
    this.format = format;
    this.state = 'configured';
    this.roots = new Map();
    this.generation++;
    const early = this.early;
    this.early = [];
    for (const r of early) this.replay(r);
    if (this.earlyDropped > 0) {
      this.create('log').error(`${this.earlyDropped} early log records were dropped before the writers were configured`);
      this.earlyDropped = 0;
    }
  }

  get writerNames(): readonly string[] {
    return this.writers.map((w) => w.name);
  }

  /** @internal */
  route(source: string): Route {
    if (this.state === 'early') {
      const levels = DEFAULT_LEVELS | (this.debugOverride ? LogLevel.Debug : 0);
      return { generation: this.generation, targets: [], levels, logger: this.earlyLogger.child({ source }, true) };
    }
    const targets = this.targetsOf(source);
    let levels = 0;
    for (const t of targets) levels |= t.levels;
    if (targets.length === 0) return { generation: this.generation, targets, levels: 0, logger: undefined };
    const key = targets.map((t) => this.writers.indexOf(t)).join(',');
    let root = this.roots.get(key);
    if (!root) {
      root = bunyanLogger(targets.map((t) => new WriterStream(t.levels, t.writer, this.format, t.name)));
      this.roots.set(key, root);
    }
    return { generation: this.generation, targets, levels, logger: root.child({ source }, true) };
  }

  /** @internal */
  currentGeneration(): number {
    return this.generation;
  }

  async flush(): Promise<void> {
    await Promise.all(this.writers.map((w) => w.writer.flush()));
  }

  async close(): Promise<void> {
    const writers = this.writers;
    this.writers = [];
    this.state = 'closed';
    this.roots = new Map();
    this.generation++;
    await Promise.all(writers.map((w) => w.writer.close().catch(() => undefined)));
  }

  private targetsOf(source: string): ConfiguredWriter[] {
    let best = -1;
    for (const w of this.writers) {
      if (w.scope !== undefined && source.startsWith(w.scope) && w.scope.length > best) best = w.scope.length;
    }
    return this.writers.filter((w) => (best < 0
      ? w.scope === undefined
      : w.scope !== undefined && w.scope.length === best && source.startsWith(w.scope)));
  }

  private replay(early: LogRecord): void {
    // Early records were formatted before log.conf was read: apply its recordLength and markers now.
    const message = early.message.length > this.format.recordLength ? early.message.slice(0, this.format.recordLength) : early.message;
    const record = { ...early, message, line: formatLine(early.micros, early.level, early.source, message, this.format.markers) };
    for (const w of this.targetsOf(record.source)) {
      if ((w.levels & record.level) !== 0) w.writer.write(record);
    }
  }
}

class BoundLog implements Log {
  private route: Route;

  constructor(private readonly service: LogService, readonly source: string) {
    this.route = service.route(source);
  }

  get debugEnabled(): boolean {
    return (this.current().levels & LogLevel.Debug) !== 0;
  }

  advisory(message: string): void { this.log(LogLevel.Advisory, message); }
  critical(message: string): void { this.log(LogLevel.Critical, message); }
  error(message: string): void { this.log(LogLevel.Error, message); }
  info(message: string): void { this.log(LogLevel.Info, message); }
  debug(message: string): void { this.log(LogLevel.Debug, message); }

  private log(level: LogLevel, message: string): void {
    const route = this.current();
    if ((route.levels & level) === 0 || route.logger === undefined) return;
    emit(route.logger, level, message);
  }

  private current(): Route {
    if (this.route.generation !== this.service.currentGeneration()) this.route = this.service.route(this.source);
    return this.route;
  }
}

function emit(logger: bunyan, level: LogLevel, message: string): void {
  // bunyan runs util.format over its arguments, which would turn `%%` into `%`: pass such text as an argument.
  const percent = message.includes('%');
  switch (level) {
    case LogLevel.Debug: if (percent) logger.debug('%s', message); else logger.debug(message); break;
    case LogLevel.Info: if (percent) logger.info('%s', message); else logger.info(message); break;
    case LogLevel.Advisory: if (percent) logger.warn('%s', message); else logger.warn(message); break;
    case LogLevel.Error: if (percent) logger.error('%s', message); else logger.error(message); break;
    case LogLevel.Critical: if (percent) logger.fatal('%s', message); else logger.fatal(message); break;
  }
}
