import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const DAY = 86_400_000_000;
const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'n', type: Types.LONG }, { name: 's', type: Types.VARCHAR }];
const TYPES = [Types.TIMESTAMP, Types.LONG, Types.VARCHAR];

type Row = [number, number, string | null];

function rowsOf(from: number, count: number, ts: (i: number) => number): Row[] {
  return Array.from({ length: count }, (_, k) => [ts(from + k), from + k, (from + k) % 5 === 0 ? null : `s${from + k}`]);
}

/** Every file under the table folder with its size: what a rollback or a restart must restore. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string): void => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else out.push(`${prefix}${name}:${statSync(path).size}`);
    }
  };
  walk(dir, '');
  return out;
}

function tableDir(dbDir: string): string {
  return join(dbDir, readdirSync(dbDir).find((n) => n.startsWith('t~')) as string);
}

test('a rollback deletes the staged folders and cuts the bytes staged past committed sizes', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY', maxUncommittedRows: 100 });
    const w = await engine.openWriter('t');
    const committed = rowsOf(0, 50, (i) => DAY + i * 1000);
    await w.append(makeBatch(TYPES, committed));
    await w.commit();
    const before = listing(tableDir(dir));
    // In order after the committed rows (appended in place), into new days, and late rows (merges).
    await w.append(makeBatch(TYPES, rowsOf(50, 500, (i) => DAY + i * 1000 + (i % 3) * DAY)));
    await w.append(makeBatch(TYPES, rowsOf(550, 120, (i) => DAY + 7 + (i % 50) * 1000)));
    assert.equal(w.pendingRows, 620);
    assert.notDeepEqual(listing(tableDir(dir)), before, 'rows were staged on disk');
    assert.deepEqual(await readRows(engine.openReader('t')), committed);
    await w.rollback();
    assert.deepEqual(listing(tableDir(dir)), before);
    assert.deepEqual(await readRows(engine.openReader('t')), committed);
    await w.close();
  } finally {
    removeDir(dir);
  }
});

test('after a crash with staged rows, start-up shows the committed rows and removes the rest', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY', maxUncommittedRows: 64 });
    const w = await engine.openWriter('t');
    const committed = rowsOf(0, 30, (i) => DAY + i);
    await w.append(makeBatch(TYPES, committed));
    await w.commit();
    const before = listing(tableDir(dir));
    await w.append(makeBatch(TYPES, rowsOf(30, 400, (i) => (i % 4) * DAY + i)));
    // The process "dies" here: the writer is never closed; a new engine opens the same folder.
    const restarted = await openEngine(dir);
    assert.deepEqual(await readRows(restarted.openReader('t')), committed);
    assert.deepEqual(listing(tableDir(dir)), before);
  } finally {
    removeDir(dir);
  }
});

test('a shuffled stream far larger than maxUncommittedRows merges correctly through staged partitions', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir, { o3MaxLagMicros: 0 });
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY', maxUncommittedRows: 700 });
    const w = await engine.openWriter('t');
    const all: Row[] = [];
    let seed = 11;
    for (let b = 0; b < 30; b++) {
      const batch: Row[] = [];
      for (let i = 0; i < 333; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const n = all.length + batch.length;
        batch.push([(seed % 5) * DAY + (seed % 997) * 1000, n, n % 7 === 0 ? null : `v${n}`]);
      }
      all.push(...batch);
      await w.append(makeBatch(TYPES, batch));
    }
    assert.equal(engine.openReader('t').rowCount, 0);
    await w.commit();
    const expected = [...all].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(await readRows(engine.openReader('t')), expected);
    assert.deepEqual(await readRows((await openEngine(dir)).openReader('t')), expected);
    assert.equal(readdirSync(tableDir(dir)).filter((n) => /^\d{4}-/.test(n)).length, 5, 'superseded staged folders are gone');
  } finally {
    removeDir(dir);
  }
});

test('a truncate inside a transaction is seen by readers only once it commits', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    const old = rowsOf(0, 10, (i) => DAY * (i % 2) + i);
    await w.append(makeBatch(TYPES, old));
    await w.commit();
    const oldReader = engine.openReader('t');
    await w.truncate();
    await w.append(makeBatch(TYPES, rowsOf(100, 3, (i) => i)));
    assert.deepEqual(await readRows(engine.openReader('t')), await readRows(oldReader));
    await w.rollback();
    assert.equal(engine.openReader('t').rowCount, 10);
    await w.truncate();
    const fresh = rowsOf(100, 3, (i) => i);
    await w.append(makeBatch(TYPES, fresh));
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), fresh);
    assert.equal(oldReader.rowCount, 10);
    assert.deepEqual((await readRows(oldReader)).length, 10, 'an older snapshot keeps its rows');
    oldReader.close();
    assert.deepEqual(await readRows((await openEngine(dir)).openReader('t')), fresh);
  } finally {
    removeDir(dir);
  }
});

test('a column added while rows are staged reads null in them and its values in later rows', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY', maxUncommittedRows: 10 });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, rowsOf(0, 5, (i) => i)));
    await w.commit();
    // Staged: rows appended to the committed day, a new day, and a late row that merges.
    await w.append(makeBatch(TYPES, [...rowsOf(5, 20, (i) => (i % 2) * DAY + i), [2, 99, 'late']]));
    await w.addColumn({ name: 'extra', type: Types.INT });
    await w.append(makeBatch([...TYPES, Types.INT], [[3, 100, 'after', 7], [DAY + 50, 101, 'after', 8]]));
    await w.commit();
    const expected = [
      ...[...rowsOf(0, 5, (i) => i), ...rowsOf(5, 20, (i) => (i % 2) * DAY + i), [2, 99, 'late'] as Row].map((r) => [...r, null]),
      [3, 100, 'after', 7], [DAY + 50, 101, 'after', 8],
    ].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
    const nullInt = (rows: (number | string | bigint | Uint8Array | null)[][]): unknown[][] => rows.map((r) => r.map((c, i) => (i === 3 && c === -2147483648 ? null : c)));
    assert.deepEqual(nullInt(await readRows(engine.openReader('t'))), expected);
    assert.deepEqual(nullInt(await readRows((await openEngine(dir)).openReader('t'))), expected);
  } finally {
    removeDir(dir);
  }
});

test('pending rows move to disk at maxUncommittedBytes long before maxUncommittedRows, and commit as one', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir, { maxUncommittedBytes: 64 * 1024 });
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY', maxUncommittedRows: 500000 });
    const w = await engine.openWriter('t');
    const wide = (from: number, count: number, ts: (i: number) => number): Row[] =>
      rowsOf(from, count, ts).map(([t, n]) => [t, n, `${n}:`.padEnd(1000, 'w')]);
    const rows = wide(0, 300, (i) => DAY + i * 1000);
    await w.append(makeBatch(TYPES, rows));
    // Staged files are written behind the append (the writer's write queue): wait for them, up to 10 s.
    const stagedFiles = (): number[] => listing(tableDir(dir)).filter((f) => f.includes('/s.d:')).map((f) => Number(f.split(':').pop()));
    let staged = stagedFiles();
    for (let waited = 0; staged.reduce((a, b) => a + b, 0) < 200 * 1000 && waited < 10_000; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
      staged = stagedFiles();
    }
    assert.ok(staged.length > 0 && staged.reduce((a, b) => a + b, 0) >= 200 * 1000, `staged: ${staged}`);
    assert.equal(engine.openReader('t').rowCount, 0);
    // Late rows within o3MaxLag are kept in memory only while they are at most half the byte bound.
    const late = wide(300, 300, (i) => DAY + (i % 100) * 1000 + 1);
    await w.append(makeBatch(TYPES, late));
    assert.equal(w.pendingRows, 600);
    await w.commit();
    const expected = [...rows, ...late].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(await readRows(engine.openReader('t')), expected);
    await w.close();
  } finally {
    removeDir(dir);
  }
});
