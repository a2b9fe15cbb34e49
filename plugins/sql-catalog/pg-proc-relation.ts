/**
 * pg_proc: one row per overload of svc's scalar and aggregate functions, in `pg_catalog` (they are all
 * built in), so JDBC's getFunctions and DBeaver's function list show what svc can call; psql's `\df`
 * lists functions outside pg_catalog, of which svc has none. Argument and result types are the
 * PostgreSQL types svc sends (`any` for a parameter of any type); pg_get_function_result and
 * pg_get_function_arguments print them.
 */
import { ColumnType, Types } from '../../core/data/column-type';
import { AggregateFunction, ParamType, ScalarFunction } from '../../core/extension/sql-function';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { rowFunction } from '../sql-functions/row-kernels';
import { CatalogSources } from './catalog-sources';
import { OWNER_OID, PG_CATALOG_NAMESPACE, relation } from './catalog-relation';
import { oidOf } from './pg-type-oids';
import { formatType } from './format-type';

const I = Types.INT, S = Types.STRING, B = Types.BOOLEAN, SH = Types.SHORT;
/** PostgreSQL's pseudo-types `any` and `anyelement`. */
const ANY_OID = 2276, ANY_ELEMENT_OID = 2283;
/** Function OIDs start here, apart from table OIDs (16384 + table id). */
const FIRST_PROC_OID = 1_000_000;

interface ProcRow {
  readonly oid: number;
  readonly name: string;
  readonly kind: 'f' | 'a';
  readonly result: number;
  readonly args: readonly number[];
}

const paramOid = (p: ParamType): number => (p === 'any' ? ANY_OID : p === 'same' ? ANY_ELEMENT_OID : oidOf(p));
const resultOid = (r: ColumnType | ((a: readonly ColumnType[]) => ColumnType)): number => (typeof r === 'function' ? ANY_ELEMENT_OID : oidOf(r));

/** Built on first use: every plugin has registered its functions by the time a query runs. */
const cache = new WeakMap<CatalogSources, readonly ProcRow[]>();

/** The functions as pg_proc rows, ordered by name and then argument count (OIDs follow that order). */
function procRows(sources: CatalogSources): readonly ProcRow[] {
  let rows = cache.get(sources);
  if (rows) return rows;
  const functions = sources.functions();
  const callable = functions.filter((f): f is ScalarFunction | AggregateFunction => f.kind !== 'table' && /^[a-z_][a-z0-9_]*$/.test(f.name));
  const sorted = [...callable].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.args.length - b.args.length));
  rows = sorted.map((f, k): ProcRow => ({
    oid: FIRST_PROC_OID + k, name: f.name, kind: f.kind === 'aggregate' ? 'a' : 'f',
    result: resultOid(f.returns), args: f.args.map(paramOid),
  }));
  cache.set(sources, rows);
  return rows;
}

export function pgProc(sources: CatalogSources): ReturnType<typeof relation> {
  return relation('pg_proc', [
    ['oid', I, null], ['proname', S, null], ['pronamespace', I, PG_CATALOG_NAMESPACE], ['proowner', I, OWNER_OID], ['prolang', I, 12],
    ['procost', Types.FLOAT, 1], ['prorows', Types.FLOAT, 0], ['provariadic', I, 0], ['prosupport', S, '-'], ['prokind', S, 'f'],
    ['prosecdef', B, false], ['proleakproof', B, false], ['proisstrict', B, false], ['proretset', B, false], ['provolatile', S, 'i'],
    ['proparallel', S, 's'], ['pronargs', SH, 0], ['pronargdefaults', SH, 0], ['prorettype', I, null], ['proargtypes', S, ''],
    ['proallargtypes', S, null], ['proargmodes', S, null], ['proargnames', S, null], ['proargdefaults', S, null], ['protrftypes', S, null],
    ['prosrc', S, null], ['probin', S, null], ['prosqlbody', S, null], ['proconfig', S, null], ['proacl', S, null],
  ], () => procRows(sources).map((p) => ({
    oid: p.oid, proname: p.name, prokind: p.kind, pronargs: p.args.length, prorettype: p.result, proargtypes: p.args.join(' '), prosrc: p.name,
  })));
}

export function procFunctions(sources: CatalogSources): ReturnType<typeof rowFunction>[] {
  const find = (oid: SqlValue): ProcRow | undefined => procRows(sources).find((p) => p.oid === Number(oid));
  const argsText = (p: ProcRow): string => p.args.map((a) => formatType(a, null)).join(', ');
  return [
    rowFunction('pg_get_function_result', [Types.LONG], S, ([oid]) => { const p = find(oid); return p ? formatType(p.result, null) : null; }),
    rowFunction('pg_get_function_arguments', [Types.LONG], S, ([oid]) => { const p = find(oid); return p ? argsText(p) : null; }),
    rowFunction('pg_get_function_identity_arguments', [Types.LONG], S, ([oid]) => { const p = find(oid); return p ? argsText(p) : null; }),
  ];
}
