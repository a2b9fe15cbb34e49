import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../tools/fuzz/seeded-random';
import { LatestKeys } from './latest-rows';
import { buildPostings } from './symbol-postings';
import { Types } from '../../core/data/column-type';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

interface Partition { keys: Int32Array; ranges: [number, number][] }

/** The naive answer: each partition from the newest, each range from its end, the first row seen per key. */
function naive(parts: readonly Partition[], symbolCount: number): Int32Array[] {
  const seen = new Set<number>();
  return parts.map(({ keys, ranges }) => {
    const rows: number[] = [];
    for (let r = ranges.length - 1; r >= 0; r--) {
      for (let i = ranges[r][1] - 1; i >= ranges[r][0]; i--) {
        if (seen.size === symbolCount + 1) break;
        if (!seen.has(keys[i])) { seen.add(keys[i]); rows.push(i); }
      }
    }
    return Int32Array.from(rows.sort((a, b) => b - a));
  });
}

function randomPartition(next: () => number, symbolCount: number, nullShare: number): Partition {
  const n = Math.floor(next() * 400);
  const used = 1 + Math.floor(next() * symbolCount);
  const keys = Int32Array.from({ length: n }, () => (next() < nullShare ? -1 : Math.floor(next() * used)));
  const ranges: [number, number][] = [];
  if (next() < 0.4) ranges.push([0, n]);
  else {
    for (let at = 0; at < n;) {
      const lo = at + Math.floor(next() * 30);
      const hi = Math.min(n, lo + 1 + Math.floor(next() * 80));
      if (lo < n) ranges.push([lo, hi]);
      at = hi + 1;
    }
  }
  return { keys, ranges };
}

test('the newest row per key from posting lists and from keys matches a backwards walk, NULL keys included', () => {
  const seeded = new SeededRandom(40);
  const next = (): number => seeded.next();
  for (let round = 0; round < 300; round++) {
    const symbolCount = 1 + Math.floor(next() * 40);
    const nullShare = [0, 0.01, 0.3][round % 3];
    const parts = Array.from({ length: 1 + Math.floor(next() * 5) }, () => randomPartition(next, symbolCount, nullShare));
    const expected = naive(parts, symbolCount);
    const byPostings = new LatestKeys(symbolCount);
    const byKeys = new LatestKeys(symbolCount);
    parts.forEach((p, k) => {
      const postings = buildPostings(p.keys, p.keys.length, symbolCount);
      assert.deepEqual([...byPostings.fromPostings(postings, p.ranges)], [...expected[k]], `round ${round} partition ${k} (postings)`);
      assert.deepEqual([...byKeys.fromKeys(p.keys, p.ranges)], [...expected[k]], `round ${round} partition ${k} (keys)`);
    });
    const all = new Set(parts.flatMap((p) => p.ranges.flatMap(([lo, hi]) => [...p.keys.subarray(lo, hi)])));
    assert.equal(byPostings.done, all.size === symbolCount + 1, `round ${round}`);
    assert.equal(byKeys.done, all.size === symbolCount + 1, `round ${round}`);
  }
});

test('keys noted from rows read otherwise are not taken again', () => {
  const latest = new LatestKeys(3);
  latest.note(Int32Array.of(2, -1, 2), 3);
  const keys = Int32Array.of(0, 1, 2, -1, 1);
  assert.deepEqual([...latest.fromKeys(keys, [[0, 5]])], [4, 0]);
  assert.equal(latest.done, true);
});

test('a walk missing only the NULL key passes by the partitions whose lists were seen without NULL, also once the lists are evicted', async () => {
  const dir = tempDir();
  try {
    // A cache too small to keep anything: only the NULL counts (facts) outlive a read.
    const engine = await openEngine(dir, { cacheBytes: 1 });
    await engine.createTable({ name: 't', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 's', type: Types.SYMBOL }], timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('t');
    const day = 86_400_000_000;
    const rows: (string | number | null)[][] = [];
    for (let d = 0; d < 10; d++) for (let k = 0; k < 5; k++) rows.push([d * day + k * 1000, `k${k}`]);
    await w.append(makeBatch([Types.TIMESTAMP, Types.SYMBOL], rows));
    await w.commit();
    await w.close();
    const latest = async (): Promise<{ rows: unknown[][]; misses: number }> => {
      const before = engine.cache.misses;
      const r = engine.openReader('t');
      try {
        const got = await readRows(r, { columns: [0, 1], reverse: true, latestBy: 1 });
        return { rows: got, misses: engine.cache.misses - before };
      } finally {
        r.close();
      }
    };
    const first = await latest(), second = await latest();
    assert.deepEqual(first.rows.map((r) => r[1]), ['k4', 'k3', 'k2', 'k1', 'k0']);
    assert.deepEqual(second.rows, first.rows);
    assert.ok(second.misses * 5 < first.misses, `second walk read ${second.misses} entries, the first ${first.misses}`);
    // A NULL key in the oldest partition is still found (its list was seen with one).
    const w2 = await engine.openWriter('t');
    await w2.append(makeBatch([Types.TIMESTAMP, Types.SYMBOL], [[9 * day + 10_000, 'k0']]));
    await w2.commit();
    await w2.close();
    const all = await latest();
    assert.equal(all.rows.length, 5);
    const w3 = await engine.openWriter('t');
    await w3.append(makeBatch([Types.TIMESTAMP, Types.SYMBOL], [[500, null]]));
    await w3.commit();
    await w3.close();
    await latest();
    const withNull = await latest();
    assert.deepEqual(withNull.rows.map((r) => r[1]), ['k0', 'k4', 'k3', 'k2', 'k1', null]);
    await engine.stop();
  } finally {
    removeDir(dir);
  }
});
