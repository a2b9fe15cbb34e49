/**
 * `unnest(array[, array …])` in FROM: one row per element, PostgreSQL's way. A DOUBLE array gives
 * DOUBLE rows (every element of a multi-dimensional array, in row-major order); array text — the form
 * svc gives catalog array columns and `ARRAY(SELECT …)`, `{a,"b c",NULL}` — gives STRING rows. Several
 * arrays are read side by side, the shorter ones padded with NULL; a NULL array has no elements. The one
 * column is named `unnest` (an alias names it: `FROM unnest(x) AS e`), several `unnest`, `unnest1`, ….
 * The arguments may be an enclosing query's columns or bind parameters: they are read when the query runs.
 */
import { ColumnType, TypeTag, Types } from '../../../core/data/column-type';
import { ColumnBatch } from '../../../core/data/column-batch';
import { ResultColumn } from '../../../core/data/result-set';
import { Vector } from '../../../core/data/vector';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { SvcError } from '../../../core/errors';
import { TableFunction, TableFunctionShape } from '../../../core/extension/sql-function';
import { arrayRow, elementCount } from '../../../core/sql/arrays/array-rows';
import { constantVector } from '../../../core/sql/vector/vector-ops';
import { readValue, SqlValue } from '../../../core/sql/vector/sql-value';
import { parseTextArray } from '../../../core/sql/subquery-value';

/** The elements of row 0 of a one-row argument vector. */
function elementsOf(v: Vector): SqlValue[] {
  if (v.type.tag === TypeTag.ARRAY) {
    const row = arrayRow(v, 0);
    if (!row) return [];
    const out: SqlValue[] = [];
    const n = elementCount(row.shape);
    for (let i = 0; i < n; i++) {
      const x = row.data[row.start + i];
      out.push(Number.isNaN(x) ? null : x);
    }
    return out;
  }
  const text = readValue(v, 0);
  return text === null ? [] : parseTextArray(String(text));
}

function elementType(t: ColumnType, position: number): ColumnType {
  if (t.tag === TypeTag.ARRAY) return Types.DOUBLE;
  if (t.tag === TypeTag.STRING || t.tag === TypeTag.VARCHAR || t.tag === TypeTag.NULL) return Types.STRING;
  throw SvcError.sql(position, 'unnest(): array expected');
}

async function* unnestRows(columns: readonly ResultColumn[], args: readonly Vector[]): AsyncIterable<ColumnBatch> {
  const lists = args.map(elementsOf);
  const n = Math.max(0, ...lists.map((l) => l.length));
  if (n === 0) return;
  const vectors = columns.map((c, k) => {
    const b = new VectorBuilder(c.type, n);
    for (let i = 0; i < n; i++) {
      const x = lists[k][i] ?? null;
      if (x === null) b.appendNull(); else if (typeof x === 'number') b.appendNumber(x); else b.appendString(String(x));
    }
    return b.build();
  });
  yield { rowCount: n, vectors };
}

function shape(types: readonly ColumnType[], positions: readonly number[], constants?: readonly unknown[]): TableFunctionShape {
  if (types.length === 0) throw SvcError.sql(0, 'unnest(): array expected');
  const columns = types.map((t, k): ResultColumn => ({ name: k === 0 ? 'unnest' : `unnest${k}`, type: elementType(t, positions[k] ?? 0) }));
  return {
    columns, timestampIndex: -1,
    rows: (_c, args) => unnestRows(columns, args ?? (constants ?? []).map((v, k) => constantVector(types[k], v as SqlValue, 1))),
  };
}

export const unnest: TableFunction = {
  kind: 'table', name: 'unnest',
  describe(args, positions): TableFunctionShape {
    return shape(args.map((a) => (a === null ? Types.NULL : Types.STRING)), positions, args);
  },
  describeRuntime: (types, positions) => shape(types, positions),
};
