import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Aborted, raceAbort } from './abort-race';

test('the work wins when it finishes first', async () => {
  assert.equal(await raceAbort(Promise.resolve(7), new AbortController().signal), 7);
});

test('an abort wins over work that never finishes', async () => {
  const c = new AbortController();
  const pending = raceAbort(new Promise<number>(() => undefined), c.signal);
  c.abort();
  await assert.rejects(pending, Aborted);
});

test('work failing after the abort is not an unhandled rejection', async () => {
  const c = new AbortController();
  let fail: (e: Error) => void = () => undefined;
  const work = new Promise<number>((_, reject) => { fail = reject; });
  const raced = raceAbort(work, c.signal);
  c.abort();
  await assert.rejects(raced, Aborted);
  fail(new Error('late'));
  await new Promise((r) => setImmediate(r));
});
