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
