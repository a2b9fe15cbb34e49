import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { ColumnCache } from './column-cache';

const vec = (n: number): { type: typeof Types.DOUBLE; data: Float64Array } => ({ type: Types.DOUBLE, data: new Float64Array(n) });

test('the cache evicts the least recently used columns beyond its byte limit', () => {
  const cache = new ColumnCache(2000);
  cache.get('a', '1', () => vec(100));
  cache.get('b', '1', () => vec(100));
  cache.get('a', '1', () => vec(100));
  cache.get('c', '1', () => vec(100));
  assert.equal(cache.usedBytes, 1600);
  let reloaded = false;
  cache.get('b', '1', () => { reloaded = true; return vec(100); });
  assert.ok(reloaded, 'b was the least recently used');
  assert.equal(cache.hits, 1);
});

test('a newer committed version of a file replaces the cached one', () => {
  const cache = new ColumnCache(1 << 20);
  const old = cache.get('a', '10', () => vec(10));
  const fresh = cache.get('a', '20', () => vec(20));
  assert.notEqual(old, fresh);
  assert.equal(cache.usedBytes, 160);
});

test('facts about files outlive evicted entries, answer only at their version, and go with their folder', () => {
  const cache = new ColumnCache(1000);
  cache.putFact('/t/d1/s#n', '10|0', 0);
  cache.putFact('/t/d2/s#n', '10|0', 3);
  cache.get('/t/d1/v', '1', () => vec(100));
  cache.get('/t/d2/v', '1', () => vec(100));
  assert.equal(cache.usedBytes, 800);
  assert.equal(cache.fact('/t/d1/s#n', '10|0'), 0);
  assert.equal(cache.fact('/t/d2/s#n', '10|0'), 3);
  assert.equal(cache.fact('/t/d1/s#n', '11|0'), undefined);
  cache.putFact('/t/d1/s#n', '11|0', 1);
  assert.equal(cache.fact('/t/d1/s#n', '10|0'), undefined);
  assert.equal(cache.fact('/t/d1/s#n', '11|0'), 1);
  cache.invalidate('/t/d2/');
  assert.equal(cache.fact('/t/d2/s#n', '10|0'), undefined);
  assert.equal(cache.fact('/t/d1/s#n', '11|0'), 1);
  cache.clear();
  assert.equal(cache.fact('/t/d1/s#n', '11|0'), undefined);
});
