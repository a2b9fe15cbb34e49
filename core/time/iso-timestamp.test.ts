import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDateMillis, formatTimestampMicros, parseIsoTimestamp } from './iso-timestamp';

test('timestamps print with six fraction digits', () => {
  assert.equal(formatTimestampMicros(0), '1970-01-01T00:00:00.000000Z');
  assert.equal(formatTimestampMicros(Date.UTC(2024, 0, 1) * 1000 + 123), '2024-01-01T00:00:00.000123Z');
  assert.equal(formatTimestampMicros(-1), '1969-12-31T23:59:59.999999Z');
});

test('dates print with milliseconds', () => {
  assert.equal(formatDateMillis(Date.UTC(2017, 1, 1, 0, 8)), '2017-02-01T00:08:00.000Z');
});

test('formatting agrees with Date for a spread of instants', () => {
  for (let ms = -2e12; ms < 4e12; ms += 7.77e10) {
    const m = Math.round(ms);
    assert.equal(formatTimestampMicros(m * 1000), new Date(m).toISOString().replace('Z', '000Z'));
  }
});

test('the ISO timestamp forms parse', () => {
  const us = (iso: string): number => Date.parse(iso) * 1000;
  assert.equal(parseIsoTimestamp('2026-01-12T12:35:26.123456+01:30'), us('2026-01-12T11:05:26.123Z') + 456);
  assert.equal(parseIsoTimestamp('2026-01-12 12:35:26.123456-02:00'), us('2026-01-12T14:35:26.123Z') + 456);
  assert.equal(parseIsoTimestamp('2026-01-12T12:35:26.12345Z'), us('2026-01-12T12:35:26.123Z') + 450);
  assert.equal(parseIsoTimestamp('2026-01'), us('2026-01-01T00:00:00Z'));
  assert.equal(parseIsoTimestamp('2026'), us('2026-01-01T00:00:00Z'));
  assert.equal(parseIsoTimestamp('2025-03-01T03'), us('2025-03-01T03:00:00Z'));
  assert.equal(parseIsoTimestamp('2025-03-01T03:20+01'), us('2025-03-01T02:20:00Z'));
});

test('invalid timestamps are refused', () => {
  for (const s of ['abc', '2025-13-01', '2025-02-30', '2025-03-01T24:00', '2025-03-01;1h']) {
    assert.equal(parseIsoTimestamp(s), undefined, s);
  }
});
