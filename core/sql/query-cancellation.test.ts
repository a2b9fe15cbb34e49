import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvcError } from '../errors';
import { QueryCancellation } from './query-cancellation';

test('a passed deadline stops the query and aborts its signal', () => {
  const c = new QueryCancellation(new AbortController().signal, performance.now() - 1);
  assert.throws(() => c.check(), (e: unknown) => e instanceof SvcError && e.message === 'timeout, query aborted' && e.statusCode === 400);
  assert.equal(c.signal.aborted, true);
});

test('the caller aborting passes its reason on', () => {
  const outer = new AbortController();
  const c = new QueryCancellation(outer.signal);
  c.check();
  outer.abort(new SvcError('client closed the connection', 400));
  assert.equal(c.signal.aborted, true);
  assert.throws(() => c.check(), /client closed the connection/);
});

test('after dispose the caller no longer reaches the query', () => {
  const outer = new AbortController();
  const c = new QueryCancellation(outer.signal);
  c.dispose();
  outer.abort();
  assert.equal(c.signal.aborted, false);
});
