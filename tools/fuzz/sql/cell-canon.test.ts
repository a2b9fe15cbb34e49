/**
 * Timestamps as counts of their unit, across the whole TIMESTAMP range (beyond a JS Date's ±275760 years).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoToCount } from './cell-canon';

test('isoToCount reads the years a TIMESTAMP reaches beyond a Date', () => {
  // Long.MAX_VALUE µs is 294247-01-10T04:00:54.775807Z.
  assert.equal(isoToCount('294247-01-10T04:00:54.775807Z', 6), 9223372036854775807n);
  assert.equal(isoToCount('-290308-12-21T19:59:05.224193Z', 6), -9223372036854775807n);
  assert.equal(isoToCount('1970-01-01T00:00:00.000000001Z', 9), 1n);
  assert.equal(isoToCount('2024-01-01T00:00:00.123Z', 3), 1704067200123n);
  assert.equal(isoToCount('not a time', 6), undefined);
});
