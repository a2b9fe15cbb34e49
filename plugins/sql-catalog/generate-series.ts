/**
 * `generate_series(start, stop[, step])`: the whole numbers from start to stop (inclusive) by step, one
 * column named `generate_series` (an alias names the column too, as in PostgreSQL:
 * `FROM generate_series(1, 3) AS i` has column `i`). The bounds may be an enclosing row's columns or bind
 * parameters (read when the query runs), and in a SELECT list it is a set-returning function
 * (`SELECT x, generate_series(1, x)`). A NULL bound (PostgreSQL: an empty array's array_lower) gives no rows.
 */
import { Types } from '../../core/data/column-type';
import { ColumnBatch } from '../../core/data/column-batch';
import { Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { TableFunction, TableFunctionShape } from '../../core/extension/sql-function';
import { readValue } from '../../core/sql/vector/sql-value';

const BATCH = 65_536;
const COLUMNS = [{ name: 'generate_series', type: Types.LONG }];

async function* series(start: number, stop: number, step: number, signal: AbortSignal): AsyncIterable<ColumnBatch> {
  const count = step > 0 ? Math.floor((stop - start) / step) + 1 : Math.floor((start - stop) / -step) + 1;
  for (let lo = 0; lo < count; lo += BATCH) {
    if (signal.aborted) return;
    const n = Math.min(BATCH, count - lo);
    const data = new Float64Array(n);
    for (let i = 0; i < n; i++) data[i] = start + (lo + i) * step;
    yield { rowCount: n, vectors: [{ type: Types.LONG, data }] };
  }
}

/** The rows for bounds given as values (NaN: NULL); a step of 0 or a fraction is an error at `stepPosition`. */
function seriesOf(values: readonly unknown[], stepPosition: number, signal: AbortSignal): AsyncIterable<ColumnBatch> {
  const [start, stop, step = 1] = values.map((a) => (a === null || a === undefined ? NaN : Number(a)));
  if (!Number.isSafeInteger(step) || step === 0) throw SvcError.sql(stepPosition, 'generate_series(): step must be a non-zero integer');
  const empty = !Number.isSafeInteger(start) || !Number.isSafeInteger(stop) || (step > 0 ? start > stop : start < stop);
  return empty ? series(0, -1, 1, signal) : series(start, stop, step, signal);
}

function checkArity(count: number, position: number): void {
  if (count < 2 || count > 3) throw SvcError.sql(position, 'generate_series(): start, stop and an optional step expected');
}

export const generateSeries: TableFunction = {
  kind: 'table', name: 'generate_series',
  describe(args, positions): TableFunctionShape {
    checkArity(args.length, positions[0] ?? 0);
    seriesOf(args, positions[2] ?? 0, new AbortController().signal);
    return { columns: COLUMNS, timestampIndex: -1, rows: (c) => seriesOf(args, positions[2] ?? 0, c.signal) };
  },
  describeRuntime(types, positions): TableFunctionShape {
    checkArity(types.length, positions[0] ?? 0);
    const values = (args: readonly Vector[] | undefined): unknown[] => (args ?? []).map((v) => readValue(v, 0));
    return { columns: COLUMNS, timestampIndex: -1, rows: (c, args) => seriesOf(values(args), positions[2] ?? 0, c.signal) };
  },
};
