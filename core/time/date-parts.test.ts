import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayOfWeek, dayOfWeekSundayFirst, extract, isoWeek, millis, micros } from './date-parts';
import { parseIsoTimestamp } from './iso-timestamp';

const ts = (s: string): number => parseIsoTimestamp(s) ?? NaN;

test('day of week: Monday is 1, Sunday 7; Sunday-first variant', () => {
  assert.equal(dayOfWeek(ts('2025-03-03')), 1);
  assert.equal(dayOfWeek(ts('2025-03-09T23:59:59')), 7);
  assert.equal(dayOfWeekSundayFirst(ts('2025-03-09')), 1);
  assert.equal(dayOfWeek(ts('1969-12-31')), 3);
});

test('ISO weeks cross year boundaries', () => {
  assert.deepEqual(isoWeek(ts('2021-01-03')), { week: 53, year: 2020 });
  assert.deepEqual(isoWeek(ts('2024-12-30')), { week: 1, year: 2025 });
});

test('extract fields follow PostgreSQL', () => {
  const t = ts('2025-03-01T15:43:21.127329');
  assert.equal(extract('year', t), 2025);
  assert.equal(extract('quarter', t), 1);
  assert.equal(extract('century', t), 21);
  assert.equal(extract('millennium', t), 3);
  assert.equal(extract('decade', t), 202);
  assert.equal(extract('doy', t), 60);
  assert.equal(extract('hour', t), 15);
  assert.equal(extract('milliseconds', t), 127);
  assert.equal(extract('microseconds', t), 127329);
  assert.equal(extract('nanoseconds', t), 127329000);
  assert.equal(extract('epoch', t), Math.floor(t / 1e6));
  assert.equal(millis(t), 127);
  assert.equal(micros(t), 329);
});
