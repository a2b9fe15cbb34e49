/**
 * PostgreSQL catalog views QuestDB answers for the web console and PostgreSQL tools (QuestDB's SQL dialect
 * "information_schema.*"): `information_schema.columns()` lists every column of every table with its
 * SQL-standard type name (`character varying`, `bigint`: sql-standard-type-names.ts),
 * `information_schema.questdb_columns()` the same rows with QuestDB's own type names (`SYMBOL`,
 * `TIMESTAMP`, `GEOHASH(4c)`: what the web console's schema tree reads), `information_schema.tables()`
 * every table. The grammar turns the bare `information_schema.columns` into the same call. svc has one
 * catalog and one schema, named as QuestDB names them (`qdb`, `public`).
 */
import { ColumnType, columnTypeName, Types } from '../../../core/data/column-type';
import { TableSchema } from '../../../core/data/table-schema';
import { ResultColumn } from '../../../core/data/result-set';
import { TableFunction, TableFunctionContext, TableFunctionShape } from '../../../core/extension/sql-function';
import { SqlValue } from '../../../core/sql/vector/sql-value';
import { DATABASE_NAME } from './info-functions';
import { once, rowsBatch } from './rows-batch';
import { sqlStandardTypeName } from './sql-standard-type-names';

const CATALOG = DATABASE_NAME;
const SCHEMA = 'public';
const col = (name: string, type: ColumnType): ResultColumn => ({ name, type });
const S = Types.STRING;

function catalogShape(columns: ResultColumn[], rows: (c: TableFunctionContext) => SqlValue[][]): TableFunctionShape {
  return { columns, timestampIndex: -1, rows: (c) => once(() => rowsBatch(columns, rows(c))) };
}

export const COLUMNS_COLUMNS: readonly ResultColumn[] = [col('table_catalog', S), col('table_schema', S), col('table_name', S),
  col('column_name', S), col('ordinal_position', Types.INT), col('column_default', S), col('is_nullable', S), col('data_type', S)];

/**
 * One row per column of every table, tables in creation order, the type named by `typeName`;
 * ordinal_position counts from 1 as in PostgreSQL (QuestDB counts from 0).
 */
function columnRows(tables: readonly TableSchema[], typeName: (t: ColumnType) => string): SqlValue[][] {
  return tables.flatMap((t) => t.columns.map((cd, i): SqlValue[] => [CATALOG, SCHEMA, t.name, cd.name, i + 1, null, 'yes', typeName(cd.type)]));
}

export const informationSchemaColumns: TableFunction = {
  kind: 'table', name: 'information_schema.columns',
  describe: () => catalogShape([...COLUMNS_COLUMNS], (c) => columnRows(c.listTables(), sqlStandardTypeName)),
};

export const questdbColumns: TableFunction = {
  kind: 'table', name: 'information_schema.questdb_columns',
  describe: () => catalogShape([...COLUMNS_COLUMNS], (c) => columnRows(c.listTables(), columnTypeName)),
};

export const informationSchemaTables: TableFunction = {
  kind: 'table', name: 'information_schema.tables',
  describe: () => catalogShape(
    [col('table_catalog', S), col('table_schema', S), col('table_name', S), col('table_type', S), col('self_referencing_column_name', S),
      col('reference_generation', S), col('user_defined_type_catalog', S), col('user_defined_type_schema', S), col('user_defined_type_name', S),
      col('is_insertable_into', S), col('is_typed', S), col('commit_action', S)],
    (c) => c.listTables().map((t): SqlValue[] => [CATALOG, SCHEMA, t.name, 'BASE TABLE', null, null, null, null, null, 'YES', 'NO', null]),
  ),
};

export const catalogFunctions: readonly TableFunction[] = [informationSchemaColumns, questdbColumns, informationSchemaTables];
