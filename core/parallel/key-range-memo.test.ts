import assert from 'node:assert/strict';
import { test } from 'node:test';
import { settle } from '../data/settled-arrays';
import { keepRange, knownRange } from './key-range-memo';

test('a key range is kept only for a settled array probed over all of its rows, by scale', () => {
  const keys = Float64Array.of(1.5, 2, NaN, 7.25);
  const range = Float64Array.of(1.5, 7.25, 1);
  keepRange(keys, 4, 100, range);
  assert.equal(knownRange(keys, 4, 100), undefined, 'not settled: a pooled or scratch array may change');
  settle(keys);
  keepRange(keys, 3, 100, range);
  assert.equal(knownRange(keys, 3, 100), undefined, 'probed over part of the array only');
  keepRange(keys, 4, 100, range);
  assert.equal(knownRange(keys, 4, 100), range);
  assert.equal(knownRange(keys, 4, 10), undefined, 'another scale');
  assert.equal(knownRange(keys, 3, 100), undefined, 'a frame of fewer rows than the array');
  assert.equal(knownRange(keys.subarray(0, 4), 4, 100), undefined, 'a view is another array');
});
