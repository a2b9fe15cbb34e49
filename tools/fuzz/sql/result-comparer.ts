/**
 * Compares svc's answer with DuckDB's for one query: column count and QuestDB type, then the rows, in order
 * when ORDER BY decides it, else as multisets. Floats: computed values compare exactly (both engines are
 * IEEE 754), a float function's within 1e-12 relative, an unstable value (expr.ts) only for being NULL or not, and a float sum or average within 1e-9 (FLOAT:
 * 1e-4) of Σ|x| — the bound of any summation order's rounding error for the row counts used here; a sum
 * whose Σ|x| is not finite (±Infinity in the input, or an overflow) is not compared, its value depends on
 * the order of addition.
 */
import { DuckDBValue } from '@duckdb/node-api';
import { Canon, canonDuck, canonSvc } from './cell-canon';
import { FUZZ_TYPES, FuzzTypeName, isFloat } from './fuzz-types';
import { DuckAnswer } from './duck-runner';
import { SelectQuery } from './select-query';
import { SvcAnswer } from './svc-runner';

export type Verdict =
  | { readonly kind: 'match' }
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'mismatch'; readonly what: 'svc-error' | 'columns' | 'type' | 'rows'; readonly detail: string };

interface Row {
  readonly cells: readonly Canon[];
  readonly scales: readonly (number | null | undefined)[];
}

function expectedType(t: FuzzTypeName): string {
  return FUZZ_TYPES[t].svcDdl;
}

/** svc's type name for a result column of type t (a DECIMAL's precision and scale may change). */
function typeMatches(expected: FuzzTypeName, actual: string): boolean {
  if (expected === 'DECIMAL') return actual.startsWith('DECIMAL');
  return actual === expectedType(expected);
}

function cellsEqual(q: SelectQuery, col: number, a: Canon, b: Canon, scale: number | null | undefined): boolean {
  const item = q.items[col].expr;
  if (item.exactness === 'unstable') return (a === null) === (b === null);
  if (!isFloat(item.type) || typeof a !== 'number' || typeof b !== 'number') {
    if (item.exactness === 'sum' && scale !== undefined && scale !== null && !Number.isFinite(scale)) return true;
    return a === b || (typeof a === 'number' && typeof b === 'number' && a === b);
  }
  if (a === b) return true;
  const float32 = item.type === 'FLOAT';
  if (item.exactness === 'sum') {
    if (scale === null || scale === undefined) return Math.abs(a - b) <= (float32 ? 1e-4 : 1e-9) * Math.max(Math.abs(a), Math.abs(b));
    if (!Number.isFinite(scale)) return true;
    return Math.abs(a - b) <= (float32 ? 1e-4 : 1e-9) * scale;
  }
  if (item.exactness === 'ulp') return Math.abs(a - b) <= (float32 ? 1e-6 : 1e-12) * Math.max(Math.abs(a), Math.abs(b));
  return false;
}

function rowsEqual(q: SelectQuery, a: Row, b: Row): boolean {
  return a.cells.every((c, i) => cellsEqual(q, i, c, b.cells[i], b.scales[i]));
}

/** The exact cells of a row, for sorting rows of an unordered result into comparable order. */
function sortKey(q: SelectQuery, r: Row): string {
  return JSON.stringify(r.cells.map((c, i) => (isFloat(q.items[i].expr.type) || q.items[i].expr.exactness !== 'exact' ? null : c)))
    + JSON.stringify(r.cells.map((c) => (typeof c === 'number' ? c : null)));
}

/** Sorts rows by their sort keys, each computed once. */
function sortRows(q: SelectQuery, rows: Row[]): void {
  const keyed = rows.map((r) => ({ r, k: sortKey(q, r) }));
  keyed.sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : 0));
  keyed.forEach((e, i) => { rows[i] = e.r; });
}

const show = (r: Row | undefined): string => (r ? JSON.stringify(r.cells) : '(none)');

export function compareResults(q: SelectQuery, svc: SvcAnswer, duck: DuckAnswer): Verdict {
  if (!duck.ok) return { kind: 'skip', reason: `DuckDB: ${duck.error.split('\n')[0].slice(0, 120)}` };
  if (!svc.ok) return { kind: 'mismatch', what: 'svc-error', detail: `svc: ${svc.error} (DuckDB answered ${duck.rows.length} rows)` };
  const n = q.items.length;
  if (svc.columns.length !== n) return { kind: 'mismatch', what: 'columns', detail: `svc gave ${svc.columns.length} columns, expected ${n}` };
  for (let i = 0; i < n; i++) {
    const t = q.items[i].expr.type;
    if (!typeMatches(t, svc.columns[i].type)) {
      return { kind: 'mismatch', what: 'type', detail: `column ${i} (${q.items[i].expr.q}): svc type ${svc.columns[i].type}, QuestDB's is ${expectedType(t)}` };
    }
  }
  const scaleCols = q.items.map((it, i) => (it.expr.exactness === 'sum' && it.expr.scale ? i : -1)).filter((i) => i >= 0);
  const svcRows: Row[] = svc.rows.map((r) => ({ cells: q.items.map((it, i) => canonSvc(it.expr.type, r[i])), scales: [] }));
  const duckRows: Row[] = duck.rows.map((r: readonly DuckDBValue[]) => {
    const scales: (number | null | undefined)[] = q.items.map(() => undefined);
    scaleCols.forEach((col, k) => {
      const v = r[n + k];
      scales[col] = v === null ? null : Number(v);
    });
    return { cells: q.items.map((it, i) => canonDuck(it.expr.type, r[i])), scales };
  });
  if (svcRows.length !== duckRows.length) {
    return { kind: 'mismatch', what: 'rows', detail: `svc ${svcRows.length} rows, DuckDB ${duckRows.length}; svc first ${show(svcRows[0])}, DuckDB first ${show(duckRows[0])}` };
  }
  if (!q.ordered) {
    sortRows(q, svcRows);
    sortRows(q, duckRows);
  }
  for (let i = 0; i < svcRows.length; i++) {
    if (!rowsEqual(q, svcRows[i], duckRows[i])) {
      return { kind: 'mismatch', what: 'rows', detail: `row ${i}${q.ordered ? '' : ' (sorted)'}: svc ${show(svcRows[i])}, DuckDB ${show(duckRows[i])}` };
    }
  }
  return { kind: 'match' };
}
