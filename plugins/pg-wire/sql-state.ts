/**
 * The SQLSTATE of an engine error (PostgreSQL Appendix A), chosen from the message the engine gives,
 * so clients can branch on the class (`42P01` undefined table, `22P02` bad value, `57014` cancelled).
 * A statement error without a better match is 42601 while compiling and 22000 while running; an
 * unexpected failure is XX000. Some come from the status, not the message (error-report.ts): 403 is 25006,
 * a full disk (507) 53100 disk_full.
 */
const BY_MESSAGE: readonly (readonly [RegExp, string])[] = [
  [/^table does not exist|^unknown table/i, '42P01'],
  [/^Invalid column|^column not found|^column .* does not exist/i, '42703'],
  [/^unknown function name|^there is no matching (function|operator)/i, '42883'],
  [/^table already exists|already exists/i, '42P07'],
  [/^Ambiguous column/i, '42702'],
  [/^column must appear in GROUP BY/i, '42803'],
  [/inconvertible|^Invalid date|^invalid timestamp|^invalid (constant|IPv4|uuid)|^Invalid timestamp/i, '22P02'],
  [/^cancelled by user|^timeout, query aborted|query aborted|cancel/i, '57014'],
  // A system relation (`telemetry_config`) is not writable: PostgreSQL's answer to writing a system catalog.
  [/^table is read-only/i, '42501'],
  [/^Write permission denied|read-only/i, '25006'],
  [/^bind variable|^bind message/i, '08P01'],
  [/^unrecognized configuration parameter/i, '42704'],
  [/division by zero/i, '22012'],
  [/is not supported/i, '0A000'],
  [/^table busy/i, '55P03'],
  [/transaction block/i, '25001'],
  // An outage of the cold tier's object store: class 58, an error outside the database (io_error).
  [/^cold storage /i, '58030'],
];

export function sqlStateOf(message: string, phase: 'compile' | 'run'): string {
  for (const [re, code] of BY_MESSAGE) if (re.test(message)) return code;
  return phase === 'compile' ? '42601' : '22000';
}

export const SQLSTATE = {
  PROTOCOL_VIOLATION: '08P01',
  INVALID_PASSWORD: '28P01',
  TOO_MANY_CONNECTIONS: '53300',
  /** A write found no room on the disk (ENOSPC, EDQUOT, EFBIG): class 53, insufficient resources. */
  DISK_FULL: '53100',
  FEATURE_NOT_SUPPORTED: '0A000',
  INTERNAL: 'XX000',
  UNDEFINED_STATEMENT: '26000',
  UNDEFINED_CURSOR: '34000',
  IDLE_TIMEOUT: '57P05',
  ADMIN_SHUTDOWN: '57P01',
  READ_ONLY: '25006',
  QUERY_CANCELED: '57014',
  IN_FAILED_TRANSACTION: '25P02',
  ACTIVE_TRANSACTION: '25001',
  NO_ACTIVE_TRANSACTION: '25P01',
  INVALID_SAVEPOINT: '3B001',
  BAD_BINARY: '22P03',
  BAD_ENCODING: '22021',
  DATETIME_OVERFLOW: '22008',
  NUMERIC_OVERFLOW: '22003',
  PROGRAM_LIMIT: '54000',
  DATATYPE_MISMATCH: '42804',
  INVALID_PARAMETER_VALUE: '22023',
  BAD_COPY_DATA: '22P04',
  DUPLICATE_COLUMN: '42701',
  COPY_FAILED: '57014',
} as const;
