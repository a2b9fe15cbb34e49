import assert from 'node:assert/strict';
import test from 'node:test';
import { PassThrough } from 'node:stream';
import { geohashType, Types } from '../../core/data/column-type';
import { fromExactLongs } from '../../core/data/exact-longs';
import { Vector } from '../../core/data/vector';
import { BackendWriter } from './backend-writer';
import { PgTimestampText } from './pg-timestamp-text';
import { textCellEncoder } from './text-cell-encoders';

/** Every row's DataRow value in text format; null for SQL NULL. */
export function textCells(v: Vector): (string | null)[] {
  const w = new BackendWriter(new PassThrough(), 1 << 20);
  const encode = textCellEncoder(v, new PgTimestampText());
  const out: (string | null)[] = [];
  for (let i = 0; i < v.data.length; i++) {
    w.pos = 0;
    encode(w, i);
    const n = w.buf.readInt32BE(0);
    out.push(n < 0 ? null : w.buf.toString('utf8', 4, 4 + n));
  }
  return out;
}

const exact = (type: Parameters<typeof fromExactLongs>[0], values: bigint[]): Vector => fromExactLongs(type, BigInt64Array.from(values));

test('a GEOHASH above 53 bits prints every one of its bits', () => {
  const ones60 = (1n << 60n) - 1n, pattern = 0b100001011001001010011110010010000110011001010110001000001110n;
  assert.deepEqual(textCells(exact(geohashType(60, false), [ones60, pattern, 1n, -1n])), [
    '1'.repeat(60), '100001011001001010011110010010000110011001010110001000001110', `${'0'.repeat(59)}1`, null]);
  // zbe6ycqewgb and u33d8b12x0jq are 55 and 60 bits: their last characters were lost through the double.
  const chars = (s: string): bigint => [...s].reduce((h, c) => (h << 5n) | BigInt('0123456789bcdefghjkmnpqrstuvwxyz'.indexOf(c)), 0n);
  assert.deepEqual(textCells(exact(geohashType(60, true), [chars('zzzzzzzzzzzz'), chars('u33d8b12x0jq'), -1n])), ['zzzzzzzzzzzz', 'u33d8b12x0jq', null]);
  assert.deepEqual(textCells(exact(geohashType(55, true), [chars('zbe6ycqewgb')])), ['zbe6ycqewgb']);
});

test('a GEOHASH of 53 bits or fewer prints from its double', () => {
  assert.deepEqual(textCells(exact(geohashType(20, true), [BigInt(0b11010000110001101100), -1n])), ['u33d', null]);
  assert.deepEqual(textCells(exact(geohashType(3, false), [5n, 0n])), ['101', '000']);
});

test('TIMESTAMP prints exactly beyond 2^53 µs: 9999-12-31T23:59:59.999999 is not rounded to the next second', () => {
  assert.deepEqual(textCells(exact(Types.TIMESTAMP, [253402300799999999n, 253402300799000001n, -9223372036854775807n])),
    ['9999-12-31 23:59:59.999999', '9999-12-31 23:59:59.000001', '290309-12-21 19:59:05.224193 BC']);
});

test('DATE prints its milliseconds and no more: 9999-12-31T23:59:59.999 has no stray microseconds', () => {
  assert.deepEqual(textCells(exact(Types.DATE, [253402300799999n, 253402300799001n, -1n])),
    ['9999-12-31 23:59:59.999', '9999-12-31 23:59:59.001', '1969-12-31 23:59:59.999']);
});

test('TIMESTAMP_NS prints its microseconds, as QuestDB does, exactly to the largest value', () => {
  assert.deepEqual(textCells(exact(Types.TIMESTAMP_NS, [9223372036854775807n, -9223372036854775807n, 1704067200123456789n, -1n, -9223372036854775808n])),
    ['2262-04-11 23:47:16.854775', '1677-09-21 00:12:43.145224', '2024-01-01 00:00:00.123456', '1969-12-31 23:59:59.999999', null]);
});

test('FLOAT -0.0 keeps its sign', () => {
  assert.deepEqual(textCells({ type: Types.FLOAT, data: Float32Array.of(-0, 0, -1.5) }), ['-0', '0', '-1.5']);
});
