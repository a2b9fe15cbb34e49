import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseIsoTimestamp } from './iso-timestamp';
import { timeZone, toLocal, toUtc } from './time-zone';

const ts = (s: string): number => parseIsoTimestamp(s) ?? NaN;
const HOUR = 3_600_000_000;

test('IANA zones follow daylight saving time', () => {
  const berlin = timeZone('Europe/Berlin');
  assert.ok(berlin);
  assert.equal(berlin.offsetAt(ts('2025-03-01T00:00:00Z')), HOUR);
  assert.equal(berlin.offsetAt(ts('2025-07-01T00:00:00Z')), 2 * HOUR);
});

test('fixed offsets and abbreviations are zones', () => {
  assert.equal(timeZone('+03:00')?.offsetAt(0), 3 * HOUR);
  assert.equal(timeZone('-0800')?.offsetAt(0), -8 * HOUR);
  assert.equal(timeZone('UTC')?.offsetAt(0), 0);
  assert.equal(timeZone('PST')?.offsetAt(ts('2025-01-15T00:00:00Z')), -8 * HOUR);
  assert.equal(timeZone('Not/AZone'), undefined);
});

test('to_timezone and to_utc are inverse away from transitions', () => {
  const z = timeZone('Europe/London');
  assert.ok(z);
  const u = ts('2024-10-21T10:00:00Z');
  assert.equal(toLocal(u, z), ts('2024-10-21T11:00:00Z'));
  assert.equal(toUtc(toLocal(u, z), z), u);
});

test('a wall time in the spring-forward gap moves forward', () => {
  const z = timeZone('Europe/Berlin');
  assert.ok(z);
  // 2025-03-30 02:30 does not exist in Berlin; it becomes 03:30 CEST = 01:30Z.
  assert.equal(toUtc(ts('2025-03-30T02:30:00Z'), z), ts('2025-03-30T01:30:00Z'));
});
