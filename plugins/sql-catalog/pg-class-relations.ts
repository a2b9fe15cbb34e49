/**
 * pg_namespace (pg_catalog, public, information_schema), pg_class (one ordinary table per svc table, in
 * `public`), pg_attribute (their columns, numbered from 1, with the PostgreSQL type each is sent as) and
 * pg_tables: what psql's `\dt`/`\d t`, Grafana's table and column pickers and JDBC metadata read.
 */
import { textArrayType, Types } from '../../core/data/column-type';
import { oidOf, typeModifier, typeSize } from './pg-type-oids';
import { CatalogColumn, INFORMATION_SCHEMA_NAMESPACE, OWNER_OID, PG_CATALOG_NAMESPACE, PUBLIC_NAMESPACE, relation, tableOid } from './catalog-relation';

const I = Types.INT, S = Types.STRING, B = Types.BOOLEAN, SH = Types.SHORT, D = Types.DOUBLE;
/** text[] / aclitem[] columns (array text). */
const TA = textArrayType(S);

export const pgNamespace = relation('pg_namespace', [['oid', I, null], ['nspname', S, null], ['nspowner', I, OWNER_OID], ['nspacl', TA, null]],
  () => [{ oid: PG_CATALOG_NAMESPACE, nspname: 'pg_catalog' }, { oid: PUBLIC_NAMESPACE, nspname: 'public' },
    { oid: INFORMATION_SCHEMA_NAMESPACE, nspname: 'information_schema' }]);

const CLASS_COLUMNS: readonly CatalogColumn[] = [
  ['oid', I, null], ['relname', S, null], ['relnamespace', I, PUBLIC_NAMESPACE], ['reltype', I, 0], ['reloftype', I, 0],
  ['relowner', I, OWNER_OID], ['relam', I, 2], ['relfilenode', I, 0], ['reltablespace', I, 0], ['relpages', I, 0],
  ['reltuples', D, -1], ['relallvisible', I, 0], ['reltoastrelid', I, 0], ['relhasindex', B, false], ['relisshared', B, false],
  ['relpersistence', S, 'p'], ['relkind', S, 'r'], ['relnatts', SH, 0], ['relchecks', SH, 0], ['relhasrules', B, false],
  ['relhastriggers', B, false], ['relhassubclass', B, false], ['relrowsecurity', B, false], ['relforcerowsecurity', B, false],
  ['relispopulated', B, true], ['relreplident', S, 'd'], ['relispartition', B, false], ['relrewrite', I, 0],
  ['relfrozenxid', I, 0], ['relminmxid', I, 0], ['relacl', TA, null], ['reloptions', TA, null], ['relpartbound', S, null],
];

export const pgClass = relation('pg_class', CLASS_COLUMNS, (c) => c.listTables().map((t) => ({
  oid: tableOid(t), relname: t.name, relfilenode: tableOid(t), relnatts: t.columns.length,
  relhasindex: t.columns.some((col) => col.indexed === true),
})));

export const pgAttribute = relation('pg_attribute', [
  ['attrelid', I, null], ['attname', S, null], ['atttypid', I, null], ['attstattarget', I, -1], ['attlen', SH, null],
  ['attnum', SH, null], ['attndims', I, 0], ['attcacheoff', I, -1], ['atttypmod', I, -1], ['attbyval', B, false],
  ['attstorage', S, 'p'], ['attalign', S, 'd'], ['attnotnull', B, false], ['atthasdef', B, false], ['atthasmissing', B, false],
  ['attidentity', S, ''], ['attgenerated', S, ''], ['attisdropped', B, false], ['attislocal', B, true], ['attinhcount', I, 0],
  ['attcollation', I, 0], ['attacl', TA, null], ['attoptions', TA, null], ['attfdwoptions', TA, null],
  ['attcompression', S, ''],
], (c) => c.listTables().flatMap((t) => t.columns.map((col, i) => {
  const oid = oidOf(col.type);
  const len = typeSize(oid);
  return {
    attrelid: tableOid(t), attname: col.name, atttypid: oid, attlen: len, attnum: i + 1, attbyval: len > 0 && len <= 8, atttypmod: typeModifier(oid),
    attndims: col.type.dims ?? 0, attnotnull: i === t.timestampIndex, attstorage: len > 0 ? 'p' : 'x',
  };
})));

export const pgTables = relation('pg_tables', [
  ['schemaname', S, 'public'], ['tablename', S, null], ['tableowner', S, 'admin'], ['tablespace', S, null],
  ['hasindexes', B, false], ['hasrules', B, false], ['hastriggers', B, false], ['rowsecurity', B, false],
], (c) => c.listTables().map((t) => ({ tablename: t.name, hasindexes: t.columns.some((col) => col.indexed === true) })));
