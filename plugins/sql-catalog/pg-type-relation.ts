/**
 * pg_type: the PostgreSQL types svc's columns are sent as, plus the ones clients look up by name while
 * they connect (text, oid, name, json, the common array types). Drivers such as psycopg, asyncpg and
 * JDBC read it to decode columns; psycopg2's hstore probe finds no `hstore` here.
 */
import { Types } from '../../core/data/column-type';
import { OWNER_OID, PG_CATALOG_NAMESPACE, relation } from './catalog-relation';

const I = Types.INT, S = Types.STRING, B = Types.BOOLEAN, SH = Types.SHORT;

/** [oid, name, length, category, array type oid, element oid, by value] */
type TypeRow = readonly [number, string, number, string, number, number, boolean];

const TYPES: readonly TypeRow[] = [
  [16, 'bool', 1, 'B', 1000, 0, true], [17, 'bytea', -1, 'U', 1001, 0, false], [18, 'char', 1, 'S', 1002, 0, true],
  [19, 'name', 64, 'S', 1003, 0, false], [20, 'int8', 8, 'N', 1016, 0, true], [21, 'int2', 2, 'N', 1005, 0, true],
  [23, 'int4', 4, 'N', 1007, 0, true], [25, 'text', -1, 'S', 1009, 0, false], [26, 'oid', 4, 'N', 1028, 0, true],
  [114, 'json', -1, 'U', 199, 0, false], [700, 'float4', 4, 'N', 1021, 0, true], [701, 'float8', 8, 'N', 1022, 0, true],
  [705, 'unknown', -2, 'X', 0, 0, false], [869, 'inet', -1, 'I', 1041, 0, false], [1042, 'bpchar', -1, 'S', 1014, 0, false],
  [1043, 'varchar', -1, 'S', 1015, 0, false], [1082, 'date', 4, 'D', 1182, 0, true], [1083, 'time', 8, 'D', 1183, 0, true],
  [1114, 'timestamp', 8, 'D', 1115, 0, true], [1184, 'timestamptz', 8, 'D', 1185, 0, true], [1186, 'interval', 16, 'T', 1187, 0, false],
  [1700, 'numeric', -1, 'N', 1231, 0, false], [2205, 'regclass', 4, 'N', 2210, 0, true], [2206, 'regtype', 4, 'N', 2211, 0, true],
  [2950, 'uuid', 16, 'U', 2951, 0, false], [3802, 'jsonb', -1, 'U', 3807, 0, false],
  [1000, '_bool', -1, 'A', 0, 16, false], [1001, '_bytea', -1, 'A', 0, 17, false], [1005, '_int2', -1, 'A', 0, 21, false],
  [1007, '_int4', -1, 'A', 0, 23, false], [1009, '_text', -1, 'A', 0, 25, false], [1015, '_varchar', -1, 'A', 0, 1043, false],
  [1016, '_int8', -1, 'A', 0, 20, false], [1021, '_float4', -1, 'A', 0, 700, false], [1022, '_float8', -1, 'A', 0, 701, false],
  [1115, '_timestamp', -1, 'A', 0, 1114, false], [2951, '_uuid', -1, 'A', 0, 2950, false],
  // Pseudo-types: pg_proc's arguments of any type.
  [2276, 'any', 4, 'P', 0, 0, true], [2283, 'anyelement', 4, 'P', 0, 0, true],
];

/** The name of a type OID (format_type, regtype), or undefined. */
export function typeNameOf(oid: number): string | undefined {
  return TYPES.find((t) => t[0] === oid)?.[1];
}

export const pgType = relation('pg_type', [
  ['oid', I, null], ['typname', S, null], ['typnamespace', I, PG_CATALOG_NAMESPACE], ['typowner', I, OWNER_OID], ['typlen', SH, null],
  ['typbyval', B, false], ['typtype', S, 'b'], ['typcategory', S, null], ['typispreferred', B, false], ['typisdefined', B, true],
  ['typdelim', S, ','], ['typrelid', I, 0], ['typelem', I, 0], ['typarray', I, 0], ['typinput', S, null], ['typoutput', S, null],
  ['typreceive', S, null], ['typsend', S, null], ['typmodin', S, '-'], ['typmodout', S, '-'], ['typanalyze', S, '-'],
  ['typalign', S, 'i'], ['typstorage', S, 'p'], ['typnotnull', B, false], ['typbasetype', I, 0], ['typtypmod', I, -1],
  ['typndims', I, 0], ['typcollation', I, 0], ['typdefaultbin', S, null], ['typdefault', S, null], ['typacl', S, null],
], () => TYPES.map(([oid, name, len, category, array, elem, byValue]) => {
  const base = category === 'A' ? 'array' : name;
  return {
    oid, typname: name, typlen: len, typbyval: byValue, typcategory: category, typelem: elem, typarray: array, typtype: category === 'P' ? 'p' : 'b',
    typinput: `${base}_in`, typoutput: `${base}_out`, typreceive: `${base}_recv`, typsend: `${base}_send`,
    typalign: len === 8 ? 'd' : len === 2 ? 's' : len === 1 ? 'c' : 'i', typstorage: len < 0 ? 'x' : 'p',
    typcollation: category === 'S' ? 100 : 0,
  };
}));
