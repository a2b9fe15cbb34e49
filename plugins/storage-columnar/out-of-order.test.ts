import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const DAY = 86_400_000_000;
const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'v', type: Types.INT }, { name: 's', type: Types.VARCHAR }];
const TYPES = [Types.TIMESTAMP, Types.INT, Types.VARCHAR];

test('out-of-order rows read in timestamp order, ties in insertion order, across partitions', async () => {
  const dir = tempDir();
  try {
    const metrics = new ServerMetrics();
    const engine = await openEngine(dir, { metrics });
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[2 * DAY + 5, 1, 'a'], [2 * DAY + 5, 2, 'b'], [3 * DAY, 3, 'c']]));
    await w.commit();
    // Older than the newest partition: one row into an existing partition (merge), one into a new one.
    await w.append(makeBatch(TYPES, [[2 * DAY + 5, 4, 'd'], [DAY, 5, null], [2 * DAY + 1, 6, 'f'], [2 * DAY + 5, 7, 'g']]));
    await w.commit();
    const rows = await readRows(engine.openReader('t'));
    assert.deepEqual(rows, [
      [DAY, 5, null], [2 * DAY + 1, 6, 'f'], [2 * DAY + 5, 1, 'a'], [2 * DAY + 5, 2, 'b'], [2 * DAY + 5, 4, 'd'],
      [2 * DAY + 5, 7, 'g'], [3 * DAY, 3, 'c'],
    ]);
    assert.equal(metrics.o3Commits, 1);
    assert.equal(metrics.commits, 2);
    assert.deepEqual((await readRows((await openEngine(dir)).openReader('t'))), rows);
  } finally {
    removeDir(dir);
  }
});

test('a shuffled batch commits sorted and stable', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'HOUR' });
    const w = await engine.openWriter('t');
    const rows: [number, number, string][] = [];
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      rows.push([(seed % 50) * 600_000_000, i, `r${i}`]);
    }
    await w.append(makeBatch(TYPES, rows.slice(0, 2500)));
    await w.commit();
    await w.append(makeBatch(TYPES, rows.slice(2500)));
    await w.commit();
    const expected = [...rows].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(await readRows(engine.openReader('t')), expected);
  } finally {
    removeDir(dir);
  }
});

test('intervals prune partitions and cut rows by binary search, forward and reverse', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    const rows = Array.from({ length: 100 }, (_, i) => [i * DAY / 10, i, `s${i}`] as [number, number, string]);
    await w.append(makeBatch(TYPES, rows));
    await w.commit();
    const reader = engine.openReader('t');
    assert.equal(reader.partitions.length, 10);
    const intervals = [{ lo: 15 * DAY / 10, hi: 23 * DAY / 10 }, { lo: 95 * DAY / 10, hi: 1000 * DAY }];
    const got = await readRows(reader, { intervals, columns: [1], batchRows: 3 });
    assert.deepEqual(got.map((r) => r[0]), [15, 16, 17, 18, 19, 20, 21, 22, 23, 95, 96, 97, 98, 99]);
    const back = await readRows(reader, { intervals, columns: [1, 2], reverse: true, batchRows: 4 });
    assert.deepEqual(back.map((r) => r[0]), [99, 98, 97, 96, 95, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
    assert.equal(back[0][1], 's99');
  } finally {
    removeDir(dir);
  }
});

test('late rows merge into the end of a partition and keep every earlier row intact', async () => {
  const dir = tempDir();
  try {
    const metrics = new ServerMetrics();
    const engine = await openEngine(dir, { metrics });
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    const rows = Array.from({ length: 1000 }, (_, i) => [i, i, i % 3 === 0 ? null : `row ${i}`] as [number, number, string | null]);
    await w.append(makeBatch(TYPES, rows));
    await w.commit();
    const late: [number, number, string | null][] = [[990, -1, 'late a'], [995, -2, null], [2000, -3, 'late c']];
    await w.append(makeBatch(TYPES, late));
    await w.commit();
    const expected = [...rows, ...late].sort((a, b) => a[0] - b[0] || (a[1] < 0 ? 1 : 0) - (b[1] < 0 ? 1 : 0));
    assert.deepEqual(await readRows(engine.openReader('t')), expected);
    assert.equal(metrics.physicallyWrittenRows, 1000 + 12, 'only the rows after the first late one are rewritten');
    assert.deepEqual(await readRows((await openEngine(dir)).openReader('t')), expected);
  } finally {
    removeDir(dir);
  }
});

test('one commit merges late rows into many VARCHAR partitions of growing sizes', async () => {
  // Partitions of 4, 5, 7, 10 and 14 rows grow the merge's shared read buffers step by step, to sizes that
  // are not a multiple of 8 (a RangeError from the `.i` offsets view, 500 on /imp, before the fix).
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    const rows: [number, number, string | null][] = [];
    [4, 5, 7, 10, 14].forEach((count, day) => {
      for (let i = 0; i < count; i++) rows.push([day * DAY + 10 + i, rows.length, i % 4 === 0 ? null : `v${rows.length}`]);
    });
    await w.append(makeBatch(TYPES, rows));
    await w.commit();
    const late = [0, 1, 2, 3, 4].map((day) => [day * DAY + 11, 100 + day, `late${day}`] as [number, number, string]);
    await w.append(makeBatch(TYPES, late));
    await w.commit();
    const expected = [...rows, ...late].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(await readRows(engine.openReader('t')), expected);
  } finally {
    removeDir(dir);
  }
});
