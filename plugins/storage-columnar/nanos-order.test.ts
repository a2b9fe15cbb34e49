import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lowerBoundNanos, mergeOrderNanos, stableSortOrderNanos, upperBoundNanos } from './nanos-order';

test('rows sort by (µs, ns within) and keep insertion order on equal nanoseconds', () => {
  // Doubles of these nanoseconds would all be equal: only the pair tells them apart.
  const ts = Float64Array.of(5, 5, 4, 5, 5, 4);
  const sub = Uint16Array.of(3, 1, 999, 1, 0, 0);
  assert.deepEqual([...stableSortOrderNanos(ts, sub, 6)], [5, 2, 4, 1, 3, 0]);
  // Without sub-µs parts the plain sort applies (stable too).
  assert.deepEqual([...stableSortOrderNanos(Float64Array.of(2, 1, 2), Uint16Array.of(0, 0, 0), 3)], [1, 0, 2]);
});

test('merging committed and new rows compares the nanoseconds, committed rows first on ties', () => {
  const oldTs = Float64Array.of(1, 1, 2);
  const oldSub = Uint16Array.of(1, 5, 0);
  const newTs = Float64Array.of(9, 1, 1, 2);
  const newSub = Uint16Array.of(0, 0, 5, 0);
  // New rows are newTs[1..4); indexes >= 3 are new rows.
  assert.deepEqual([...mergeOrderNanos(oldTs, oldSub, 3, newTs, newSub, 1, 3)], [3, 0, 1, 4, 2, 5]);
});

test('binary search on (µs, ns within) finds exact first and past-last rows', () => {
  const ts = Float64Array.of(1, 1, 1, 2, 2);
  const sub = Uint16Array.of(0, 7, 7, 0, 3);
  assert.equal(lowerBoundNanos(ts, sub, 0, 5, 1, 7), 1);
  assert.equal(upperBoundNanos(ts, sub, 0, 5, 1, 7), 3);
  assert.equal(lowerBoundNanos(ts, sub, 0, 5, 2, 1), 4);
  assert.equal(upperBoundNanos(ts, sub, 0, 5, 0, 999), 0);
  assert.equal(lowerBoundNanos(ts, sub, 0, 5, 2, 4), 5);
});
