import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPostings, countRows, postingList, selectRows } from './symbol-postings';
import { ClusterCursor, READS_BEFORE_CLUSTERS, readBefore } from './symbol-clusters';
import { ColumnCache } from './column-cache';
import { StoredColumn } from './table-meta';
import { PartitionState } from './txn-state';

function randomInts(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return Math.floor((s / 4294967296) * n); };
}

test('clustered reads of selected rows equal gathering them from the column, in batches, from any range start', () => {
  const next = randomInts(5);
  const n = 20_000, symbols = 12;
  const keys = Int32Array.from({ length: n }, () => next(symbols + 1) - 1);
  const values = Float64Array.from({ length: n }, (_x, i) => i * 1.5 + next(7));
  const postings = buildPostings(keys, n, symbols);
  for (const wanted of [[3], [0, 7, 11], [-1, 5], [2, 9, 4, 1]]) {
    const clusters = wanted.map((k) => Float64Array.from(postingList(postings, k), (r) => values[r]));
    for (const [lo, hi] of [[0, n], [1234, 17_001], [5000, 5001], [n, n]]) {
      const count = countRows(postings, wanted, lo, hi);
      const rows = new Int32Array(count), rowKeys = new Int32Array(count);
      selectRows(postings, wanted, lo, hi, rows, rowKeys);
      const cursor = new ClusterCursor(clusters, wanted, postings, lo);
      const out: number[] = [];
      for (let a = 0; a < count; a += 97) {
        const b = Math.min(count, a + 97);
        const part = new Float64Array(b - a);
        cursor.read(rowKeys, a, b, part);
        out.push(...part);
      }
      assert.deepEqual(out, Array.from(rows, (r) => values[r]), `keys ${wanted} [${lo}, ${hi})`);
    }
  }
});

test('a key counts as read before in a partition after READS_BEFORE_CLUSTERS reads there, until the cache drops the partition', () => {
  const cache = new ColumnCache(1 << 20);
  const day = (dir: string): PartitionState => ({ dir } as unknown as PartitionState);
  const host = { file: 'host' } as unknown as StoredColumn;
  const reads = (dir: string, key: number, table = '/t'): boolean => readBefore(cache, table, day(dir), host, key);
  for (let r = 0; r < READS_BEFORE_CLUSTERS; r++) assert.equal(reads('2024-01-01', 3), false, `read ${r}`);
  assert.equal(reads('2024-01-01', 3), true);
  assert.equal(reads('2024-01-01', 3), true);
  assert.equal(reads('2024-01-01', 4), false);
  assert.equal(reads('2024-01-02', 3), false);
  assert.equal(reads('2024-01-01', 3, '/u'), false);
  cache.invalidate('/t/2024-01-01');
  assert.equal(reads('2024-01-01', 3), false);
});
