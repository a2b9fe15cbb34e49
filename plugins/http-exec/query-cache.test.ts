import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompiledQuery } from '../../core/sql/query-engine';
import { QueryCache } from './query-cache';

function statement(sql: string, valid: { ok: boolean } | null = { ok: true }): CompiledQuery {
  return { sql, kind: 'select', jitCompiled: false, reusable: valid === null ? undefined : () => valid.ok, execute: () => Promise.reject(new Error('not run')) };
}

test('a kept statement is taken out while it runs and comes back when put', () => {
  const cache = new QueryCache(4);
  const a = statement('select 1');
  cache.put(a);
  assert.equal(cache.size, 1);
  assert.equal(cache.take('select 1'), a);
  assert.equal(cache.take('select 1'), undefined, 'a second request plans its own');
  cache.put(a);
  assert.equal(cache.take('select 1'), a);
});

test('statements that cannot be reused, or whose tables changed, are not answered', () => {
  const cache = new QueryCache(4);
  cache.put(statement('insert', null));
  assert.equal(cache.size, 0);
  const valid = { ok: true };
  cache.put(statement('select * from t', valid));
  valid.ok = false;
  assert.equal(cache.take('select * from t'), undefined);
  assert.equal(cache.size, 0, 'a stale statement is dropped');
});

test('the least recently used statement goes first; capacity 0 keeps nothing', () => {
  const cache = new QueryCache(2);
  const [a, b, c] = ['a', 'b', 'c'].map((s) => statement(s));
  cache.put(a);
  cache.put(b);
  cache.put(a);
  cache.put(c);
  assert.equal(cache.size, 2);
  assert.equal(cache.take('b'), undefined);
  assert.equal(cache.take('a'), a);
  assert.equal(cache.take('c'), c);
  const none = new QueryCache(0);
  none.put(a);
  assert.equal(none.size, 0);
});
