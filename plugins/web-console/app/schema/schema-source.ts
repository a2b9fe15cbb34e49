/**
 * What the schema panel shows, read through /exec like any query: `tables()` (name, designated
 * timestamp, partitioning, WAL), `table_columns('<t>')` (columns, types, the designated one) and
 * `select count() from '<t>'` (rows).
 */
import { ApiClient } from '../api/api-client';
import { field, queryRows, sqlString } from '../api/query-rows';

export interface TableColumn {
  readonly name: string;
  readonly type: string;
  readonly designated: boolean;
}

export interface TableInfo {
  readonly name: string;
  readonly designatedTimestamp?: string;
  readonly partitionBy: string;
  readonly walEnabled: boolean;
}

export async function loadTables(client: ApiClient, signal?: AbortSignal): Promise<TableInfo[]> {
  const answer = await queryRows(client, 'tables()', 100_000, signal);
  const tables = answer.dataset.map((row): TableInfo => {
    const ts = field(answer, row, 'designatedTimestamp');
    return {
      name: String(field(answer, row, 'table_name') ?? ''),
      ...(typeof ts === 'string' && ts !== '' ? { designatedTimestamp: ts } : {}),
      partitionBy: String(field(answer, row, 'partitionBy') ?? 'NONE'),
      walEnabled: field(answer, row, 'walEnabled') === true,
    };
  });
  return tables.filter((t) => t.name !== '').sort((a, b) => a.name.localeCompare(b.name));
}

export async function loadColumns(client: ApiClient, table: string, signal?: AbortSignal): Promise<TableColumn[]> {
  const answer = await queryRows(client, `table_columns(${sqlString(table)})`, 100_000, signal);
  return answer.dataset.map((row) => ({
    name: String(field(answer, row, 'column') ?? ''),
    type: String(field(answer, row, 'type') ?? ''),
    designated: field(answer, row, 'designated') === true,
  }));
}

export async function loadRowCount(client: ApiClient, table: string, signal?: AbortSignal): Promise<number> {
  const answer = await queryRows(client, `select count() from ${sqlString(table)}`, 1, signal);
  const value = answer.dataset[0]?.[0];
  return typeof value === 'number' ? value : Number(value);
}
