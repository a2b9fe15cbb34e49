/**
 * `generate_subscripts(array, dim[, reverse])`: PostgreSQL's set-returning function of an array's
 * subscripts along dimension `dim`, 1 to its length (descending when `reverse`), which SQLAlchemy's
 * table reflection pairs with `unnest(ix.indkey)`. It takes DOUBLE arrays and array text (one
 * dimension); a NULL array or a dimension it does not have gives no rows. Usable in FROM and, as
 * PostgreSQL allows, in the SELECT list (core/sql/set-returning.ts).
 */
import { ColumnType, TypeTag, Types } from '../../../core/data/column-type';
import { ColumnBatch } from '../../../core/data/column-batch';
import { Vector } from '../../../core/data/vector';
import { SvcError } from '../../../core/errors';
import { TableFunction, TableFunctionShape } from '../../../core/extension/sql-function';
import { arrayRow } from '../../../core/sql/arrays/array-rows';
import { parseTextArray } from '../../../core/sql/subquery-value';
import { readValue } from '../../../core/sql/vector/sql-value';

/** The length of dimension `dim` (from 1) of row 0 of a one-row argument vector; 0 when it has none. */
function extent(v: Vector, dim: number): number {
  if (v.type.tag === TypeTag.ARRAY) {
    const row = arrayRow(v, 0);
    return row && dim >= 1 && dim <= row.shape.length ? row.shape[dim - 1] : 0;
  }
  const text = readValue(v, 0);
  return text === null || dim !== 1 ? 0 : parseTextArray(String(text)).length;
}

function shape(types: readonly ColumnType[], positions: readonly number[]): TableFunctionShape {
  const t = types[0];
  if (types.length < 2 || types.length > 3 || !t || ![TypeTag.ARRAY, TypeTag.STRING, TypeTag.VARCHAR, TypeTag.NULL].includes(t.tag)) {
    throw SvcError.sql(positions[0] ?? 0, 'generate_subscripts(): array and dimension expected');
  }
  const columns = [{ name: 'generate_subscripts', type: Types.INT }];
  return {
    columns, timestampIndex: -1,
    async *rows(_c, args): AsyncIterable<ColumnBatch> {
      if (!args) return;
      const dim = readValue(args[1], 0);
      const n = dim === null ? 0 : extent(args[0], Number(dim));
      if (n === 0) return;
      const reverse = args[2] !== undefined && readValue(args[2], 0) === true;
      const data = new Int32Array(n);
      for (let i = 0; i < n; i++) data[i] = reverse ? n - i : i + 1;
      yield { rowCount: n, vectors: [{ type: Types.INT, data }] };
    },
  };
}

export const generateSubscripts: TableFunction = {
  kind: 'table', name: 'generate_subscripts',
  describe: (_args, positions) => shape([], positions),
  describeRuntime: (types, positions) => shape(types, positions),
};
