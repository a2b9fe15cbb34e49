/**
 * A rejected line or request, in QuestDB's words (LineHttpProcessorState, LineProtocolException).
 * `line` is the 1-based number of the measurement (blank lines and comments are not counted); 0 for an error
 * of the request before its lines (read-only, precision, encoding, gzip: QuestDB's `reject`), undefined for an
 * error of the commit. The HTTP route frames it as `{code, message, line, errorId}` (error-body.ts).
 */
import { ColumnType, ddlTypeName, TypeTag, typeName } from '../../core/data/column-type';

export type LineErrorCode = 'invalid' | 'not supported' | 'request too large' | 'unauthorised' | 'retry operation' | 'internal error';

const STATUS: Readonly<Record<LineErrorCode, number>> = {
  invalid: 400, 'not supported': 415, 'request too large': 413, unauthorised: 403, 'retry operation': 503, 'internal error': 500,
};

/** Messages quote values; a 50 MB value must not become a 50 MB answer. */
const MAX_MESSAGE = 4096;

export class LineError extends Error {
  readonly status: number;

  constructor(message: string, readonly line: number | undefined, readonly code: LineErrorCode = 'invalid', status?: number) {
    super(message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...` : message);
    this.name = 'LineError';
    this.status = status ?? STATUS[code];
  }

  /** An error of the request as a whole, before any line (`"line":0`). */
  static request(message: string, code: LineErrorCode, status?: number): LineError {
    return new LineError(message, 0, code, status);
  }

  /** The same error found on another line (the parser knows the line, the message factories do not). */
  at(line: number): LineError {
    return new LineError(this.message, line, this.code, this.status);
  }
}

export function isLineError(e: unknown): e is LineError {
  return e instanceof LineError;
}

/** A column type as QuestDB names it in messages. */
export function columnTypeName(t: ColumnType): string {
  return t.tag === TypeTag.ARRAY ? ddlTypeName(t) : typeName(t);
}

/** Per-line message texts; the caller adds the line number. */
export const LineMessages = Object.freeze({
  noFields: (): string => 'No fields were provided',
  missingFieldValue: (name: string): string => `Could not parse entire line. Field value is missing: ${name}`,
  missingTagValue: (name: string): string => `Could not parse entire line. Symbol value is missing: ${name}`,
  invalidTimestamp: (value: string): string => `Could not parse timestamp: ${value}`,
  invalidFieldValue: (name: string, value: string): string => `Could not parse entire line, field value is invalid. Field: ${name}; value: ${value}`,
  invalidTagValue: (name: string, value: string): string => `Could not parse entire line, tag value is invalid. Tag: ${name}; value: ${value}`,
  /** Parser states without a sentence of their own are named as QuestDB names them. */
  parserState: (state: string): string => state,
  invalidTableName: (table: string): string => `table: ${table}; invalid table name`,
  /** A system relation (`telemetry_config`), which only reads. */
  readOnlyTable: (table: string): string => `table: ${table}; table is read-only`,
  invalidColumnName: (table: string, column: string): string => `table: ${table}; invalid column name: ${column}`,
  /** An empty value (`x=`) for a column the table does not have: no type to make it with. */
  invalidColumnType: (table: string, column: string): string => `table: ${table}; invalid column type: ${column}`,
  castError: (table: string, column: string, protocolType: string, columnType: ColumnType): string =>
    `table: ${table}, column: ${column}; cast error from protocol type: ${protocolType} to column type: ${columnTypeName(columnType)}`,
  boundsError: (table: string, column: string, value: string, columnType: ColumnType): string =>
    `table: ${table}, column: ${column}; line protocol value: ${value} is out bounds of column type: ${columnTypeName(columnType)}`,
  valueError: (table: string, column: string, value: string, columnType: ColumnType): string =>
    `table: ${table}, column: ${column}; value error: ${value} cannot be converted to column type: ${columnTypeName(columnType)}`,
  timestampBefore1970: (table: string, value: string): string =>
    `table: ${table}, timestamp: ${value}; designated timestamp before 1970-01-01 is not allowed`,
  timestampOverflow: (table: string, value: string, max: number): string =>
    `table: ${table}, timestamp: ${value}; designated timestamp overflow, max[${max}]`,
  precisionLoss: (table: string, column: string, value: string, columnType: ColumnType): string =>
    `table: ${table}, column: ${column}; value error: converting ${value} to ${columnTypeName(columnType)} will result in loss of precision`,
  /** A new table over HTTP. */
  decimalCreatedManually: (table: string, column: string): string => `table: ${table}; decimal columns must be created manually: ${column}`,
  /** A new column of an existing table. */
  decimalNotCreated: (table: string, column: string): string =>
    `decimal columns cannot be created automatically [table=${table}, columnName=${column}]`,
  newColumnsDisabled: (table: string, column: string): string =>
    `table: ${table}, column: ${column} does not exist, creating new columns is disabled`,
  newTablesDisabled: (table: string): string => `table: ${table}; table does not exist, creating new tables is disabled`,
  tooManyColumns: (table: string, max: number): string =>
    `table: ${table}; too many columns, the table would have more than ${max} [line.max.table.columns=${max}]`,
  tooManyNewColumns: (table: string, max: number): string =>
    `table: ${table}; too many new columns in one line, a line may add at most ${max} [line.max.new.columns.per.line=${max}]`,
  tooManyTables: (max: number): string =>
    `too many tables in one request [line.max.tables.per.transaction=${max}]`,
  lineTooLarge: (key: string, max: number): string =>
    `line is too large, send shorter lines or increase the buffer size "${key}" [maxBufferSize=${max}]`,
});
