import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LEVEL_VERBOSE_MARKER, LogLevel } from './log-level';
import { formatLine, formatMicros, nowMicros } from './log-line';

test('the line is <ISO µs>Z <marker> <source> <message>', () => {
  assert.equal(formatLine(Date.UTC(2023, 1, 24, 14, 59, 45) * 1000 + 76113, LogLevel.Advisory, 'server-main', 'Config:'),
    '2023-02-24T14:59:45.076113Z A server-main Config:');
});

test('every level has its one-letter marker', () => {
  const t = Date.UTC(2024, 0, 12, 18, 48, 53) * 1000 + 979197;
  const markers = [LogLevel.Advisory, LogLevel.Critical, LogLevel.Error, LogLevel.Info, LogLevel.Debug].map((l) => formatLine(t, l, 's', 'm').split(' ')[1]);
  assert.deepEqual(markers, ['A', 'C', 'E', 'I', 'D']);
});

test('the fraction always has six digits', () => {
  const second = Date.UTC(2024, 0, 1) * 1000;
  assert.equal(formatMicros(second), '2024-01-01T00:00:00.000000Z');
  assert.equal(formatMicros(second + 7), '2024-01-01T00:00:00.000007Z');
  assert.equal(formatMicros(second + 999_999), '2024-01-01T00:00:00.999999Z');
});

test('verbose markers print the level name', () => {
  assert.match(formatLine(0, LogLevel.Critical, 's', 'm', LEVEL_VERBOSE_MARKER), /Z CRITICAL s m$/);
});

test('the clock has microseconds and follows the wall clock', () => {
  const a = nowMicros();
  assert.ok(Math.abs(a / 1000 - Date.now()) < 50);
  assert.equal(Number.isInteger(a), true);
});
