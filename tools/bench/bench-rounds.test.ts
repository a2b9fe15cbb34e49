import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Fingerprint } from './bench-queries';
import { roundOrder, timeRounds } from './bench-rounds';

const print: Fingerprint = { rows: 1, sum: 0, sumTs: 0 };

async function order(interleave: boolean, warmups?: number): Promise<string[]> {
  const seen: string[] = [];
  await timeRounds({
    queries: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], runs: 2, interleave, warmups,
    first: async (q) => { seen.push(`first ${q.id}`); return print; },
    run: async (q) => { seen.push(q.id); },
  });
  return seen;
}

test('interleaved, every query is warmed once and then timed one run per round, in the round\'s order; in turn, back to back', async () => {
  const ids = ['a', 'b', 'c'];
  const rounds = [0, 1].map((k) => roundOrder(3, k).map((i) => ids[i]));
  assert.deepEqual(await order(true), ['first a', 'first b', 'first c', ...rounds[0], ...rounds[1]]);
  assert.deepEqual(await order(false), ['first a', 'a', 'a', 'first b', 'b', 'b', 'first c', 'c', 'c']);
});

test('extra warm-ups run untimed before the timed runs: in rounds of orders the timed rounds do not use, or back to back', async () => {
  const ids = ['a', 'b', 'c'];
  const warmRounds = [-1, -2].map((k) => roundOrder(3, k).map((i) => ids[i]));
  const rounds = [0, 1].map((k) => roundOrder(3, k).map((i) => ids[i]));
  assert.deepEqual(await order(true, 3), ['first a', 'first b', 'first c', ...warmRounds[0], ...warmRounds[1], ...rounds[0], ...rounds[1]]);
  assert.deepEqual(await order(false, 2), ['first a', 'a', 'a', 'a', 'first b', 'b', 'b', 'b', 'first c', 'c', 'c', 'c']);
  const results = await timeRounds({
    queries: [{ id: 'a' }], runs: 2, interleave: true, warmups: 4,
    first: async () => print,
    run: async () => undefined,
  });
  assert.equal(results[0].times?.length, 2, 'only the timed runs count');
});

test('in rounds, a minimum time adds rounds after the runs until the timed rounds have lasted it', async () => {
  let runs = 0;
  const results = await timeRounds({
    queries: [{ id: 'a' }, { id: 'b' }], runs: 2, interleave: true, minMs: 60,
    first: async () => print,
    run: async () => { runs++; await new Promise((r) => setTimeout(r, 5)); },
  });
  // A loaded machine stretches each 5 ms run, so the check is on the time the timed rounds lasted, not a count.
  const timedMs = results.reduce((sum, r) => sum + (r.times ?? []).reduce((a, b) => a + b, 0), 0);
  // 2 rounds of 2 five-ms runs last ~10 ms on an idle machine: the minimum adds rounds until ~60 ms have passed
  // (the runs themselves, less the little time between them).
  assert.ok(runs >= 4 && timedMs >= 50, `${runs} runs lasting ${timedMs} ms (at least 60 ms of rounds)`);
  assert.equal(results[0].times?.length, results[1].times?.length, 'whole rounds only');
  assert.equal(runs, (results[0].times?.length ?? 0) * 2);
});

test('each round is a permutation of the queries, the same in every run, and a query follows many different ones', () => {
  const n = 13, runs = 21;
  const before = new Map<number, Set<number>>();
  let previous = -1;
  for (let k = 0; k < runs; k++) {
    const order = roundOrder(n, k);
    assert.deepEqual([...order].sort((x, y) => x - y), Array.from({ length: n }, (_x, i) => i), `round ${k} is a permutation`);
    assert.deepEqual(roundOrder(n, k), order, 'the same order again');
    for (const q of order) {
      if (previous >= 0) (before.get(q) ?? before.set(q, new Set()).get(q) as Set<number>).add(previous);
      previous = q;
    }
  }
  // Starting each round one query later kept each query's predecessor in all but one round in thirteen.
  for (let q = 0; q < n; q++) assert.ok((before.get(q)?.size ?? 0) >= 8, `query ${q} follows ${before.get(q)?.size} different queries`);
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
