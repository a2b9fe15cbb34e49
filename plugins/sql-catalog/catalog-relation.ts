/**
 * A pg_catalog relation as a table function: its columns in PostgreSQL's order, each with the value rows
 * get unless they say otherwise, and the rows built from the live catalogue when a query runs (so a
 * table created a moment ago is listed). The grammar maps `pg_catalog.pg_class` (and the binder a bare
 * `pg_class`) to the function `pg_catalog.pg_class`.
 */
import { ColumnType } from '../../core/data/column-type';
import { ResultColumn } from '../../core/data/result-set';
import { TableSchema } from '../../core/data/table-schema';
import { TableFunction, TableFunctionContext } from '../../core/extension/sql-function';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { once, rowsBatch } from '../sql-functions/meta/rows-batch';

/** Name, type and the value a row gets when it does not give one. */
export type CatalogColumn = readonly [string, ColumnType, SqlValue];
export type CatalogRow = Readonly<Record<string, SqlValue>>;

export const PG_CATALOG_NAMESPACE = 11;
export const PUBLIC_NAMESPACE = 2200;
export const INFORMATION_SCHEMA_NAMESPACE = 13_183;
/** PostgreSQL numbers user objects from 16384. */
const FIRST_USER_OID = 16_384;
/** The owner every object reports (the bootstrap superuser's OID in PostgreSQL). */
export const OWNER_OID = 10;

export function tableOid(t: TableSchema): number {
  return FIRST_USER_OID + t.id;
}

export function relation(name: string, columns: readonly CatalogColumn[], rows: (c: TableFunctionContext) => readonly CatalogRow[] = () => []): TableFunction {
  const resultColumns: ResultColumn[] = columns.map(([n, type]) => ({ name: n, type }));
  const toValues = (r: CatalogRow): SqlValue[] => columns.map(([n, , d]) => (n in r ? r[n] : d));
  return {
    kind: 'table', name: `pg_catalog.${name}`,
    describe: () => ({
      columns: resultColumns, timestampIndex: -1,
      rows: (c) => once(() => rowsBatch(resultColumns, rows(c).map(toValues))),
    }),
  };
}
