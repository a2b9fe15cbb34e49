/**
 * The /imp answer: the tabular grid byte for byte (widths 15/50/15/7/12, cells
 * right-aligned and followed by `  |`, CRLF lines, long values shown as `...` + tail), the JSON object, and
 * the request-level failure bodies (bare message / `{"status":"<message>"}`).
 */
import { ColumnType, fixedSize, isVarSize, typeName } from '../../core/data/column-type';

export interface ImportColumnResult {
  readonly name: string;
  readonly type: ColumnType;
  readonly errors: number;
  /** SYMBOL with an index: the grid shows `(idx/<capacity>) SYMBOL`. */
  readonly indexCapacity?: number;
}

export interface ImportResult {
  readonly location: string;
  readonly rowsHandled: number;
  readonly rowsImported: number;
  readonly header: boolean;
  readonly partitionBy: string;
  /** Designated timestamp column name, or undefined. */
  readonly timestamp: string | undefined;
  /** The table's partitioning / timestamp won over the request's (appending). */
  readonly partitionFromTable: boolean;
  readonly timestampFromTable: boolean;
  readonly columns: readonly ImportColumnResult[];
}

const SEPARATOR = '+' + '-'.repeat(113) + '+\r\n';

function cell(value: string, width: number): string {
  const v = value.length > width ? '...' + value.slice(value.length - (width - 3)) : value;
  return v.padStart(width) + '  |';
}

function line(cells: readonly (readonly [string, number])[]): string {
  return '|' + cells.map(([v, w]) => cell(v, w)).join('') + '\r\n';
}

function gridType(c: ImportColumnResult): string {
  const name = typeName(c.type);
  return c.indexCapacity !== undefined ? `(idx/${c.indexCapacity}) ${name}` : name;
}

export function renderTabular(r: ImportResult): string {
  let out = SEPARATOR;
  out += line([['Location:', 15], [r.location, 50], ['Pattern', 15], ['Locale', 7], ['Errors', 12]]);
  out += line([['Partition by', 15], [r.partitionBy, 50], ['', 15], ['', 7], [r.partitionFromTable ? 'From Table' : '', 12]]);
  out += line([['Timestamp', 15], [r.timestamp ?? 'NONE', 50], ['', 15], ['', 7], [r.timestampFromTable ? 'From Table' : '', 12]]);
  out += SEPARATOR;
  out += line([['Rows handled', 15], [String(r.rowsHandled), 50], ['', 15], ['', 7], ['', 12]]);
  out += line([['Rows imported', 15], [String(r.rowsImported), 50], ['', 15], ['', 7], ['', 12]]);
  out += SEPARATOR;
  r.columns.forEach((c, i) => { out += line([[String(i), 15], [c.name, 50], [gridType(c), 25], [String(c.errors), 12]]); });
  out += SEPARATOR;
  return out;
}

/** Storage bytes of a type; variable-size types report 0. */
function sizeOf(t: ColumnType): number {
  return isVarSize(t) ? 0 : fixedSize(t);
}

export function renderJson(r: ImportResult): string {
  const warnings: string[] = [];
  if (r.timestampFromTable) warnings.push('Existing table timestamp column is used');
  if (r.partitionFromTable) warnings.push('Existing table PartitionBy is used');
  const body: Record<string, unknown> = {
    status: 'OK',
    location: r.location,
    rowsRejected: r.rowsHandled - r.rowsImported,
    rowsImported: r.rowsImported,
    header: r.header,
    partitionBy: r.partitionBy,
  };
  if (r.timestamp !== undefined) body.timestamp = r.timestamp;
  if (warnings.length > 0) body.warnings = warnings;
  body.columns = r.columns.map((c) => ({ name: c.name, type: typeName(c.type), size: sizeOf(c.type), errors: c.errors }));
  return JSON.stringify(body);
}

/** Request-level failure body. */
export function renderFailure(message: string, json: boolean): string {
  return json ? JSON.stringify({ status: message }) : message;
}
