import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { buildPostings, countRows, extendPostings, postingList, selectRows } from './symbol-postings';
import { Cell, makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

/** A deterministic generator (xorshift32), so a failure repeats. */
function randomInts(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    return (x >>> 0) % n;
  };
}

test('posting lists hold every row of each key, ascending, nulls in their own list', () => {
  const next = randomInts(7);
  for (const [n, count] of [[0, 0], [1, 1], [1, 5], [1000, 3], [5000, 40]]) {
    const keys = new Int32Array(n);
    for (let i = 0; i < n; i++) keys[i] = count === 0 || next(5) === 0 ? -1 : next(count);
    const p = buildPostings(keys, n, count);
    for (let k = -1; k < count + 2; k++) {
      const naive: number[] = [];
      for (let i = 0; i < n; i++) if (keys[i] === k) naive.push(i);
      assert.deepEqual([...postingList(p, k)], naive, `n=${n} key=${k}`);
    }
  }
});

test('lists extended with appended rows equal lists built from scratch, new keys included', () => {
  const next = randomInts(5);
  for (let t = 0; t < 30; t++) {
    const n = 1 + next(2000);
    const from = 1 + next(n);
    const before = 1 + next(10);
    const after = before + next(5);
    const keys = new Int32Array(n);
    for (let i = 0; i < n; i++) keys[i] = next(6) === 0 ? -1 : next(i < from ? before : after);
    const extended = extendPostings(buildPostings(keys, from, before), keys, from, n, after);
    const built = buildPostings(keys, n, after);
    assert.deepEqual([...extended.starts], [...built.starts], `n=${n} from=${from}`);
    assert.deepEqual([...extended.rows], [...built.rows], `n=${n} from=${from}`);
  }
});

test('selected rows of a range (and their keys) are the naive filter of it, for one key, several, unknown and repeated keys', () => {
  const next = randomInts(11);
  const n = 3000;
  const count = 12;
  const keys = new Int32Array(n);
  for (let i = 0; i < n; i++) keys[i] = next(9) === 0 ? -1 : next(count);
  const p = buildPostings(keys, n, count);
  for (let t = 0; t < 200; t++) {
    const wanted = [...new Set(Array.from({ length: 1 + next(4) }, () => next(count + 3) - 1))];
    const lo = next(n);
    const hi = lo + next(n - lo + 1);
    const naive: number[] = [];
    for (let i = lo; i < hi; i++) if (wanted.includes(keys[i])) naive.push(i);
    const out = new Int32Array(countRows(p, wanted, lo, hi));
    assert.equal(out.length, naive.length);
    assert.equal(selectRows(p, wanted, lo, hi, out), naive.length);
    assert.deepEqual([...out], naive, `keys=${wanted} [${lo}, ${hi})`);
    // With each row's key alongside: the key column at that row.
    const rows = new Int32Array(out.length);
    const rowKeys = new Int32Array(out.length);
    assert.equal(selectRows(p, wanted, lo, hi, rows, rowKeys), naive.length);
    assert.deepEqual([...rows], naive);
    assert.deepEqual([...rowKeys], naive.map((r) => keys[r]), `keys=${wanted} [${lo}, ${hi})`);
  }
});

const COLS = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 's', type: Types.SYMBOL }, { name: 'v', type: Types.DOUBLE }];
const TYPES = [Types.TIMESTAMP, Types.SYMBOL, Types.DOUBLE];
const DAY = 86_400_000_000;

test('a scan narrowed to symbol values yields exactly the full scan\'s rows holding them, in order', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    const next = randomInts(3);
    const names = ['a', 'b', 'c', 'd', 'e'];
    const rows: Cell[][] = [];
    // Three days, the middle one empty of rows; then a later commit appends to the last partition.
    for (let i = 0; i < 4000; i++) {
      const day = next(2) === 0 ? 0 : 2;
      rows.push([day * DAY + next(DAY), next(7) === 0 ? null : names[next(names.length)], next(1000) / 10]);
    }
    await w.append(makeBatch(TYPES, rows));
    await w.commit();
    const check = async (values: string[], intervals?: { lo: number; hi: number }[]): Promise<void> => {
      const reader = engine.openReader('t');
      try {
        const all = await readRows(reader, { intervals });
        const expected = all.filter((r) => values.includes(r[1] as string));
        const got = await readRows(reader, { intervals, symbolValues: { column: 1, values }, batchRows: 97 });
        assert.deepEqual(got, expected, `values=${values} intervals=${JSON.stringify(intervals)}`);
        // Under SAMPLE BY's buckets (here 5 h) the timestamp of a selected row is its bucket's start.
        const hours5 = { bucketOf: (t: number): number => Math.floor(t / 18e9) * 18e9, next: (b: number): number => b + 18e9 };
        const bucketed = await readRows(reader, { intervals, symbolValues: { column: 1, values }, batchRows: 97, timeBuckets: { column: 0, buckets: hours5 } });
        assert.deepEqual(bucketed, expected.map((r) => [hours5.bucketOf(r[0] as number), ...r.slice(1)]));
        const count = reader.symbolRows?.({ column: 1, values }, intervals);
        assert.deepEqual(count, { rows: all.length, selected: expected.length, clustered: 0 }, 'without columns nothing counts as read in place');
        // Every range here covers its partition's rows (each day's rows fall in its first 2^32 µs), and every
        // column has clusters: one key's rows read in place, several keys' are merged.
        const keys = new Set(values.filter((v) => v !== 'nope')).size;
        const inPlace = reader.symbolRows?.({ column: 1, values }, intervals, [0, 1, 2]);
        assert.deepEqual(inPlace, { rows: all.length, selected: expected.length, clustered: keys === 1 ? expected.length : 0 });
      } finally {
        reader.close();
      }
    };
    await check(['a']);
    await check(['c', 'a', 'e', 'a']);
    await check(['nope']);
    await check(['b', 'nope']);
    await check(['d'], [{ lo: DAY / 2, hi: 2 * DAY + DAY / 3 }]);
    await w.append(makeBatch(TYPES, [[2 * DAY + DAY - 1, 'a', 1], [2 * DAY + DAY - 2, 'new', 2]]));
    await w.commit();
    await check(['a', 'new']);
    // One key reads its posting list and clusters in place: from a range start inside the partition too.
    await check(['a']);
    await check(['new']);
    // (Rows fall in each day's first 2^32 µs: this range starts a tenth of the way into the last partition.)
    await check(['b'], [{ lo: 2 * DAY + 430_000_000, hi: 3 * DAY }]);
    await w.close();
  } finally {
    removeDir(dir);
  }
});

test('a single-row table and an empty one narrow to the right rows', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 'one', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    await engine.createTable({ name: 'none', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('one');
    await w.append(makeBatch(TYPES, [[5, 'x', 1.5]]));
    await w.commit();
    await w.close();
    const one = engine.openReader('one');
    assert.deepEqual(await readRows(one, { symbolValues: { column: 1, values: ['x'] } }), [[5, 'x', 1.5]]);
    assert.deepEqual(await readRows(one, { symbolValues: { column: 1, values: ['y'] } }), []);
    one.close();
    const none = engine.openReader('none');
    assert.deepEqual(await readRows(none, { symbolValues: { column: 1, values: ['x'] } }), []);
    assert.deepEqual(none.symbolRows?.({ column: 1, values: ['x'] }, undefined, [0, 1, 2]), { rows: 0, selected: 0, clustered: 0 });
    none.close();
  } finally {
    removeDir(dir);
  }
});

test('a partition whose dictionary has more keys than it has rows is read whole (the filter decides)', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: COLS, timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    const big: Cell[][] = Array.from({ length: 60 }, (_x, i) => [i, `v${i}`, i]);
    await w.append(makeBatch(TYPES, [...big, [DAY + 1, 'v1', 1], [DAY + 2, 'v2', 2], [DAY + 3, 'v1', 3]]));
    await w.commit();
    await w.close();
    const reader = engine.openReader('t');
    const got = await readRows(reader, { symbolValues: { column: 1, values: ['v1'] } });
    assert.deepEqual(got, [[1, 'v1', 1], [DAY + 1, 'v1', 1], [DAY + 2, 'v2', 2], [DAY + 3, 'v1', 3]]);
    // Only the first partition's row is read in place: the second one's are all read and filtered.
    assert.deepEqual(reader.symbolRows?.({ column: 1, values: ['v1'] }, undefined, [0, 1, 2]), { rows: 63, selected: 4, clustered: 1 });
    reader.close();
  } finally {
    removeDir(dir);
  }
});
