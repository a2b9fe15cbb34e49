import assert from 'node:assert/strict';
import test from 'node:test';
import { geohashType, Types } from '../../data/column-type';
import { VectorBuilder } from '../../data/vector-builder';
import { appendValue } from './append-value';
import { readValue, SqlValue } from './sql-value';

function roundTrip(type: ReturnType<typeof geohashType>, value: SqlValue): SqlValue {
  const b = new VectorBuilder(type, 1);
  appendValue(b, value);
  return readValue(b.build(), 0);
}

test('a hex string becomes the 256-bit LONG256 value, not a repeated byte', () => {
  assert.equal(roundTrip(Types.LONG256, '0x1a2b'), '0x1a2b');
});

test('a LONG widens into LONG256 as its least significant word', () => {
  assert.equal(roundTrip(Types.LONG256, 5), '0x05');
  assert.equal(roundTrip(Types.LONG256, -1), '0xffffffffffffffff');
});

test('text that is not a LONG256 is refused', () => {
  assert.throws(() => roundTrip(Types.LONG256, 'abc'), /inconvertible value/);
});

test('geohash text becomes the hash bits of the column precision', () => {
  assert.equal(roundTrip(geohashType(20, true), 'u33d'), 26 * 32768 + 3 * 1024 + 3 * 32 + 12);
  assert.throws(() => roundTrip(geohashType(20, true), 'u3'), /inconvertible value/);
});

test('timestamp text into DATE keeps its milliseconds, rounded down, also after 2255', () => {
  assert.equal(roundTrip(Types.DATE, '9999-12-31T23:59:59.999999Z'), 253402300799999);
  assert.equal(roundTrip(Types.DATE, '1969-12-31T23:59:59.9995Z'), -1);
});
