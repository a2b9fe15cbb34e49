/**
 * What the catalog reads besides its own rows: the storage engine (table sizes, `'t'::regclass`) and the
 * registered SQL functions (pg_proc). Both are read when a query runs: at registration the storage is
 * not started and the functions are not all registered yet.
 */
import { TableSchema } from '../../core/data/table-schema';
import { SqlFunction } from '../../core/extension/sql-function';
import { StorageEngine } from '../../core/extension/storage-engine';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { tableOid } from './catalog-relation';

export interface CatalogSources {
  storage(): StorageEngine;
  functions(): readonly SqlFunction[];
}

/**
 * A relation argument as PostgreSQL's regclass reads it: an OID (a number or digits) as it is, a name
 * (`trades`, `public.trades`, `"My Table"`) as its table's OID, NULL when no table has the name.
 */
export function relationOid(v: SqlValue, findTable: (name: string) => TableSchema | undefined): number | null {
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v);
  const text = String(v).trim().replace(/^public\./i, '').replace(/^"(.*)"$/, '$1');
  if (/^\d+$/.test(text)) return Number(text);
  const t = findTable(text);
  return t ? tableOid(t) : null;
}

/** The table with OID `oid` (16384 + its id), or undefined. */
export function tableByOid(sources: CatalogSources, oid: number): TableSchema | undefined {
  return sources.storage().listTables().find((t) => tableOid(t) === oid);
}

/** Bytes of a table's committed column files, every partition. */
export function tableBytes(sources: CatalogSources, t: TableSchema): number {
  const reader = sources.storage().openReader(t.name);
  try {
    return reader.partitions.reduce((n, p) => n + p.diskSize, 0);
  } finally {
    reader.close();
  }
}
