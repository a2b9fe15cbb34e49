import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NumberHashIndex } from './number-hash-index';

test('equal keys get one id across batches and growth', () => {
  const index = new NumberHashIndex(16);
  let next = 0;
  const groups = new Int32Array(1000);
  const keys = Float64Array.from({ length: 1000 }, (_x, i) => (i % 300) / 4);
  index.assign(keys, 1000, groups, () => next++);
  assert.equal(next, 300);
  assert.equal(groups[0], groups[300]);
  index.assign(Float64Array.of(0.25, NaN, NaN), 3, groups, () => next++);
  assert.equal(groups[0], 1);
  assert.equal(groups[1], groups[2]);
  assert.equal(next, 301);
});
