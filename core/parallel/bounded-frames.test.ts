import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../data/column-batch';
import { Types } from '../data/column-type';
import { SqlHarness } from '../../plugins/sql-engine/sql-harness';
import { boundedFrames } from './bounded-frames';
import { QueryWorkers } from './query-workers';

const frame = (rows: number): ColumnBatch => ({
  rowCount: rows,
  vectors: [{ type: Types.DOUBLE, data: new Float64Array(rows) }, { type: Types.INT, data: new Int32Array(rows) }],
});

test('frames are collected up to the byte bound of the columns read, and the scan is closed past it', async () => {
  let closed = false;
  async function* scan(): AsyncGenerator<ColumnBatch> {
    try {
      for (let i = 0; i < 10; i++) yield frame(100);
    } finally {
      closed = true;
    }
  }
  // Column 0 only: 800 bytes a frame.
  assert.equal((await boundedFrames(scan(), [0, 0], 8_000))?.length, 10);
  closed = false;
  assert.equal(await boundedFrames(scan(), [0, 1], 5_000), undefined);
  assert.ok(closed, 'the scan was closed');
});

test('a GROUP BY and a SAMPLE BY over more bytes than the bound answer on the main thread, the same rows', async () => {
  const bounded = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true, maxFrameBytes: 64 * 1024 });
  const free = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true });
  const a = await SqlHarness.open(undefined, true, bounded);
  const b = await SqlHarness.open(undefined, true, free);
  try {
    for (const h of [a, b]) {
      await h.execute('CREATE TABLE t (ts TIMESTAMP, s SYMBOL, d DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
      await h.execute("INSERT INTO t SELECT timestamp_sequence('2024-01-01', 10000000L) ts, cast('k' || (x % 3) as symbol) s, (x % 1000) * 0.5 d FROM long_sequence(50000)");
    }
    for (const q of ['SELECT s, count(), sum(d), max(d) FROM t ORDER BY s', 'SELECT count(), sum(d), min(ts) FROM t', 'SELECT ts, count(), sum(d) FROM t SAMPLE BY 1d']) {
      const before = { bounded: bounded.stats.tasks, free: free.stats.tasks };
      assert.deepEqual((await a.query(q)).rows, (await b.query(q)).rows, q);
      assert.equal(bounded.stats.tasks, before.bounded, `${q}: no worker task past the bound`);
      assert.ok(free.stats.tasks > before.free, `${q}: the unbounded pool ran it`);
    }
  } finally {
    await a.close();
    await b.close();
    await bounded.close();
    await free.close();
  }
});
