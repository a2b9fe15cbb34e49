/**
 * `generate_series(start, stop[, step])` in FROM: the whole numbers from start to stop (inclusive) by
 * step, one column named `generate_series` (an alias names the column too, as in PostgreSQL:
 * `FROM generate_series(1, 3) AS i` has column `i`).
 */
import { Types } from '../../core/data/column-type';
import { ColumnBatch } from '../../core/data/column-batch';
import { SvcError } from '../../core/errors';
import { TableFunction, TableFunctionShape } from '../../core/extension/sql-function';

const BATCH = 65_536;

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

export const generateSeries: TableFunction = {
  kind: 'table', name: 'generate_series',
  describe(args, positions): TableFunctionShape {
    const [start, stop, step = 1] = args.map((a) => (a === null || a === undefined ? NaN : Number(a)));
    if (!Number.isSafeInteger(step) || step === 0) throw SvcError.sql(positions[2] ?? 0, 'generate_series(): step must be a non-zero integer');
    // A NULL bound (PostgreSQL: an empty array's array_lower) gives no rows.
    const empty = !Number.isSafeInteger(start) || !Number.isSafeInteger(stop) || (step > 0 ? start > stop : start < stop);
    return {
      columns: [{ name: 'generate_series', type: Types.LONG }], timestampIndex: -1,
      rows: (c) => (empty ? series(0, -1, 1, c.signal) : series(start, stop, step, c.signal)),
    };
  },
};
