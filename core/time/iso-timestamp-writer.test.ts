import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDateMillis, formatTimestampMicros } from './iso-timestamp';
import { IsoTimestampWriter } from './iso-timestamp-writer';

function micros(w: IsoTimestampWriter, v: number): string {
  const buf = Buffer.alloc(64);
  return buf.subarray(0, w.micros(buf, 0, v)).toString('latin1');
}

test('the byte writer prints the same text as formatTimestampMicros across days, epochs and signs', () => {
  const w = new IsoTimestampWriter();
  for (const v of [0, 1, 999_999, 1_704_067_200_000_000, 1_704_067_199_999_999, -1, -86_400_000_001, 253_402_300_799_999_999, 1_451_606_400_123_456]) {
    assert.equal(micros(w, v), formatTimestampMicros(v), String(v));
  }
});

test('the byte writer prints DATE millis with 3 fraction digits', () => {
  const w = new IsoTimestampWriter();
  const buf = Buffer.alloc(64);
  for (const v of [1_485_907_680_000, 1_485_907_680_123, -1, 0]) {
    assert.equal(buf.subarray(0, w.millis(buf, 0, v)).toString('latin1'), formatDateMillis(v));
  }
  assert.equal(buf.subarray(0, w.millis(buf, 0, 1_485_907_680_000)).toString('latin1'), '2017-02-01T00:08:00.000Z');
});
