import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Fingerprint } from './bench-queries';
import { timeRounds } from './bench-rounds';
import { distinctLabels, jointQueries, splitResults } from './bench-together';

const print: Fingerprint = { rows: 1, sum: 0, sumTs: 0 };

test('servers timed together: every round runs every query of every server once, in one shuffled order', async () => {
  const queries = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  const seen: string[] = [];
  const results = await timeRounds({
    queries: jointQueries(2, queries), runs: 3, interleave: true,
    first: async () => print,
    run: async (j) => { seen.push(`${j.server}:${j.query.id}`); },
  });
  assert.equal(seen.length, 18);
  for (let r = 0; r < 3; r++) {
    const round = seen.slice(6 * r, 6 * r + 6);
    assert.deepEqual([...round].sort(), ['0:a', '0:b', '0:c', '1:a', '1:b', '1:c'], `round ${r}`);
  }
  // The servers are mixed within a round, not one server's queries then the other's.
  const servers = [0, 1, 2].map((r) => seen.slice(6 * r, 6 * r + 6).map((x) => x[0]).join(''));
  assert.ok(servers.some((s) => s !== '000111' && s !== '111000'), servers.join(' '));
  const split = splitResults(2, queries, results);
  assert.deepEqual(split.map((s) => s.map((r) => r.id)), [['a', 'b', 'c'], ['a', 'b', 'c']]);
  assert.ok(split.every((s) => s.every((r) => r.times?.length === 3 && r.fingerprint === print)));
});

test('a server missing from the results is an error of its own, not a borrowed time', () => {
  const split = splitResults(2, [{ id: 'a' }], [{ id: '0/a', ms: 1, min: 1 }]);
  assert.equal(split[0][0].ms, 1);
  assert.equal(split[1][0].error, 'not timed');
});

test('a build given more than once is numbered from its second appearance', () => {
  assert.deepEqual(distinctLabels(['svc', 'svc base', 'svc', 'svc']), ['svc', 'svc base', 'svc #2', 'svc #3']);
});
