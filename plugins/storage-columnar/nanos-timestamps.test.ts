import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const COLS = [{ name: 'ts', type: Types.TIMESTAMP_NS }, { name: 'v', type: Types.INT }];
const TYPES = [Types.TIMESTAMP_NS, Types.INT];
/** 2024-01-01T00:00:00Z in ns and µs. */
const NS = 1704067200000000000n;
const US = 1704067200000000;
const DAY_US = 86_400_000_000;

test('TIMESTAMP_NS rows sort, merge into committed partitions and read back to the nanosecond', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    // The doubles of NS + 1 … NS + 3 are all equal: only exact keys order them.
    await w.append(makeBatch(TYPES, [[NS + 3n, 3], [NS + 86400000000000n - 1n, 9], [NS + 1n, 1]]));
    await w.commit();
    await w.append(makeBatch(TYPES, [[NS + 2n, 2], [NS, 0], [NS + 3n, 4], [NS + 86400000000000n, 10]]));
    await w.commit();
    const reader = engine.openReader('t');
    assert.deepEqual(await readRows(reader), [
      [NS, 0], [NS + 1n, 1], [NS + 2n, 2], [NS + 3n, 3], [NS + 3n, 4], [NS + 86400000000000n - 1n, 9], [NS + 86400000000000n, 10],
    ]);
    assert.deepEqual(reader.partitions.map((p) => [p.name, p.rowCount, p.minTimestamp, p.maxTimestamp]),
      [['2024-01-01', 6, US, US + DAY_US - 1], ['2024-01-02', 1, US + DAY_US, US + DAY_US]]);
    // µs intervals find exactly the rows of their nanoseconds.
    assert.deepEqual(await readRows(reader, { intervals: [{ lo: US, hi: US }] }), [[NS, 0], [NS + 1n, 1], [NS + 2n, 2], [NS + 3n, 3], [NS + 3n, 4]]);
    assert.deepEqual(await readRows(reader, { intervals: [{ lo: US + DAY_US - 1, hi: US + DAY_US - 1 }] }), [[NS + 86400000000000n - 1n, 9]]);
    reader.close();
    await w.close();
  } finally {
    removeDir(dir);
  }
});

test('DEDUP UPSERT KEYS on a TIMESTAMP_NS timestamp replaces only rows of the same nanosecond', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 'd', columns: COLS, timestamp: 'ts', partitionBy: 'DAY', dedupKeys: ['ts'] });
    const w = await engine.openWriter('d');
    await w.append(makeBatch(TYPES, [[NS + 1n, 1], [NS + 2n, 2]]));
    await w.commit();
    await w.append(makeBatch(TYPES, [[NS + 1n, 10], [NS + 3n, 3], [NS + 3n, 31], [NS, 0]]));
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('d')), [[NS, 0], [NS + 1n, 10], [NS + 2n, 2], [NS + 3n, 31]]);
    await w.close();
  } finally {
    removeDir(dir);
  }
});
