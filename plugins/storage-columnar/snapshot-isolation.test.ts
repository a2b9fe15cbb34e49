import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'v', type: Types.SYMBOL }];
const TYPES = [Types.TIMESTAMP, Types.SYMBOL];

test('a reader sees its snapshot while the writer appends, commits and rewrites partitions', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[10, 'a'], [20, 'b']]));
    await w.commit();
    const before = engine.openReader('t');
    await w.append(makeBatch(TYPES, [[30, 'c']]));
    assert.deepEqual(await readRows(engine.openReader('t')), [[10, 'a'], [20, 'b']], 'uncommitted rows are invisible');
    await w.commit();
    await w.append(makeBatch(TYPES, [[15, 'd']]));
    await w.commit();
    assert.equal(before.rowCount, 2);
    assert.deepEqual(await readRows(before), [[10, 'a'], [20, 'b']]);
    assert.equal(before.symbols(1).keyOf('c'), -1);
    before.close();
    assert.deepEqual(await readRows(engine.openReader('t')), [[10, 'a'], [15, 'd'], [20, 'b'], [30, 'c']]);
  } finally {
    removeDir(dir);
  }
});

test('a second writer waits, then gets table busy', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts' });
    const first = await engine.openWriter('t');
    const started = Date.now();
    await assert.rejects(engine.openWriter('t', { timeoutMs: 100 }), /table busy/);
    assert.ok(Date.now() - started >= 90);
    const waiting = engine.openWriter('t', { timeoutMs: 2000 });
    setTimeout(() => void first.close(), 20);
    const second = await waiting;
    await second.close();
  } finally {
    removeDir(dir);
  }
});

test('rollback discards pending rows and their new symbols', async () => {
  const dir = tempDir();
  try {
    const metrics = new ServerMetrics();
    const engine = await openEngine(dir, { metrics });
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[1, 'keep']]));
    await w.commit();
    await w.append(makeBatch(TYPES, [[2, 'gone']]));
    await w.rollback();
    await w.commit();
    assert.equal(metrics.rollbacks, 1);
    assert.equal(w.symbolTable(1).keyOf('gone'), -1);
    assert.deepEqual(await readRows(engine.openReader('t')), [[1, 'keep']]);
  } finally {
    removeDir(dir);
  }
});

test('rows past maxUncommittedRows go to disk unseen and publish in one commit', async () => {
  const dir = tempDir();
  try {
    const metrics = new ServerMetrics();
    const engine = await openEngine(dir, { metrics });
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', maxUncommittedRows: 3 });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[1, 'a'], [2, 'a'], [3, 'a'], [4, 'a'], [5, 'a'], [6, 'a'], [7, 'a']]));
    assert.equal(engine.openReader('t').rowCount, 0, 'staged rows are invisible');
    assert.equal(w.pendingRows, 7);
    assert.equal(metrics.commits, 0);
    await w.commit();
    assert.equal(engine.openReader('t').rowCount, 7);
    assert.equal(w.pendingRows, 0);
    assert.equal(metrics.commits, 1);
    assert.equal(metrics.committedRows, 7);
  } finally {
    removeDir(dir);
  }
});

test('staging keeps out-of-order rows within o3MaxLag in memory and merges late rows at commit', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', maxUncommittedRows: 6, o3MaxLagMicros: 100 });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[1000, 'a'], [100, 'b'], [200, 'c'], [300, 'd'], [400, 'e'], [960, 'f']]));
    assert.equal(engine.openReader('t').rowCount, 0);
    assert.equal(w.pendingRows, 6);
    await w.append(makeBatch(TYPES, [[950, 'g'], [150, 'h']]));
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), [
      [100, 'b'], [150, 'h'], [200, 'c'], [300, 'd'], [400, 'e'], [950, 'g'], [960, 'f'], [1000, 'a'],
    ]);
  } finally {
    removeDir(dir);
  }
});

test('a close that arrives during a commit waits for it', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'HOUR' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[10, 'a'], [3_600_000_010, 'b'], [7_200_000_010, 'c']]));
    const committing = w.commit();
    const closing = w.close();
    await Promise.all([committing, closing]);
    assert.deepEqual(await readRows(engine.openReader('t')), [[10, 'a'], [3_600_000_010, 'b'], [7_200_000_010, 'c']]);
  } finally {
    removeDir(dir);
  }
});
