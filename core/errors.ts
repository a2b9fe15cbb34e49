import { findStorageExhaustion, StorageExhaustion, storageExhaustionMessage } from './storage-exhaustion';

/**
 * The one error type of the server. Thrown where a fact is known and caught by the responder of each
 * listener: a SvcError becomes its `statusCode` with the API's error shape; anything else is a 500,
 * a Critical log line and `svc_unhandled_errors_total` (but a full disk: `asExpectedError`).
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

  /**
   * 507 Insufficient Storage: the disk (or the quota, or the file size limit) had no room for a write
   * (core/storage-exhaustion.ts). `could not write to disk: no space left on device [path=<file>]`.
   */
  static insufficientStorage(found: StorageExhaustion, cause: unknown): SvcError {
    return new SvcError(storageExhaustionMessage(found), INSUFFICIENT_STORAGE, undefined, { cause });
  }

  /** A write naming a system relation (`telemetry_config`), which only reads (core/sql/system-relations.ts). */
  static tableReadOnly(position: number, name: string): SvcError {
    return SvcError.sql(position, `table is read-only [table=${name}]`);
  }
}

export function isSvcError(e: unknown): e is SvcError {
  return e instanceof SvcError;
}

/** RFC 4918 §11.5: the server cannot store what the request needs. A retry may succeed once there is room. */
export const INSUFFICIENT_STORAGE = 507;

/**
 * 5xx statuses that name an operational condition, not a bug: a service the server depends on (the cold tier's
 * object store) failed or is unreachable (502, 503, 504), or the disk is full (507).
 */
const CONDITION_STATUSES: ReadonlySet<number> = new Set([502, 503, 504, INSUFFICIENT_STORAGE]);

/**
 * An error the server foresaw, answered with its own status and an Error log line: a user's (below 500), a
 * dependency's outage (502/503/504) or a full disk (507). Anything else is unexpected: a 500, a Critical
 * line, the counter.
 */
export function isExpectedError(e: unknown): e is SvcError {
  return e instanceof SvcError && (e.statusCode < 500 || CONDITION_STATUSES.has(e.statusCode));
}

/**
 * What every listener answers for `e`: the SvcError itself when it is expected; a 507 when `e`, or any error
 * in its cause chain, is a full disk (ENOSPC, EDQUOT, EFBIG), as a raw Node error from the storage engine
 * arrives; undefined for the unexpected (a 500 or XX000, a Critical line, `svc_unhandled_errors_total`).
 */
export function asExpectedError(e: unknown): SvcError | undefined {
  if (isExpectedError(e)) return e;
  const full = findStorageExhaustion(e);
  return full === undefined ? undefined : SvcError.insufficientStorage(full, e);
}

/** The message of anything thrown, for log lines. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
