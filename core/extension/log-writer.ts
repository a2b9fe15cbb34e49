/**
 * Log writers, selected by class name in log.conf (`w.<name>.class=io.svc.log.LogConsoleWriter`).
 * The core filters records by each writer's level set and scope before `write`, so a writer only
 * writes. Users add a writer class by registering another factory from a plugin (docs/plugins.md).
 */
import { SettingOrigin } from '../config/setting-origin';
import { LogRecord } from '../log/log-record';

export const LogWriterFactory = Symbol.for('svc.LogWriterFactory');

export interface LogWriterSettings {
  /** The writer's name in `writers=` (e.g. `stdout`, `file`, `http.min`, `alert`). */
  readonly name: string;
  readonly className: string;
  /** Every `w.<name>.<property>` value after environment overrides, keyed by `<property>`. */
  readonly properties: ReadonlyMap<string, string>;
  /** The database root directory (`-d`). */
  readonly rootDir: string;
  /** `${log.dir}`: `<root>/log` unless log.conf's `log.dir` says otherwise. */
  readonly logDir: string;
  /** The runtime version, for `${SVC_VERSION}`. */
  readonly version: string;
  /** Environment variables visible to the writer (ORGID, NAMESPACE, SVC_DETACHED, ...). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Where `w.<name>.<property>` was read (file line or variable), for the start-up error of a bad
   * value: `throw settingError('invalid value for log.conf key', settings.origin('rollSize'), 'expected …')`.
   */
  readonly origin: (property: string) => SettingOrigin;
}

export interface LogWriter {
  /**
   * Called synchronously for every record that passed the level and scope filter. Must not throw and
   * must not block on I/O for long: queue, batch, and bound what is queued.
   */
  write(record: LogRecord): void;
  /** Writes out anything buffered. */
  flush(): Promise<void>;
  /** Flushes and releases files and sockets; called once at shutdown. */
  close(): Promise<void>;
}

export interface LogWriterFactory {
  /** e.g. `io.svc.log.LogFileWriter`. */
  readonly className: string;
  /** Properties this class understands, besides `class`, `level` and `scope`; others are start-up errors. */
  readonly properties: readonly string[];
  /** The level set when log.conf gives no `level` (I, E, C, A when absent). */
  readonly defaultLevels?: number;
  /** Levels this class can ever take, ANDed with `w.<name>.level` (the alert writer drops Advisory). */
  readonly levelMask?: number;
  /** Builds the writer at start-up; throws SvcError on a bad property (start-up stops). */
  create(settings: LogWriterSettings): LogWriter;
}
