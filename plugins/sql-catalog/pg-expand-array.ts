/**
 * `information_schema._pg_expandarray(a)`: PostgreSQL's helper that pgjdbc's getPrimaryKeys and
 * getIndexInfo call in their SELECT lists — one row `(x, n)` per element: the element and its 1-based
 * position. It takes array text (`{1,2}`) and the space-separated form of int2vector / oidvector (`1 2`).
 * Used where a value is expected it is a set-returning function (core/sql/set-returning.ts), so
 * `(information_schema._pg_expandarray(i.indkey)).n` reads the position.
 */
import { ColumnType, Types } from '../../core/data/column-type';
import { ColumnBatch } from '../../core/data/column-batch';
import { ResultColumn } from '../../core/data/result-set';
import { Vector } from '../../core/data/vector';
import { TableFunction, TableFunctionShape } from '../../core/extension/sql-function';
import { parseTextArray } from '../../core/sql/subquery-value';
import { readValue } from '../../core/sql/vector/sql-value';
import { rowsBatch } from '../sql-functions/meta/rows-batch';

function elementsOf(v: Vector | undefined): (string | null)[] {
  const text = v ? readValue(v, 0) : null;
  if (text === null) return [];
  const s = String(text).trim();
  if (s.startsWith('{')) return parseTextArray(s);
  return s === '' ? [] : s.split(/\s+/);
}

function shape(types: readonly ColumnType[]): TableFunctionShape {
  const columns: ResultColumn[] = [{ name: 'x', type: types[0]?.elements ?? Types.STRING }, { name: 'n', type: Types.INT }];
  return {
    columns, timestampIndex: -1,
    async *rows(_c, args): AsyncIterable<ColumnBatch> {
      const elements = elementsOf(args?.[0]);
      if (elements.length > 0) yield rowsBatch(columns, elements.map((x, i) => [x === null || columns[0].type.tag === Types.STRING.tag ? x : Number(x), i + 1]));
    },
  };
}

export const pgExpandArray: TableFunction = {
  kind: 'table', name: 'information_schema._pg_expandarray',
  describe: () => shape([]),
  describeRuntime: (types) => shape(types),
};
