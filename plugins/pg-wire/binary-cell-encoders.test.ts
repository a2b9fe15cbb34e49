import assert from 'node:assert/strict';
import test from 'node:test';
import { PassThrough } from 'node:stream';
import { geohashType, Types } from '../../core/data/column-type';
import { fromExactLongs } from '../../core/data/exact-longs';
import { Vector } from '../../core/data/vector';
import { BackendWriter } from './backend-writer';
import { binaryCellEncoder } from './binary-cell-encoders';
import { PgTimestampText } from './pg-timestamp-text';

/** Every row's DataRow value in binary format; null for SQL NULL. */
function binaryCells(v: Vector): (Buffer | null)[] {
  const w = new BackendWriter(new PassThrough(), 1 << 20);
  const encode = binaryCellEncoder(v, new PgTimestampText());
  const out: (Buffer | null)[] = [];
  for (let i = 0; i < v.data.length; i++) {
    w.pos = 0;
    encode(w, i);
    const n = w.buf.readInt32BE(0);
    out.push(n < 0 ? null : Buffer.from(w.buf.subarray(4, 4 + n)));
  }
  return out;
}

/** timestamp_recv: int8 µs since 2000-01-01. */
const timestamps = (v: Vector): (bigint | null)[] => binaryCells(v).map((b) => (b === null ? null : b.readBigInt64BE(0)));
const exact = (type: Parameters<typeof fromExactLongs>[0], values: bigint[]): Vector => fromExactLongs(type, BigInt64Array.from(values));
const PG_EPOCH = 946684800000000n;

test('TIMESTAMP is sent exactly beyond 2^53 µs: 9999-12-31T23:59:59.999999 is not rounded', () => {
  const values = [253402300799999999n, -9223372036854775807n + PG_EPOCH, 1n, -1n, -9223372036854775808n];
  assert.deepEqual(timestamps(exact(Types.TIMESTAMP, values)), [...values.slice(0, 4).map((x) => x - PG_EPOCH), null]);
});

test('DATE is sent as its milliseconds × 1000, exactly to 9999-12-31T23:59:59.999', () => {
  const values = [253402300799999n, -62135596800000n, 1n, -1n];
  assert.deepEqual(timestamps(exact(Types.DATE, values)), values.map((x) => x * 1000n - PG_EPOCH));
});

test('TIMESTAMP_NS is sent as a timestamp of its microseconds (rounded down), exactly to the largest value', () => {
  const values = [9223372036854775807n, -9223372036854775807n, 1704067200123456789n, 1n, -1n];
  const floorMicros = (ns: bigint): bigint => (ns >= 0n ? ns / 1000n : -((-ns + 999n) / 1000n));
  assert.deepEqual(timestamps(exact(Types.TIMESTAMP_NS, values)), values.map((ns) => floorMicros(ns) - PG_EPOCH));
});

test('a GEOHASH above 53 bits is sent as the text of every one of its bits', () => {
  const pattern = 0b100001011001001010011110010010000110011001010110001000001110n;
  assert.deepEqual(binaryCells(exact(geohashType(60, false), [pattern, -1n])).map((b) => b?.toString('latin1') ?? null),
    ['100001011001001010011110010010000110011001010110001000001110', null]);
});

test('FLOAT -0.0 is sent with its sign bit', () => {
  assert.deepEqual(binaryCells({ type: Types.FLOAT, data: Float32Array.of(-0) }), [Buffer.from('80000000', 'hex')]);
});
