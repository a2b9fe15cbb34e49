/**
 * The log facade every subsystem uses. A `Log` is bound to a source name (the third field of the
 * line); `LogFactory.create(source)` makes one. Writers see only records whose level is in their set.
 */
export const LogFactory = Symbol.for('svc.LogFactory');

export interface Log {
  readonly source: string;
  /** True when some writer takes Debug; check it before building an expensive debug message. */
  readonly debugEnabled: boolean;
  advisory(message: string): void;
  critical(message: string): void;
  error(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export interface LogFactory {
  create(source: string): Log;
}
