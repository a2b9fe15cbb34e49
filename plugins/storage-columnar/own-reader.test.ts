import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { TableWriter } from '../../core/extension/storage-engine';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'v', type: Types.SYMBOL }];
const TYPES = [Types.TIMESTAMP, Types.SYMBOL];
const DAY = 86_400_000_000;

async function own(w: TableWriter): Promise<ReturnType<NonNullable<TableWriter['ownReader']>>> {
  assert.ok(w.stage && w.ownReader, 'the columnar writer offers its own reader');
  await w.stage();
  return w.ownReader();
}

test("a writer's own reader sees its uncommitted rows and new symbols; other readers do not", async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[10, 'a']]));
    await w.commit();
    await w.append(makeBatch(TYPES, [[20, 'b'], [5, 'c'], [DAY + 1, 'a']]));
    const view = await own(w);
    assert.equal(view.rowCount, 4);
    assert.deepEqual(await readRows(view), [[5, 'c'], [10, 'a'], [20, 'b'], [DAY + 1, 'a']]);
    assert.equal(view.symbols(1).keyOf('c') >= 0, true);
    view.close();
    const other = engine.openReader('t');
    assert.deepEqual(await readRows(other), [[10, 'a']]);
    assert.equal(other.symbols(1).keyOf('c'), -1);
    other.close();
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), [[5, 'c'], [10, 'a'], [20, 'b'], [DAY + 1, 'a']]);
    await w.close();
  } finally {
    removeDir(dir);
  }
});

test('rows read through the own reader never reach the shared cache: a rollback and other rows of the same count read right', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[10, 'a']]));
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), [[10, 'a']]);
    await w.append(makeBatch(TYPES, [[20, 'x']]));
    const view = await own(w);
    assert.deepEqual(await readRows(view), [[10, 'a'], [20, 'x']]);
    view.close();
    await w.rollback();
    await w.append(makeBatch(TYPES, [[30, 'y']]));
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), [[10, 'a'], [30, 'y']]);
    await w.close();
  } finally {
    removeDir(dir);
  }
});

test('folders the transaction rewrites or truncates stay readable while its own reader is open, and go when it closes', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir, { maxUncommittedRows: 2, o3MaxLagMicros: 0 });
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[10, 'a'], [30, 'b']]));
    const view = await own(w);
    const tableDir = join(dir, readdirSync(dir).find((d) => d.startsWith('t~')) as string);
    const staged = readdirSync(tableDir).filter((d) => d.includes('.'));
    // An out-of-order row merges into the staged partition (a new folder), then a truncate drops it all.
    await w.append(makeBatch(TYPES, [[20, 'c'], [25, 'd']]));
    await w.truncate();
    assert.deepEqual(await readRows(view), [[10, 'a'], [30, 'b']]);
    assert.ok(staged.every((d) => existsSync(join(tableDir, d))), 'the staged folders are kept for the reader');
    view.close();
    assert.ok(staged.every((d) => !existsSync(join(tableDir, d))), 'and removed once it closed');
    await w.append(makeBatch(TYPES, [[40, 'e']]));
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), [[40, 'e']]);
    await w.close();
  } finally {
    removeDir(dir);
  }
});
