/**
 * The one error type of the server. Thrown where a fact is known and caught by the responder of each
 * listener: a SvcError becomes its `statusCode` with the API's error shape; anything else is a 500,
 * a Critical log line and `svc_unhandled_errors_total`.
 */
export class SvcError extends Error {
  constructor(
    message: string,
    readonly statusCode = 500,
    readonly position?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SvcError';
  }

  /** A SQL error at a character offset of the query text (400, body `{query, error, position}`). */
  static sql(position: number, message: string): SvcError {
    return new SvcError(message, 400, position);
  }

  /** A bad request parameter (400 with the reason). */
  static badRequest(message: string): SvcError {
    return new SvcError(message, 400);
  }

  /** A configuration value that stops start-up. */
  static config(key: string, value: string, expected: string): SvcError {
    return new SvcError(`invalid configuration value [key=${key}, value=${value}, expected=${expected}]`, 500);
  }

  static invalidColumn(position: number, name: string): SvcError {
    return SvcError.sql(position, `Invalid column: ${name}`);
  }

  static tableDoesNotExist(position: number, name: string): SvcError {
    return SvcError.sql(position, `table does not exist [table=${name}]`);
  }

  /** A write naming a system relation (`telemetry_config`), which only reads (core/sql/system-relations.ts). */
  static tableReadOnly(position: number, name: string): SvcError {
    return SvcError.sql(position, `table is read-only [table=${name}]`);
  }
}

export function isSvcError(e: unknown): e is SvcError {
  return e instanceof SvcError;
}

/** 502, 503, 504: a service the server depends on (the cold tier's object store) failed or is unreachable. */
const DEPENDENCY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * An error the server foresaw, answered with its own status and an Error log line: a user's (below 500) or a
 * dependency's outage (502/503/504). Anything else is unexpected: a 500, a Critical line, the counter.
 */
export function isExpectedError(e: unknown): e is SvcError {
  return e instanceof SvcError && (e.statusCode < 500 || DEPENDENCY_STATUSES.has(e.statusCode));
}

/** The message of anything thrown, for log lines. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
