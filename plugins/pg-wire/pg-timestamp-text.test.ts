import assert from 'node:assert/strict';
import test from 'node:test';
import { parseIsoTimestamp } from '../../core/time/iso-timestamp';
import { PgTimestampText } from './pg-timestamp-text';

const text = (micros: number): string => {
  const buf = new Uint8Array(64);
  return Buffer.from(buf.subarray(0, new PgTimestampText().write(buf, 0, micros))).toString('latin1');
};
const us = (iso: string): number => parseIsoTimestamp(iso) as number;

test('timestamps print as PostgreSQL does: space, fraction only when set, trailing zeros dropped', () => {
  assert.equal(text(us('2024-01-02T03:04:05Z')), '2024-01-02 03:04:05');
  assert.equal(text(us('2024-01-02T03:04:05.5Z')), '2024-01-02 03:04:05.5');
  assert.equal(text(us('2024-01-02T03:04:05.123456Z')), '2024-01-02 03:04:05.123456');
  assert.equal(text(us('1969-12-31T23:59:59.999999Z')), '1969-12-31 23:59:59.999999');
});

test('years before 1 print as BC', () => {
  assert.equal(text(us('0000-01-01T00:00:00Z')), '0001-01-01 00:00:00 BC');
});
