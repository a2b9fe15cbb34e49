import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSoundShape, soundShape } from './array-shape';

test('a shape is sound when its extents are at least 1 and multiply to the element count, or all 0 for no element', () => {
  assert.equal(isSoundShape([2, 3], 0, 2, 6), true);
  assert.equal(isSoundShape([0, 0, 0], 0, 3, 0), true);
  assert.equal(isSoundShape([2147483647, 2147483647, 0], 0, 3, 0), false);
  assert.equal(isSoundShape([3, 0], 0, 2, 0), false);
  assert.equal(isSoundShape([2, 3], 0, 2, 5), false);
  assert.equal(isSoundShape([-2, -3], 0, 2, 6), false);
});

test('an unsound shape becomes the empty one, or one row of every element', () => {
  const out = new Int32Array(3);
  assert.equal(soundShape([2147483647, 2147483647, 0], 0, 3, 0, out, 0), false);
  assert.deepEqual(Array.from(out), [0, 0, 0]);
  assert.equal(soundShape([7, 7, 7], 0, 3, 5, out, 0), false);
  assert.deepEqual(Array.from(out), [1, 1, 5]);
  assert.equal(soundShape([1, 5, 1], 0, 3, 5, out, 0), true);
  assert.deepEqual(Array.from(out), [1, 5, 1]);
});

test('a shape is made sound in place', () => {
  const shapes = Int32Array.from([2, 2, 65536, 65536]);
  soundShape(shapes, 2, 2, 0, shapes, 2);
  assert.deepEqual(Array.from(shapes), [2, 2, 0, 0]);
});
