import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { SvcError } from '../../core/errors';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'v', type: Types.INT }];
const TYPES = [Types.TIMESTAMP, Types.INT];

async function withEngine(body: (engine: Awaited<ReturnType<typeof openEngine>>, dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    await body(await openEngine(dir), dir);
  } finally {
    removeDir(dir);
  }
}

test('creating a table twice says the table already exists', () => withEngine(async (engine) => {
  await engine.createTable({ name: 'Trades', columns: COLS, timestamp: 'ts' });
  await assert.rejects(engine.createTable({ name: 'trades', columns: COLS }), /table already exists \[table=trades\]/);
  assert.equal(engine.getTable('TRADES')?.name, 'Trades');
}));

test('a missing table says table does not exist', () => withEngine(async (engine) => {
  assert.throws(() => engine.openReader('nosuch'), /table does not exist \[table=nosuch\]/);
  await assert.rejects(engine.openWriter('nosuch'), /table does not exist \[table=nosuch\]/);
}));

test('table names that could leave the db folder are rejected with 400', () => withEngine(async (engine, dir) => {
  for (const name of ['..', '../x', 'a/b', 'a\\b', 'a\0b', '.hidden', 'x..y', '', 'a:b', 'tab~1']) {
    await assert.rejects(engine.createTable({ name, columns: COLS }), (e: unknown) => e instanceof SvcError && e.statusCode === 400, name);
  }
  assert.deepEqual(readdirSync(dir), []);
  await engine.createTable({ name: 'my table.v2', columns: COLS });
  assert.ok(engine.getTable('my table.v2'));
}));

test('drop removes the table and its folder', () => withEngine(async (engine, dir) => {
  await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
  const w = await engine.openWriter('t');
  await w.append(makeBatch(TYPES, [[1, 1]]));
  await w.commit();
  await w.close();
  await engine.dropTable('t');
  assert.equal(engine.getTable('t'), undefined);
  assert.deepEqual(readdirSync(dir), []);
  await engine.createTable({ name: 't', columns: COLS });
  assert.equal(engine.openReader('t').rowCount, 0);
}));

test('rename keeps the rows under the new name and survives a restart', () => withEngine(async (engine, dir) => {
  await engine.createTable({ name: 'a', columns: COLS, timestamp: 'ts' });
  const w = await engine.openWriter('a');
  await w.append(makeBatch(TYPES, [[1, 10], [2, 20]]));
  await w.commit();
  await w.close();
  await engine.renameTable('a', 'b');
  assert.equal(engine.getTable('a'), undefined);
  const again = await openEngine(dir);
  assert.deepEqual(await readRows(again.openReader('b')), [[1, 10], [2, 20]]);
}));

test('truncate removes every row and keeps the structure', () => withEngine(async (engine) => {
  await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'HOUR' });
  const w = await engine.openWriter('t');
  await w.append(makeBatch(TYPES, [[1, 1], [3_600_000_001, 2]]));
  await w.commit();
  await w.close();
  await engine.truncateTable('t');
  const r = engine.openReader('t');
  assert.equal(r.rowCount, 0);
  assert.equal(r.partitions.length, 0);
  assert.equal(r.schema.columns.length, 2);
}));

test('added columns read as null in old rows and take values in new ones', () => withEngine(async (engine, dir) => {
  await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
  let w = await engine.openWriter('t');
  await w.append(makeBatch(TYPES, [[1, 1]]));
  await w.commit();
  await w.close();
  await engine.addColumn('t', { name: 's', type: Types.VARCHAR });
  await engine.addColumn('t', { name: 'sym', type: Types.SYMBOL });
  w = await engine.openWriter('t');
  const types = [...TYPES, Types.VARCHAR, Types.SYMBOL];
  await w.append(makeBatch(types, [[2, 2, 'x', 'k']]));
  await w.commit();
  // An out-of-order row rewrites the partition: the rows before the column existed stay null.
  await w.append(makeBatch(types, [[0, 0, 'o3', 'j']]));
  await w.commit();
  await w.close();
  const expected = [[0, 0, 'o3', 'j'], [1, 1, null, null], [2, 2, 'x', 'k']];
  assert.deepEqual(await readRows(engine.openReader('t')), expected);
  assert.deepEqual(await readRows((await openEngine(dir)).openReader('t')), expected);
}));

test('a dropped column disappears and its files go, other columns untouched', () => withEngine(async (engine, dir) => {
  await engine.createTable({ name: 't', columns: [...COLS, { name: 'x', type: Types.DOUBLE }], timestamp: 'ts' });
  const w = await engine.openWriter('t');
  await w.append(makeBatch([...TYPES, Types.DOUBLE], [[1, 1, 1.5]]));
  await w.commit();
  await w.close();
  await engine.dropColumn('t', 'v');
  assert.deepEqual(await readRows(engine.openReader('t')), [[1, 1.5]]);
  const table = engine.getTable('t');
  const part = readdirSync(join(dir, table?.directoryName ?? '')).find((n) => n.startsWith('default'));
  assert.ok(part);
  assert.equal(existsSync(join(dir, table?.directoryName ?? '', part, 'v.d')), false);
  await assert.rejects(engine.dropColumn('t', 'ts'), /designated timestamp/);
}));

test('a renamed column keeps its data', () => withEngine(async (engine, dir) => {
  await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts' });
  const w = await engine.openWriter('t');
  await w.append(makeBatch(TYPES, [[1, 7]]));
  await w.commit();
  await w.close();
  await engine.renameColumn('t', 'v', 'value');
  const again = await openEngine(dir);
  assert.deepEqual(again.getTable('t')?.columns.map((c) => c.name), ['ts', 'value']);
  assert.deepEqual(await readRows(again.openReader('t')), [[1, 7]]);
}));

test('a null designated timestamp is an error and appends nothing', () => withEngine(async (engine) => {
  await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts' });
  const w = await engine.openWriter('t');
  await assert.rejects(w.append(makeBatch(TYPES, [[1, 1], [null, 2]])), /designated timestamp column cannot be NULL/);
  assert.equal(w.pendingRows, 0);
}));

test('tables list in creation order with their parameters', () => withEngine(async (engine) => {
  await engine.createTable({ name: 'b', columns: COLS, timestamp: 'ts', maxUncommittedRows: 10, o3MaxLagMicros: 5 });
  await engine.createTable({ name: 'a', columns: COLS });
  await engine.setTableParams('b', { maxUncommittedRows: 20 });
  assert.deepEqual(engine.listTables().map((t) => t.name), ['b', 'a']);
  assert.equal(engine.getTable('b')?.maxUncommittedRows, 20);
  assert.equal(engine.getTable('b')?.o3MaxLagMicros, 5);
  assert.equal(engine.getTable('a')?.maxUncommittedRows, 500000);
}));

test('table parameters out of range are refused', () => withEngine(async (engine) => {
  await assert.rejects(engine.createTable({ name: 't', columns: COLS, maxUncommittedRows: 0 }), /invalid maxUncommittedRows/);
  await engine.createTable({ name: 't', columns: COLS });
  await assert.rejects(engine.setTableParams('t', { o3MaxLagMicros: -1 }), /invalid o3MaxLag/);
}));

test('a provisional table that was never published is gone after a restart; a published one stays', () => withEngine(async (engine, dir) => {
  await engine.createTable({ name: 'cut', columns: COLS, timestamp: 'ts', provisional: true });
  await engine.createTable({ name: 'done', columns: COLS, timestamp: 'ts', provisional: true });
  const w = await engine.openWriter('done');
  await w.append(makeBatch(TYPES, [[1, 7]]));
  await w.commit();
  await w.close();
  await engine.publishTable('done');
  // No stop(): the process ends as a SIGKILL would end it.
  const again = await openEngine(dir);
  assert.equal(again.getTable('cut'), undefined);
  assert.deepEqual(await readRows(again.openReader('done')), [[1, 7]]);
  assert.deepEqual(readdirSync(dir).filter((n) => n.startsWith('cut')), []);
}));
