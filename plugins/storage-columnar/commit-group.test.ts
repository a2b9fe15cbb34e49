import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { ColumnarEngine } from './columnar-engine';
import { ColumnarTableWriter } from './table-writer';
import { TXN_NEXT_FILE, writeTxn } from './txn-state';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'sym', type: Types.SYMBOL }];
const TYPES = [Types.TIMESTAMP, Types.SYMBOL];

async function twoTables(dir: string): Promise<{ engine: ColumnarEngine; a: ColumnarTableWriter; b: ColumnarTableWriter }> {
  const engine = await openEngine(dir);
  for (const name of ['a', 'b']) await engine.createTable({ name, columns: COLS, timestamp: 'ts', partitionBy: 'DAY', maxUncommittedRows: 4 });
  const a = await engine.openWriter('a') as ColumnarTableWriter;
  const b = await engine.openWriter('b') as ColumnarTableWriter;
  await a.append(makeBatch(TYPES, [[1, 'old']]));
  await b.append(makeBatch(TYPES, [[1, 'old']]));
  await engine.commitTogether([a, b]);
  await a.append(makeBatch(TYPES, [[2, 'x'], [3, 'y'], [4, 'x'], [5, 'z'], [6, 'new-a']]));
  await b.append(makeBatch(TYPES, [[2, 'new-b']]));
  return { engine, a, b };
}

async function rowCounts(engine: ColumnarEngine): Promise<number[]> {
  return [(await readRows(engine.openReader('a'))).length, (await readRows(engine.openReader('b'))).length];
}

test('commitTogether publishes several tables in one step', async () => {
  const dir = tempDir();
  try {
    const { engine, a, b } = await twoTables(dir);
    assert.deepEqual(await rowCounts(engine), [1, 1]);
    await engine.commitTogether([b, a]);
    assert.deepEqual(await rowCounts(engine), [6, 2]);
    assert.equal(readdirSync(dir).filter((n) => n.startsWith('_commit_group')).length, 0, 'the group record is gone');
    assert.deepEqual(await rowCounts(await openEngine(dir)), [6, 2]);
  } finally {
    removeDir(dir);
  }
});

test('commitTogether publishes nothing when one table cannot commit', async () => {
  const dir = tempDir();
  try {
    const { engine, a, b } = await twoTables(dir);
    await b.close();
    await assert.rejects(engine.commitTogether([a, b]), /writer is closed/);
    assert.deepEqual(await rowCounts(engine), [1, 1]);
    assert.equal(a.pendingRows, 5, 'the caller decides: pending rows stay');
    await a.rollback();
  } finally {
    removeDir(dir);
  }
});

test('a crash before the group record is written rolls every table back', async () => {
  const dir = tempDir();
  try {
    const { a, b } = await twoTables(dir);
    // The crash lands after both tables wrote their next `_txn`, before the commit point.
    for (const w of [a, b]) {
      const prepared = await w.prepare();
      assert.ok(prepared);
      writeTxn(join(prepared.state.dir, TXN_NEXT_FILE), prepared.next, 'nosync');
    }
    const restarted = await openEngine(dir);
    assert.deepEqual(await rowCounts(restarted), [1, 1]);
    for (const t of ['a', 'b']) assert.equal(existsSync(join(dir, restarted.getTable(t)?.directoryName ?? '', TXN_NEXT_FILE)), false);
  } finally {
    removeDir(dir);
  }
});

test('a crash after the group record is written rolls every table forward, also one already renamed', async () => {
  const dir = tempDir();
  try {
    const { a, b } = await twoTables(dir);
    const tables: { dir: string; txn: number }[] = [];
    for (const w of [a, b]) {
      const prepared = await w.prepare();
      assert.ok(prepared);
      writeTxn(join(prepared.state.dir, w === a ? '_txn' : TXN_NEXT_FILE), prepared.next, 'nosync');
      tables.push({ dir: prepared.state.meta.directoryName, txn: prepared.next.txn });
    }
    writeFileSync(join(dir, '_commit_group.0'), JSON.stringify({ formatVersion: 1, tables }));
    const restarted = await openEngine(dir);
    assert.deepEqual(await rowCounts(restarted), [6, 2]);
    assert.deepEqual((await readRows(restarted.openReader('b')))[1], [2, 'new-b']);
    assert.equal(existsSync(join(dir, '_commit_group.0')), false);
  } finally {
    removeDir(dir);
  }
});
