import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPostings, postingList } from './symbol-postings';
import { rangeSelection } from './range-selection';

function randomInts(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return Math.floor((s / 4294967296) * n); };
}

test('a range\'s selection holds the rows of the wanted keys, their keys and their clustered values, for one key and several', () => {
  const next = randomInts(11);
  const n = 20_000, symbols = 12, batch = 97;
  const keys = Int32Array.from({ length: n }, () => next(symbols + 1) - 1);
  const values = Int32Array.from({ length: n }, (_x, i) => i * 3 + next(5));
  const postings = buildPostings(keys, n, symbols);
  for (const wanted of [[3], [-1], [0, 7, 11], [-1, 5]]) {
    const clusters = wanted.map((k) => Int32Array.from(postingList(postings, k), (r) => values[r]));
    for (const [lo, hi] of [[0, n], [1234, 17_001], [5000, 5001], [n, n]]) {
      const expected: number[] = [];
      for (let r = lo; r < hi; r++) if (wanted.includes(keys[r])) expected.push(r);
      const range = rangeSelection(postings, wanted, lo, hi, batch);
      assert.deepEqual([...range.rows], expected, `rows of ${wanted} [${lo}, ${hi})`);
      const read = range.clusterReader(clusters);
      const gotKeys: number[] = [], gotValues: number[] = [];
      for (let a = 0; a < expected.length; a += batch) {
        const b = Math.min(expected.length, a + batch);
        gotKeys.push(...range.keysOf(a, b));
        gotValues.push(...read(a, b));
      }
      assert.deepEqual(gotKeys, expected.map((r) => keys[r]), `keys of ${wanted} [${lo}, ${hi})`);
      assert.deepEqual(gotValues, expected.map((r) => values[r]), `values of ${wanted} [${lo}, ${hi})`);
      // One key reads its posting list and cluster in place.
      if (wanted.length === 1 && expected.length > 0) {
        assert.equal(range.rows.buffer, postingList(postings, wanted[0]).buffer);
        assert.equal(read(0, 1).buffer, clusters[0].buffer);
      }
    }
  }
});
