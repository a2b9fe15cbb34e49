import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvcError } from '../../errors';
import { ExecContext } from '../plan';
import { QueryCancellation } from '../query-cancellation';
import { sortPermutation } from './permutation-sort';

function contextWith(cancellation: QueryCancellation): ExecContext {
  return { cancellation, signal: cancellation.signal } as unknown as ExecContext;
}

test('runs merged pass by pass give the order of one sort', async () => {
  const n = 100_000;
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = (i * 7919) % 1000;
  const cmp = (a: number, b: number): number => values[a] - values[b] || a - b;
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  const expected = Int32Array.from(perm).sort(cmp);
  const sorted = await sortPermutation(perm, n, cmp, contextWith(new QueryCancellation(new AbortController().signal)));
  assert.deepEqual(sorted, expected);
});

test('a cancelled query stops sorting', async () => {
  const outer = new AbortController();
  outer.abort(new SvcError('client closed the connection', 400));
  const perm = new Int32Array(100_000);
  await assert.rejects(sortPermutation(perm, perm.length, (a, b) => a - b, contextWith(new QueryCancellation(outer.signal))), /client closed the connection/);
});
