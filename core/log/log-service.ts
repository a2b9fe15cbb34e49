/**
 * The LogFactory the container hands out. Records logged before the writers are configured (plugin
 * loading happens first) are kept, up to a bound, and replayed to the writers once they exist.
 */
import { LogWriter } from '../extension/log-writer';
import { Log, LogFactory } from './log';
import { LogLevel } from './log-level';
import { formatLine, nowMicros } from './log-line';
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

export class LogService implements LogFactory {
  private writers: readonly ConfiguredWriter[] = [];
  private configured = false;
  private generation = 0;
  private early: LogRecord[] = [];
  private earlyDropped = 0;

  /** @param debugOverride `-Debug` or `SVC_DEBUG`: adds Debug to every writer's set. */
  constructor(private readonly debugOverride = false) {}

  create(source: string): Log {
    return new BoundLog(this, source);
  }

  /** Installs the writers and replays what was logged before. */
  configure(writers: readonly ConfiguredWriter[]): void {
    this.writers = writers.map((w) => (this.debugOverride ? { ...w, levels: w.levels | LogLevel.Debug } : w));
    this.configured = true;
    this.generation++;
    const early = this.early;
    this.early = [];
    for (const r of early) this.dispatch(r, this.route(r.source));
    if (this.earlyDropped > 0) {
      const msg = `${this.earlyDropped} early log records were dropped before the writers were configured`;
      const r = makeRecord(LogLevel.Error, 'log', msg);
      this.dispatch(r, this.route('log'));
    }
  }

  get writerNames(): readonly string[] {
    return this.writers.map((w) => w.name);
  }

  /** @internal Writers a source goes to, and the union of their levels. */
  route(source: string): Route {
    let best = -1;
    for (const w of this.writers) {
      if (w.scope !== undefined && source.startsWith(w.scope) && w.scope.length > best) best = w.scope.length;
    }
    const targets = this.writers.filter((w) => (best < 0 ? w.scope === undefined : w.scope !== undefined && w.scope.length === best && source.startsWith(w.scope)));
    let levels = 0;
    for (const t of targets) levels |= t.levels;
    return { generation: this.generation, targets, levels: this.configured ? levels : (this.debugOverride ? 31 : 30) };
  }

  /** @internal */
  emit(level: LogLevel, source: string, message: string, route: Route): void {
    const record = makeRecord(level, source, message);
    if (!this.configured) {
      if (this.early.length < EARLY_LIMIT) this.early.push(record);
      else this.earlyDropped++;
      return;
    }
    this.dispatch(record, route);
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
    this.generation++;
    await Promise.all(writers.map((w) => w.writer.close().catch(() => undefined)));
  }

  private dispatch(record: LogRecord, route: Route): void {
    for (const w of route.targets) {
      if ((w.levels & record.level) !== 0) w.writer.write(record);
    }
  }
}

interface Route {
  readonly generation: number;
  readonly targets: readonly ConfiguredWriter[];
  readonly levels: number;
}

function makeRecord(level: LogLevel, source: string, message: string): LogRecord {
  const micros = nowMicros();
  return { micros, level, source, message, line: formatLine(micros, level, source, message) };
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
    if ((route.levels & level) === 0) return;
    this.service.emit(level, this.source, message, route);
  }

  private current(): Route {
    if (this.route.generation !== this.service.currentGeneration()) this.route = this.service.route(this.source);
    return this.route;
  }
}
