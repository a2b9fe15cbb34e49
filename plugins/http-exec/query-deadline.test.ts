import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QueryDeadline } from './query-deadline';

test('the deadline aborts with the timeout message after its time', async () => {
  const d = new QueryDeadline(new AbortController().signal, 30, process.hrtime.bigint(), 12);
  await new Promise((r) => setTimeout(r, 80));
  assert.ok(d.signal.aborted);
  assert.ok(d.timedOut);
  assert.match(d.timeoutError().message, /^timeout, query aborted \[fd=12, runtime=\d+ms, timeout=30ms\]$/);
  d.dispose();
});

test('a timeout beyond the timer range does not fire at once', async () => {
  const d = new QueryDeadline(new AbortController().signal, 999_999_999_999, process.hrtime.bigint(), 1);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(d.signal.aborted, false);
  d.dispose();
});

test('the client going away aborts the query without counting as a timeout', () => {
  const client = new AbortController();
  const d = new QueryDeadline(client.signal, 60_000, process.hrtime.bigint(), 1);
  client.abort();
  assert.ok(d.signal.aborted);
  assert.ok(d.clientGone);
  assert.equal(d.timedOut, false);
  d.dispose();
});
