import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextRollMicros, parseLifeDuration, parseRollEvery } from './roll-schedule';

const us = (iso: string): number => Date.parse(iso) * 1000;

test('rollEvery takes minute, hour, day, month and year in any case; anything else never rolls', () => {
  assert.deepEqual(['minute', 'HOUR', 'Day', 'month', 'year'].map(parseRollEvery), ['minute', 'hour', 'day', 'month', 'year']);
  assert.equal(parseRollEvery('week'), undefined);
  assert.equal(nextRollMicros(us('2024-01-01T00:00:00Z'), undefined), Infinity);
});

test('the next boundary is the start of the next UTC unit', () => {
  const t = us('2024-02-29T13:45:30.5Z');
  assert.equal(nextRollMicros(t, 'minute'), us('2024-02-29T13:46:00Z'));
  assert.equal(nextRollMicros(t, 'hour'), us('2024-02-29T14:00:00Z'));
  assert.equal(nextRollMicros(t, 'day'), us('2024-03-01T00:00:00Z'));
  assert.equal(nextRollMicros(t, 'month'), us('2024-03-01T00:00:00Z'));
  assert.equal(nextRollMicros(us('2024-12-15T00:00:00Z'), 'month'), us('2025-01-01T00:00:00Z'));
  assert.equal(nextRollMicros(t, 'year'), us('2025-01-01T00:00:00Z'));
});

test('lifeDuration takes s, m, h, d, w, M and y', () => {
  assert.equal(parseLifeDuration('1M'), 30 * 86_400_000);
  assert.equal(parseLifeDuration('2d'), 2 * 86_400_000);
  assert.equal(parseLifeDuration('5m'), 300_000);
  assert.equal(parseLifeDuration('soon'), undefined);
});
