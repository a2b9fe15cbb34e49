/**
 * The functions PostgreSQL tools call while they connect and browse: settings (current_setting,
 * set_config), names of catalog objects (pg_get_userbyid, format_type, pg_encoding_to_char, and the
 * `reg*` casts: `'t'::regclass` is the table's OID, `oid::regtype` a type name), visibility and privilege
 * checks (all true: one schema, one user), and descriptions and definitions svc does not keep (NULL).
 */
import { ColumnType, textArrayType, Types } from '../../core/data/column-type';
import { ParamType, ScalarFunction } from '../../core/extension/sql-function';
import { TableSchema } from '../../core/data/table-schema';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { constantVector } from '../../core/sql/vector/vector-ops';
import { rowFunction } from '../sql-functions/row-kernels';
import { OWNER_OID, PG_CATALOG_NAMESPACE, PUBLIC_NAMESPACE, INFORMATION_SCHEMA_NAMESPACE } from './catalog-relation';
import { pgSetting } from './pg-settings';
import { typeNameOf } from './pg-type-relation';
import { formatType } from './format-type';
import { relationOid } from './catalog-sources';

const S = Types.STRING, I = Types.INT, L = Types.LONG, B = Types.BOOLEAN;
const NAMESPACES: Readonly<Record<number, string>> = { [PG_CATALOG_NAMESPACE]: 'pg_catalog', [PUBLIC_NAMESPACE]: 'public', [INFORMATION_SCHEMA_NAMESPACE]: 'information_schema' };

/** A function whose answer does not depend on its arguments (they may be OIDs given as numbers or text). */
const constant = (name: string, args: readonly ColumnType[], returns: ColumnType, value: SqlValue): ScalarFunction =>
  rowFunction(name, args.map((): ParamType => 'any'), returns, () => value, { nullSafe: true });

/** Every overload of `name` from 0 to `max` arguments of type `arg`, returning `value`. */
const constantOverloads = (name: string, arg: ColumnType, counts: readonly number[], returns: ColumnType, value: SqlValue): ScalarFunction[] =>
  counts.map((n) => constant(name, Array.from({ length: n }, () => arg), returns, value));

/** `user`, `session_user`: the user the statement runs as, like current_user. */
function sessionUser(name: string): ScalarFunction {
  return { kind: 'scalar', name, args: [], returns: S, kernel: (_a, n, type, c) => constantVector(type, c.user, n) };
}

/** `json_build_object(k1, v1, k2, v2, …)` as JSON text. */
function jsonObject(values: readonly SqlValue[]): string {
  const parts: string[] = [];
  for (let i = 0; i + 1 < values.length; i += 2) {
    const v = values[i + 1];
    const json = v === null ? 'null' : typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? JSON.stringify(Buffer.from(v).toString('hex')) : JSON.stringify(v);
    parts.push(`${JSON.stringify(String(values[i]))} : ${json}`);
  }
  return `{${parts.join(', ')}}`;
}

/** `findTable` looks a table up by name (the storage engine's catalogue). */
export function catalogFunctions(findTable: (name: string) => TableSchema | undefined): ScalarFunction[] {
  const oidOfName = (v: SqlValue): SqlValue => relationOid(v, findTable);
  return [
    rowFunction('current_setting', [S], S, ([n]) => pgSetting(String(n))?.setting ?? null),
    rowFunction('current_setting', [S, B], S, ([n]) => pgSetting(String(n))?.setting ?? null),
    rowFunction('set_config', [S, S, B], S, ([, v]) => v),
    rowFunction('pg_get_userbyid', ['any'], S, ([oid]) => (Number(oid) === OWNER_OID ? 'admin' : `unknown (OID=${String(oid)})`)),
    rowFunction('pg_encoding_to_char', [I], S, ([e]) => (Number(e) === 6 ? 'UTF8' : 'SQL_ASCII')),
    rowFunction('format_type', ['any', 'any'], S, ([oid, mod]) => formatType(oid, mod), { nullSafe: true }),
    rowFunction('regclass', [S], L, ([v]) => oidOfName(v)),
    rowFunction('regclass', [L], L, ([v]) => v),
    rowFunction('to_regclass', [S], L, ([v]) => oidOfName(v)),
    rowFunction('regtype', ['any'], S, ([v]) => typeNameOf(Number(v)) ?? String(v)),
    rowFunction('regnamespace', ['any'], S, ([v]) => NAMESPACES[Number(v)] ?? String(v)),
    rowFunction('regproc', ['any'], S, ([v]) => String(v)),
    rowFunction('quote_ident', [S], S, ([v]) => (/^[a-z_][a-z0-9_]*$/.test(String(v)) ? v : `"${String(v).replace(/"/g, '""')}"`)),
    constant('pg_table_is_visible', [L], B, true),
    constant('pg_type_is_visible', [L], B, true),
    constant('pg_function_is_visible', [L], B, true),
    constant('pg_relation_is_publishable', [L], B, false),
    constant('pg_get_statisticsobjdef_columns', [L], S, null),
    constant('pg_get_serial_sequence', [S, S], S, null),
    rowFunction('json_build_object', ['any'], S, (v) => jsonObject(v), { variadic: true, nullSafe: true }),
    constant('pg_is_in_recovery', [], B, false),
    constant('pg_get_expr', [S, L], S, null),
    constant('pg_get_expr', [S, L, B], S, null),
    constant('pg_get_indexdef', [L], S, null),
    constant('pg_get_indexdef', [L, I, B], S, null),
    constant('pg_get_constraintdef', [L], S, null),
    constant('pg_get_constraintdef', [L, B], S, null),
    constant('pg_get_viewdef', [L], S, null),
    constant('pg_get_viewdef', [L, B], S, null),
    constant('obj_description', [L], S, null),
    constant('obj_description', [L, S], S, null),
    constant('col_description', [L, I], S, null),
    constant('shobj_description', [L, S], S, null),
    constant('current_schemas', [B], textArrayType(S), '{public}'),
    sessionUser('user'),
    sessionUser('session_user'),
    constant('inet_server_addr', [], S, null),
    constant('inet_server_port', [], I, null),
    ...constantOverloads('has_table_privilege', S, [2, 3], B, true),
    ...constantOverloads('has_schema_privilege', S, [2, 3], B, true),
    ...constantOverloads('has_database_privilege', S, [2, 3], B, true),
  ];
}
