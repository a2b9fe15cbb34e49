import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bucketStarts, TimeBuckets } from './bucket-starts';

const hours: TimeBuckets = { bucketOf: (t) => Math.floor(t / 3600) * 3600, next: (b) => b + 3600 };

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
}

test('selected rows get their bucket starts: dense and sparse selections, equal timestamps across a bucket edge', () => {
  const rnd = random(11);
  // Timestamps in steps of 0..900 s, runs of equal values included.
  const ts = new Float64Array(20_000);
  for (let i = 1; i < ts.length; i++) ts[i] = ts[i - 1] + (rnd() < 0.3 ? 0 : Math.floor(rnd() * 900));
  for (const density of [1, 0.5, 0.03, 0.001]) {
    const picked: number[] = [];
    for (let i = 0; i < ts.length; i++) if (rnd() < density) picked.push(i);
    const rows = Int32Array.from(picked);
    const out = new Float64Array(rows.length);
    bucketStarts(ts, rows, rows.length, ts.length, hours, out);
    rows.forEach((r, k) => assert.equal(out[k], hours.bucketOf(ts[r]), `density ${density}, row ${r}`));
  }
});

test('buckets of few and of many selected rows (read row by row, then galloped) give every row its bucket, sparse ends included', () => {
  const rnd = random(5);
  const minutes: TimeBuckets = { bucketOf: (t) => Math.floor(t / 60) * 60, next: (b) => b + 60 };
  // 1,000 rows a second-ish: one "host" every 10 rows, so a minute holds ~6 of its rows, or all rows for a dense pick.
  const ts = Float64Array.from({ length: 60_000 }, (_x, i) => Math.floor(i / 100) + (rnd() < 0.001 ? 0 : 0));
  for (const pick of [(i: number) => i % 10 === 3, (i: number) => i % 2 === 0, (i: number) => rnd() < 0.0005, () => true]) {
    const rows = Int32Array.from(Array.from({ length: ts.length }, (_x, i) => i).filter(pick));
    for (const b of [minutes, hours]) {
      const out = new Float64Array(rows.length);
      bucketStarts(ts, rows, rows.length, ts.length, b, out);
      rows.forEach((r, k) => assert.equal(out[k], b.bucketOf(ts[r]), `row ${r}`));
    }
  }
  bucketStarts(ts, new Int32Array(0), 0, ts.length, hours, new Float64Array(0));
});
