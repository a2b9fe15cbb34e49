import assert from 'node:assert/strict';
import { test } from 'node:test';
import { timeTickLabels } from './time-ticks';

const t0 = Date.UTC(2024, 0, 1) / 1000;

test('hourly ticks show the time, and the date where the day changes', () => {
  assert.deepEqual(timeTickLabels([t0 + 18 * 3600, t0 + 21 * 3600, t0 + 24 * 3600], 3 * 3600), ['18:00\n2024-01-01', '21:00', '00:00\n2024-01-02']);
});

test('daily and monthly ticks show dates only; sub-second ticks show milliseconds', () => {
  assert.deepEqual(timeTickLabels([t0], 86_400), ['2024-01-01']);
  assert.deepEqual(timeTickLabels([t0], 40 * 86_400), ['2024-01']);
  assert.deepEqual(timeTickLabels([t0 + 0.25], 0.05), ['00:00:00.250\n2024-01-01']);
});
