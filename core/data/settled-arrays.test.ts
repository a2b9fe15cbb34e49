import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSettled, isSettledFloats, settle, settledOrigin } from './settled-arrays';

test('a settled array is its own origin; a subarray of it finds the array and its first element', () => {
  const a = new Float64Array(new SharedArrayBuffer(8 * 100));
  settle(a);
  assert.deepEqual(settledOrigin(a), { array: a, offset: 0 });
  const view = a.subarray(30, 70);
  assert.equal(isSettled(view), false, 'a view is not settled itself: memos stay with the array');
  assert.deepEqual(settledOrigin(view), { array: a, offset: 30 });
  assert.deepEqual(settledOrigin(view.subarray(5, 6)), { array: a, offset: 35 });
  assert.deepEqual(settledOrigin(a.subarray(100)), { array: a, offset: 100 }, 'an empty view at the end');
});

test('two settled arrays on one buffer: a view finds the one it lies in', () => {
  const buffer = new ArrayBuffer(4 * 64);
  const low = new Float32Array(buffer, 0, 32), high = new Float32Array(buffer, 4 * 32, 32);
  settle(low);
  settle(high);
  assert.deepEqual(settledOrigin(high.subarray(3, 9)), { array: high, offset: 3 });
  assert.deepEqual(settledOrigin(low.subarray(31)), { array: low, offset: 31 });
  assert.equal(settledOrigin(new Float32Array(buffer, 4 * 30, 4)), undefined, 'straddles both');
});

test('copies, views of unsettled arrays and other element types or alignments have no origin', () => {
  const a = Float64Array.from({ length: 16 }, (_x, i) => i);
  settle(a);
  assert.equal(settledOrigin(Float64Array.from(a)), undefined);
  assert.equal(settledOrigin(new Float64Array(16).subarray(2)), undefined);
  assert.equal(settledOrigin(new Int32Array(a.buffer, 8, 4)), undefined, 'another element type on the same bytes');
  assert.equal(settledOrigin(new Float32Array(a.buffer, 4, 2)), undefined);
  assert.equal(isSettledFloats(a), true);
  const ints = new Int32Array(8);
  settle(ints);
  assert.equal(isSettledFloats(ints), false);
  assert.deepEqual(settledOrigin(ints.subarray(2)), { array: ints, offset: 2 });
});
