import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { SvcError } from '../errors';
import { QueryCancellation } from '../sql/query-cancellation';
import { QueryMemory } from '../sql/query-memory';
import { aggregateKernelSource } from './kernel-source';
import { ParallelStep } from './parallel-step';
import { QueryWorkers, TaskSpec } from './query-workers';
import { radixAggregate } from './radix-aggregate';
import { Types } from '../data/column-type';
import { AggregateKernelShape } from './kernel-shape';

const workers = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true });
after(() => workers.close());

/** Distinct doubles on shared memory: a hash GROUP BY over them is slow enough to cancel midway. */
const ROWS = 4_000_000;
const keys = new Float64Array(new SharedArrayBuffer(ROWS * 8));
for (let i = 0; i < ROWS; i++) keys[i] = i * 1.5;
const countByKey = aggregateKernelSource({ key: 'number', keyColumn: 0, aggregates: [{ op: 'count', nulls: 'none', column: -1 }], columns: 1 });
const sumAll = aggregateKernelSource({ key: 'none', keyColumn: -1, aggregates: [{ op: 'sum', nulls: 'nan', column: 0 }], columns: 1 });

function step(signal = new AbortController().signal, memoryLimit = Infinity, deadline = Infinity): ParallelStep {
  const cancellation = new QueryCancellation(signal, deadline);
  return new ParallelStep({ signal: cancellation.signal, cancellation, memory: new QueryMemory(memoryLimit) });
}

test('outputs come back in task order, whatever finishes first', async () => {
  const specs: TaskSpec[] = [[0, 3_000_000], [0, 10], [10, 2_000], [5, 6]].map(([lo, hi]) => ({ source: sumAll, columns: [keys], lo, hi, args: [] }));
  const s = step();
  const out = await workers.runAll(specs, s);
  s.finish();
  out.forEach((o, k) => {
    const [lo, hi] = [specs[k].lo, specs[k].hi];
    assert.equal(o.fields?.[1][0], hi - lo);
    assert.equal(o.fields?.[0][0], ((lo + hi - 1) * (hi - lo) / 2) * 1.5);
  });
});

test('a step finishes on the free worker while the other is held by a long task of another query', async () => {
  const long = step();
  const held = workers.runAll([{ source: countByKey, columns: [keys], lo: 0, hi: ROWS, args: [] }], long);
  let heldDone = false;
  void held.then(() => { heldDone = true; });
  const s = step();
  const specs: TaskSpec[] = Array.from({ length: 8 }, (_x, k) => ({ source: sumAll, columns: [keys], lo: k * 1000, hi: (k + 1) * 1000, args: [] }));
  const out = await workers.runAll(specs, s);
  assert.equal(heldDone, false, 'the short step did not wait for the long one');
  assert.deepEqual(out.map((o) => o.fields?.[1][0]), specs.map(() => 1000));
  s.finish();
  await held;
  long.finish();
  assert.equal(workers.running, 0);
});

test('a cancelled query stops its workers within a block, and its queued tasks never start', async () => {
  const controller = new AbortController();
  const s = step(controller.signal);
  const before = { ...workers.stats };
  const specs: TaskSpec[] = [0, 1, 2, 3].map((k) => ({ source: countByKey, columns: [keys], lo: k * (ROWS / 4), hi: (k + 1) * (ROWS / 4), args: [] }));
  const run = workers.runAll(specs, s);
  await new Promise((r) => setTimeout(r, 30));
  const abortedAt = performance.now();
  controller.abort(new SvcError('client closed the connection', 400));
  await assert.rejects(run, /client closed the connection/);
  assert.equal(workers.running, 0, 'when the query fails its workers have stopped');
  assert.ok(performance.now() - abortedAt < 1_000, `the workers took ${performance.now() - abortedAt} ms to stop`);
  s.finish();
  // At most the two started tasks ran (the queued two were dropped), and they stopped early.
  assert.ok(workers.stats.tasks - before.tasks <= 2);
  assert.ok(workers.stats.rows - before.rows < ROWS / 2, `scanned ${workers.stats.rows - before.rows} of ${ROWS / 2} rows`);
  assert.ok(workers.stats.cancelled > before.cancelled);
});

test('a deadline passing while the main thread waits stops the workers too', async () => {
  const s = step(undefined, Infinity, performance.now() + 20);
  const run = workers.runAll([{ source: countByKey, columns: [keys], lo: 0, hi: ROWS, args: [] }], s);
  await assert.rejects(run, (e: unknown) => e instanceof SvcError && e.message === 'timeout, query aborted');
  assert.equal(workers.running, 0, 'when the query fails its workers have stopped');
  s.finish();
});

test('tables past the query memory limit fail the query with the limit\'s 400, not a crash', async () => {
  const s = step(undefined, 8 * 1024 * 1024);
  const run = workers.runAll([{ source: countByKey, columns: [keys], lo: 0, hi: ROWS, args: [] }], s);
  await assert.rejects(run, (e: unknown) => e instanceof SvcError && e.statusCode === 400
    && /^query memory limit exceeded \[what=GROUP BY keys, limit=8388608 bytes \(cairo.sql.hash.max.memory\)\]$/.test(e.message));
  assert.equal(workers.running, 0);
  s.finish();
});

const countShape: AggregateKernelShape = { key: 'number', keyColumn: 0, aggregates: [{ op: 'count', nulls: 'none', column: -1 }], columns: 1 };
const frames = [{ rowCount: ROWS, vectors: [{ type: Types.DOUBLE, data: keys }] }];

test('a radix-partitioned GROUP BY cancelled early or late stops its workers before it fails', async () => {
  for (const delay of [5, 60]) {
    const controller = new AbortController();
    const s = step(controller.signal);
    const run = radixAggregate({ shape: countShape, slots: [0] }, frames, [], 7, workers, s);
    await new Promise((r) => setTimeout(r, delay));
    controller.abort(new SvcError('client closed the connection', 400));
    await assert.rejects(run, /client closed the connection/);
    assert.equal(workers.running, 0, 'when the query fails its workers have stopped');
    s.finish();
  }
});

test('a radix-partitioned GROUP BY whose records pass the memory limit leaves the query to the one-table kernels', async () => {
  const s = step(undefined, 16 * 1024 * 1024);
  assert.equal(await radixAggregate({ shape: countShape, slots: [0] }, frames, [], 7, workers, s), undefined);
  s.finish();
  const all = step();
  const out = await radixAggregate({ shape: countShape, slots: [0] }, frames, [], 7, workers, all);
  all.finish();
  assert.equal(out?.reduce((n, o) => n + (o.keys?.length ?? 0), 0), ROWS);
});

test('a kernel that throws fails its query as an unexpected error; the pool keeps working', async () => {
  const s = step();
  await assert.rejects(workers.runAll([{ source: 'return missing.value;', columns: [], lo: 0, hi: 1, args: [] }], s),
    (e: unknown) => e instanceof Error && !(e instanceof SvcError) && /query worker failed: ReferenceError/.test(e.message));
  s.finish();
  const next = step();
  const out = await workers.runAll([{ source: sumAll, columns: [keys], lo: 0, hi: 4, args: [] }], next);
  assert.equal(out[0].fields?.[0][0], 9);
  next.finish();
});

test('a stopped pool refuses new work', async () => {
  const pool = new QueryWorkers({ workers: 1, minRows: 0, filter: true, groupBy: true });
  const s = step();
  assert.equal((await pool.runAll([{ source: sumAll, columns: [keys], lo: 0, hi: 2, args: [] }], s))[0].fields?.[0][0], 1.5);
  await pool.close();
  await assert.rejects(pool.runAll([{ source: sumAll, columns: [keys], lo: 0, hi: 2, args: [] }], s), /query workers are stopped/);
  s.finish();
});
