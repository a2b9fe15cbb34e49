/** The five log levels, as bits so a writer's level set is one integer mask. */
export enum LogLevel {
  Debug = 1,
  Info = 2,
  Error = 4,
  Critical = 8,
  Advisory = 16,
}

export const LEVEL_MARKER: Readonly<Record<LogLevel, string>> = {
  [LogLevel.Debug]: 'D',
  [LogLevel.Info]: 'I',
  [LogLevel.Error]: 'E',
  [LogLevel.Critical]: 'C',
  [LogLevel.Advisory]: 'A',
};

/** `log.level.verbose=true` prints the level's name instead of its letter. */
export const LEVEL_VERBOSE_MARKER: Readonly<Record<LogLevel, string>> = {
  [LogLevel.Debug]: 'DEBUG',
  [LogLevel.Info]: 'INFO',
  [LogLevel.Error]: 'ERROR',
  [LogLevel.Critical]: 'CRITICAL',
  [LogLevel.Advisory]: 'ADVISORY',
};

/** Names used in log.conf `w.<w>.level` lists. */
export const LEVEL_BY_NAME: Readonly<Record<string, LogLevel>> = {
  DEBUG: LogLevel.Debug,
  INFO: LogLevel.Info,
  ERROR: LogLevel.Error,
  CRITICAL: LogLevel.Critical,
  ADVISORY: LogLevel.Advisory,
};

/** The default levels: everything but Debug. */
export const DEFAULT_LEVELS = LogLevel.Info | LogLevel.Error | LogLevel.Critical | LogLevel.Advisory;
export const ALL_LEVELS = DEFAULT_LEVELS | LogLevel.Debug;
