/**
 * PostgreSQL's object sizes, which psql's `\dt+`, `\d+` and `\l+` print: pg_table_size,
 * pg_relation_size, pg_total_relation_size and pg_indexes_size of a table (by OID, or by name as
 * `'t'::regclass` gives it), pg_database_size of the database, and pg_size_pretty to print them. A
 * table's size is the bytes of its committed column files; svc keeps no separate index relations, so
 * an index adds nothing. An OID that is no table has no size (NULL), as in PostgreSQL.
 */
import { Types } from '../../core/data/column-type';
import { ScalarFunction } from '../../core/extension/sql-function';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { rowFunction } from '../sql-functions/row-kernels';
import { TableSchema } from '../../core/data/table-schema';
import { CatalogSources, relationOid, tableByOid, tableBytes } from './catalog-sources';
import { DATABASE_NAME } from '../sql-functions/meta/info-functions';
import { DATABASE_OID } from './pg-server-relations';

const L = Types.LONG, S = Types.STRING;

/** PostgreSQL 15's pg_size_pretty: bytes below 10 kB, then kB, MB, GB, TB, PB, each rounded half up. */
export function sizePretty(bytes: number): string {
  const units: readonly { name: string; limit: number; round: boolean; bits: number }[] = [
    { name: 'bytes', limit: 10 * 1024, round: false, bits: 0 }, { name: 'kB', limit: 20 * 1024 - 1, round: true, bits: 10 },
    { name: 'MB', limit: 20 * 1024 - 1, round: true, bits: 20 }, { name: 'GB', limit: 20 * 1024 - 1, round: true, bits: 30 },
    { name: 'TB', limit: 20 * 1024 - 1, round: true, bits: 40 }, { name: 'PB', limit: 20 * 1024 - 1, round: true, bits: 50 },
  ];
  let size = Math.trunc(bytes);
  for (let k = 0; k < units.length; k++) {
    const unit = units[k], next = units[k + 1];
    if (!next || Math.abs(size) < unit.limit) {
      if (unit.round) size = Math.trunc((size + (size < 0 ? -1 : 1)) / 2);
      return `${size} ${unit.name}`;
    }
    const bits = next.bits - unit.bits - (next.round ? 1 : 0) + (unit.round ? 1 : 0);
    size = Math.trunc(size / 2 ** bits);
  }
  return `${size} bytes`;
}

export function sizeFunctions(sources: CatalogSources): ScalarFunction[] {
  const tableOf = (relation: SqlValue): TableSchema | undefined => {
    const oid = relationOid(relation, (name) => sources.storage().getTable(name));
    return oid === null ? undefined : tableByOid(sources, oid);
  };
  const relationSize = (relation: SqlValue): SqlValue => {
    const t = tableOf(relation);
    return t ? tableBytes(sources, t) : null;
  };
  const databaseSize = (): number => sources.storage().listTables().reduce((n, t) => n + tableBytes(sources, t), 0);
  const isDatabase = (v: SqlValue): boolean => String(v) === DATABASE_NAME || Number(v) === DATABASE_OID;
  return [
    // A relation is an OID or, as PostgreSQL's regclass input reads text, a table name.
    ...['pg_table_size', 'pg_relation_size', 'pg_total_relation_size'].map((name) => rowFunction(name, ['any'], L, ([r]) => relationSize(r))),
    rowFunction('pg_relation_size', ['any', S], L, ([r, fork]) => (String(fork) === 'main' ? relationSize(r) : tableOf(r) ? 0 : null)),
    rowFunction('pg_indexes_size', ['any'], L, ([r]) => (tableOf(r) ? 0 : null)),
    rowFunction('pg_database_size', ['any'], L, ([db]) => (isDatabase(db) ? databaseSize() : null)),
    rowFunction('pg_size_pretty', [L], S, ([bytes]) => sizePretty(Number(bytes))),
  ];
}
