import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcError } from '../errors';
import { RunningQueries } from './running-queries';

test('a query runs under its own id or a made-up one, and the id is free again when it ends', () => {
  const r = new RunningQueries();
  const a = r.start('q1', 'exec', 'select 1', () => undefined);
  assert.equal(r.get('q1'), a);
  assert.throws(() => r.start('q1', 'exec', 'select 2', () => undefined), /query_id is already in use \[query_id=q1\]/);
  const b = r.start(undefined, 'exp', 'select 3', () => undefined);
  assert.match(b.id, /^[0-9a-f]{16}$/);
  const c = r.start(undefined, 'exec', 'select 4', () => undefined);
  assert.match(c.id, /^[0-9a-f]{16}$/);
  assert.notEqual(c.id, b.id, 'made-up ids differ');
  r.end(c);
  r.end(a);
  assert.equal(r.get('q1'), undefined);
  assert.equal(r.size, 1);
});

test('cancel hands the query its reason; progress is JSON with the counters', () => {
  let reason: SvcError | undefined;
  const q = new RunningQueries().start('q2', 'exec', 'select x', (e) => { reason = e; });
  q.rowsScanned = 10;
  q.rowsReturned = 2;
  q.cancel();
  assert.equal(reason?.message, 'cancelled by user [query_id=q2]');
  assert.equal(reason?.statusCode, 400);
  const p: unknown = JSON.parse(q.toJson());
  assert.deepEqual({ ...(p as object), elapsedMs: 0 }, { query_id: 'q2', endpoint: 'exec', query: 'select x', rowsScanned: 10, rowsReturned: 2, elapsedMs: 0 });
});

test('a query_id must be 1-64 safe characters', () => {
  assert.equal(RunningQueries.parseId(null), undefined);
  assert.equal(RunningQueries.parseId('a.b:c-1_2'), 'a.b:c-1_2');
  assert.throws(() => RunningQueries.parseId('a b'), /invalid query_id/);
  assert.throws(() => RunningQueries.parseId('x'.repeat(65)), /invalid query_id/);
});
