/**
 * The server-wide catalog: pg_database (one database, `qdb`, as QuestDB names it), pg_roles / pg_user
 * (the configured PostgreSQL user), pg_settings (pg-settings.ts), the heap access method, the default
 * tablespace and collations, and pg_proc for the functions svc has.
 */
import { textArrayType, Types } from '../../core/data/column-type';
import { CatalogRow, OWNER_OID, PG_CATALOG_NAMESPACE, relation } from './catalog-relation';
import { PG_SETTINGS } from './pg-settings';
import { DATABASE_NAME } from '../sql-functions/meta/info-functions';

const I = Types.INT, S = Types.STRING, B = Types.BOOLEAN;
const TA = textArrayType(S);

export const DATABASE_OID = 16_383;

export const pgDatabase = relation('pg_database', [
  ['oid', I, DATABASE_OID], ['datname', S, DATABASE_NAME], ['datdba', I, OWNER_OID], ['encoding', I, 6], ['datcollate', S, 'C'],
  ['datctype', S, 'C'], ['datistemplate', B, false], ['datallowconn', B, true], ['datconnlimit', I, -1], ['datlastsysoid', I, 16_383],
  ['datfrozenxid', I, 0], ['datminmxid', I, 1], ['dattablespace', I, 1663], ['datacl', TA, null],
], () => [{}]);

const ROLE_COLUMNS = (user: string): Parameters<typeof relation>[1] => [
  ['oid', I, OWNER_OID], ['rolname', S, user], ['rolsuper', B, true], ['rolinherit', B, true], ['rolcreaterole', B, true],
  ['rolcreatedb', B, true], ['rolcanlogin', B, true], ['rolreplication', B, false], ['rolconnlimit', I, -1],
  ['rolpassword', S, '********'], ['rolvaliduntil', Types.TIMESTAMP, null], ['rolbypassrls', B, false], ['rolconfig', TA, null],
];

export const pgRoles = relation('pg_roles', ROLE_COLUMNS('admin'), () => [{}]);

export const pgUser = relation('pg_user', [
  ['usename', S, 'admin'], ['usesysid', I, OWNER_OID], ['usecreatedb', B, true], ['usesuper', B, true], ['userepl', B, false],
  ['usebypassrls', B, false], ['passwd', S, '********'], ['valuntil', Types.TIMESTAMP, null], ['useconfig', S, null],
], () => [{}]);

export const pgSettings = relation('pg_settings', [
  ['name', S, null], ['setting', S, null], ['unit', S, null], ['category', S, 'Preset Options'], ['short_desc', S, null],
  ['extra_desc', S, null], ['context', S, 'user'], ['vartype', S, 'string'], ['source', S, 'default'], ['min_val', S, null],
  ['max_val', S, null], ['enumvals', S, null], ['boot_val', S, null], ['reset_val', S, null], ['sourcefile', S, null],
  ['sourceline', I, null], ['pending_restart', B, false],
], () => PG_SETTINGS.map((s) => ({ name: s.name, setting: s.setting, short_desc: s.description, boot_val: s.setting, reset_val: s.setting })));

export const pgAm = relation('pg_am', [['oid', I, null], ['amname', S, null], ['amhandler', S, null], ['amtype', S, null]],
  () => [{ oid: 2, amname: 'heap', amhandler: 'heap_tableam_handler', amtype: 't' }]);

export const pgTablespace = relation('pg_tablespace', [['oid', I, null], ['spcname', S, null], ['spcowner', I, OWNER_OID], ['spcacl', TA, null], ['spcoptions', TA, null]],
  () => [{ oid: 1663, spcname: 'pg_default' }, { oid: 1664, spcname: 'pg_global' }]);

export const pgCollation = relation('pg_collation', [
  ['oid', I, null], ['collname', S, null], ['collnamespace', I, PG_CATALOG_NAMESPACE], ['collowner', I, OWNER_OID],
  ['collprovider', S, 'c'], ['collisdeterministic', B, true], ['collencoding', I, -1], ['collcollate', S, 'C'], ['collctype', S, 'C'],
], (): CatalogRow[] => [{ oid: 100, collname: 'default', collprovider: 'd', collcollate: null, collctype: null }, { oid: 950, collname: 'C' }]);
