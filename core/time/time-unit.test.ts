import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseIsoTimestamp } from './iso-timestamp';
import { addUnits, diffUnits, floorToStride, millisOfMicros, parseStride, truncateToUnit } from './time-unit';

const ts = (s: string): number => parseIsoTimestamp(s) ?? NaN;

test('strides parse with case-sensitive units', () => {
  assert.deepEqual(parseStride('15m'), { count: 15, unit: 'm' });
  assert.deepEqual(parseStride('1M'), { count: 1, unit: 'M' });
  assert.deepEqual(parseStride('-3d'), { count: -3, unit: 'd' });
  assert.deepEqual(parseStride('h'), { count: 1, unit: 'h' });
  assert.equal(parseStride('xx'), undefined);
});

test('adding a month clamps to the month end', () => {
  assert.equal(addUnits(ts('2024-01-31'), 'M', 1), ts('2024-02-29'));
  assert.equal(addUnits(ts('2024-03-31T10:00:00'), 'M', -1), ts('2024-02-29T10:00:00'));
  assert.equal(addUnits(ts('2024-02-29'), 'y', 1), ts('2025-02-28'));
  assert.equal(addUnits(ts('2024-01-01'), 'w', 2), ts('2024-01-15'));
});

test('datediff counts whole units either way round', () => {
  assert.equal(diffUnits(ts('2020-01-23'), ts('2020-01-27'), 'd'), 4);
  assert.equal(diffUnits(ts('2020-02-27'), ts('2020-01-23'), 'M'), 1);
  assert.equal(diffUnits(ts('2020-01-23'), ts('2020-02-22'), 'M'), 0);
  assert.equal(diffUnits(ts('2020-01-01'), ts('2023-06-01'), 'y'), 3);
});

test('timestamp_floor counts strides from the epoch or an origin', () => {
  assert.equal(floorToStride(ts('2018-01-01'), { count: 5, unit: 'd' }), ts('2017-12-30'));
  assert.equal(floorToStride(ts('2018-01-01'), { count: 5, unit: 'd' }, ts('2018-01-01')), ts('2018-01-01'));
  assert.equal(floorToStride(ts('2025-03-01T03:20:00'), { count: 1, unit: 'h' }), ts('2025-03-01T03:00:00'));
  assert.equal(floorToStride(ts('2025-05-17'), { count: 3, unit: 'M' }), ts('2025-04-01'));
  assert.equal(floorToStride(ts('2025-05-17'), { count: 1, unit: 'y' }), ts('2025-01-01'));
});

test('truncation to a calendar unit (weeks start on Monday)', () => {
  assert.equal(truncateToUnit(ts('2025-03-05T10:11:12'), 'w'), ts('2025-03-03'));
  assert.equal(truncateToUnit(ts('2025-03-05T10:11:12'), 'M'), ts('2025-03-01'));
  assert.equal(truncateToUnit(ts('2025-03-05T10:11:12'), 'h'), ts('2025-03-05T10:00:00'));
});

test('millisOfMicros rounds down exactly, for numbers and for bigints beyond 2^53', () => {
  assert.deepEqual([0, 999, 1000, -1, -1000, -1001, 9007199254740991].map(millisOfMicros), [0, 0, 1, -1, -1, -2, 9007199254740]);
  assert.deepEqual([253402300799999999n, -9223372036854775807n, 9223372036854775807n].map(millisOfMicros), [253402300799999, -9223372036854776, 9223372036854775]);
});
