import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Fingerprint } from './bench-queries';
import { timeRounds } from './bench-rounds';

const print: Fingerprint = { rows: 1, sum: 0, sumTs: 0 };

async function order(interleave: boolean): Promise<string[]> {
  const seen: string[] = [];
  await timeRounds({
    queries: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], runs: 2, interleave,
    first: async (q) => { seen.push(`first ${q.id}`); return print; },
    run: async (q) => { seen.push(q.id); },
  });
  return seen;
}

test('interleaved, every query is warmed once and then timed one run per round, each round starting one query later; in turn, back to back', async () => {
  assert.deepEqual(await order(true), ['first a', 'first b', 'first c', 'a', 'b', 'c', 'b', 'c', 'a']);
  assert.deepEqual(await order(false), ['first a', 'a', 'a', 'first b', 'b', 'b', 'first c', 'c', 'c']);
});

test('a query\'s time is the median of its timed runs, and a failing query stops running but not the others', async () => {
  const delays: Record<string, number[]> = { slow: [30, 1, 1], ok: [1, 1, 1] };
  let failed = 0;
  const results = await timeRounds({
    queries: [{ id: 'slow' }, { id: 'bad' }, { id: 'ok' }], runs: 3, interleave: true,
    first: async () => print,
    run: async (q) => {
      if (q.id === 'bad') { failed++; throw new Error('HTTP 400: no such table\nmore'); }
      await new Promise((r) => setTimeout(r, delays[q.id].shift()));
    },
  });
  const [slow, bad, ok] = results;
  assert.ok(slow.ms < 20, `median ${slow.ms} ignores the one slow run`);
  assert.equal(slow.times?.length, 3);
  assert.ok((slow.times?.[0] ?? 0) >= 25);
  assert.equal(bad.error, 'HTTP 400: no such table');
  assert.ok(Number.isNaN(bad.ms));
  assert.equal(failed, 1);
  assert.equal(ok.times?.length, 3);
  assert.equal(ok.fingerprint, print);
});
