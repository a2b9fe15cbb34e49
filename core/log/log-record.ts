import { LogLevel } from './log-level';

/** One log event as the core hands it to writers; `line` is already formatted (log-line.ts). */
export interface LogRecord {
  /** Microseconds since the epoch, UTC. */
  readonly micros: number;
  readonly level: LogLevel;
  readonly source: string;
  readonly message: string;
  /** `<timestamp> <marker> <source> <message>` without a line terminator. */
  readonly line: string;
}
