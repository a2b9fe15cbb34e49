import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatTimestampMicros, parseIsoTimestamp } from './iso-timestamp';
import { SampleClock } from './sample-clock';
import { timeZone } from './time-zone';

const ts = (s: string): number => parseIsoTimestamp(s) ?? NaN;
const fmt = formatTimestampMicros;
const zone = (n: string): NonNullable<ReturnType<typeof timeZone>> => {
  const z = timeZone(n);
  assert.ok(z);
  return z;
};

test('calendar alignment floors to whole strides', () => {
  const c = new SampleClock({ stride: { count: 1, unit: 'h' } });
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T00:40:00'))), '2025-03-01T00:00:00.000000Z');
  assert.equal(fmt(c.next(ts('2025-03-01T00:00:00'))), '2025-03-01T01:00:00.000000Z');
});

test('first-observation alignment counts from the first row', () => {
  const c = new SampleClock({ stride: { count: 1, unit: 'h' }, origin: ts('2025-03-01T00:05:00') });
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T00:40:00'))), '2025-03-01T00:05:00.000000Z');
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T01:10:00'))), '2025-03-01T01:05:00.000000Z');
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T03:50:00'))), '2025-03-01T03:05:00.000000Z');
});

test('a day in Europe/Berlin starts at 23:00 UTC in March', () => {
  const c = new SampleClock({ stride: { count: 1, unit: 'd' }, zone: zone('Europe/Berlin') });
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T00:05:00'))), '2025-02-28T23:00:00.000000Z');
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T03:50:00'))), '2025-02-28T23:00:00.000000Z');
});

test('DST days are 23 hours long in local-calendar buckets', () => {
  const c = new SampleClock({ stride: { count: 1, unit: 'd' }, zone: zone('Europe/Berlin') });
  const start = c.bucketOf(ts('2025-03-30T12:00:00'));
  assert.equal(fmt(start), '2025-03-29T23:00:00.000000Z');
  assert.equal(fmt(c.next(start)), '2025-03-30T22:00:00.000000Z');
});

test('WITH OFFSET moves the boundaries', () => {
  const c = new SampleClock({ stride: { count: 1, unit: 'd' }, offsetMicros: 2 * 3_600_000_000 });
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T01:10:00'))), '2025-02-28T02:00:00.000000Z');
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T03:20:00'))), '2025-03-01T02:00:00.000000Z');
});

test('sub-day strides with a zone stay evenly spaced', () => {
  const c = new SampleClock({ stride: { count: 1, unit: 'h' }, zone: zone('Asia/Kolkata') }, ts('2025-01-01'));
  assert.equal(fmt(c.bucketOf(ts('2025-03-01T00:40:00'))), '2025-03-01T00:30:00.000000Z');
});
