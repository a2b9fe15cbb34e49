import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { Cell, makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const DAY = 86_400_000_000;
const COLS = [
  { name: 'ts', type: Types.TIMESTAMP }, { name: 'sym', type: Types.SYMBOL }, { name: 'k', type: Types.VARCHAR }, { name: 'v', type: Types.DOUBLE },
];
const TYPES = [Types.TIMESTAMP, Types.SYMBOL, Types.VARCHAR, Types.DOUBLE];

async function dedupTable(dir: string, options: { maxUncommittedRows?: number; keys?: string[] } = {}) {
  const engine = await openEngine(dir, { o3MaxLagMicros: 0 });
  await engine.createTable({
    name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY', dedupKeys: options.keys ?? ['ts', 'sym', 'k'],
    maxUncommittedRows: options.maxUncommittedRows,
  });
  return { engine, writer: await engine.openWriter('t') };
}

test('within one batch the last row of equal timestamp and keys stays', async () => {
  const dir = tempDir();
  try {
    const { engine, writer } = await dedupTable(dir);
    await writer.append(makeBatch(TYPES, [
      [10, 'a', 'x', 1], [10, 'a', 'x', 2], [10, 'b', 'x', 3], [10, 'a', 'y', 4], [5, 'a', 'x', 5], [10, 'a', 'x', 6], [10, null, null, 7], [10, null, null, 8],
    ]));
    await writer.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), [
      [5, 'a', 'x', 5], [10, 'b', 'x', 3], [10, 'a', 'y', 4], [10, 'a', 'x', 6], [10, null, null, 8],
    ]);
  } finally {
    removeDir(dir);
  }
});

test('a new row replaces a committed one, in the middle of a partition and at its end', async () => {
  const dir = tempDir();
  try {
    const { engine, writer } = await dedupTable(dir);
    await writer.append(makeBatch(TYPES, [[DAY, 'a', 'x', 1], [DAY + 5, 'a', 'x', 2], [DAY + 5, 'b', 'x', 3], [DAY + 9, 'a', 'x', 4]]));
    await writer.commit();
    await writer.append(makeBatch(TYPES, [[DAY + 5, 'b', 'x', 30], [DAY + 9, 'a', 'x', 40], [DAY + 9, 'c', '', 41], [2 * DAY, 'a', 'x', 50]]));
    await writer.commit();
    const expected: Cell[][] = [
      [DAY, 'a', 'x', 1], [DAY + 5, 'a', 'x', 2], [DAY + 5, 'b', 'x', 30], [DAY + 9, 'a', 'x', 40], [DAY + 9, 'c', '', 41], [2 * DAY, 'a', 'x', 50],
    ];
    assert.deepEqual(await readRows(engine.openReader('t')), expected);
    assert.deepEqual(await readRows((await openEngine(dir)).openReader('t')), expected);
  } finally {
    removeDir(dir);
  }
});

test('rows staged past maxUncommittedRows are deduplicated against each other too', async () => {
  const dir = tempDir();
  try {
    const { engine, writer } = await dedupTable(dir, { maxUncommittedRows: 7 });
    // 40 sensors × 5 readings each, every reading sent twice, the second time with the final value.
    for (let round = 0; round < 2; round++) {
      const rows: Cell[][] = [];
      for (let t = 0; t < 5; t++) for (let s = 0; s < 40; s++) rows.push([t * 1000, `s${s % 4}`, `k${s}`, round * 100 + t]);
      await writer.append(makeBatch(TYPES, rows));
    }
    await writer.commit();
    const rows = await readRows(engine.openReader('t'));
    assert.equal(rows.length, 200);
    assert.ok(rows.every((r) => (r[3] as number) >= 100), 'the later value of every reading stays');
  } finally {
    removeDir(dir);
  }
});

test('a long run of equal timestamps deduplicates through the hash table', async () => {
  const dir = tempDir();
  try {
    const { engine, writer } = await dedupTable(dir, { keys: ['ts', 'k'] });
    const rows: Cell[][] = [];
    for (let i = 0; i < 3000; i++) rows.push([42, 'a', `k${i % 700}`, i]);
    await writer.append(makeBatch(TYPES, rows));
    await writer.commit();
    const got = await readRows(engine.openReader('t'));
    assert.equal(got.length, 700);
    assert.deepEqual(got.map((r) => r[3]).sort((a, b) => (a as number) - (b as number)), Array.from({ length: 700 }, (_, i) => 2300 + i));
  } finally {
    removeDir(dir);
  }
});

test('a table without UPSERT KEYS keeps every row', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    await w.append(makeBatch(TYPES, [[10, 'a', 'x', 1], [10, 'a', 'x', 2]]));
    await w.commit();
    await w.append(makeBatch(TYPES, [[10, 'a', 'x', 3]]));
    await w.commit();
    assert.equal((await readRows(engine.openReader('t'))).length, 3);
  } finally {
    removeDir(dir);
  }
});
