import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Data, DataType, Decimal, Field, Float64, Int64, makeData, TimeUnit, Timestamp, Uint64, Utf8, vectorFromArray } from 'apache-arrow';
import { ColumnType, decimalType, typeName, Types } from '../../core/data/column-type';
import { decimalAt } from '../../core/data/decimal';
import { exactAt, isLongNull } from '../../core/data/exact-longs';
import { INT_NULL, LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { MemorySymbolTable } from '../../core/data/symbol-table';
import { Vector } from '../../core/data/vector';
import { ImportColumn } from '../../core/extension/import-format';
import { ArrowColumnConverter } from './arrow-column-converter';
import { columnTypeOf } from './parquet-columns';

function converter(type: ColumnType, field: Field, symbols?: MemorySymbolTable): ArrowColumnConverter {
  const column: ImportColumn = { name: 'c', type, fieldIndex: 0, patterns: [], symbols };
  const c = new ArrowColumnConverter(column, field, 16);
  c.check();
  return c;
}

test('timestamps of every unit become microseconds, nulls LONG_NULL', () => {
  const data = vectorFromArray([1000n, null], new Timestamp(TimeUnit.MILLISECOND, 'UTC') as never).data[0];
  const out = converter(Types.TIMESTAMP, new Field('c', data.type, true)).convert(data, 2);
  assert.deepEqual([...out.vector.data], [1_000_000, LONG_NULL]);
});

test('numbers narrow into INT with out-of-range values flagged, LONG keeps 64-bit values exactly', () => {
  const longs = vectorFromArray([1n, 3_000_000_000n, null, 9_007_199_254_740_993n], new Int64()).data[0];
  const asInt = converter(Types.INT, new Field('c', new Int64(), true)).convert(longs, 4);
  assert.deepEqual([...asInt.vector.data], [1, INT_NULL, INT_NULL, INT_NULL]);
  assert.deepEqual([...(asInt.bad ?? [])], [0, 1, 0, 1]);
  const asLong = converter(Types.LONG, new Field('c', new Int64(), true)).convert(longs, 4);
  assert.equal(asLong.bad, undefined);
  assert.equal(asLong.vector.exact?.[3], 9_007_199_254_740_993n);
  assert.throws(() => converter(Types.UUID, new Field('c', new Float64(), true)), /cannot import Parquet column c of type Float64 into column c of type UUID/);
});

test('strings copy into VARCHAR and convert through the CSV sinks into SYMBOL and IPv4', () => {
  const data = makeData({ type: new Utf8(), length: 3, nullCount: 0, valueOffsets: Int32Array.from([0, 8, 16, 17]), data: Buffer.from('10.0.0.110.0.0.2x') });
  const symbols = new MemorySymbolTable();
  const asSymbol = converter(Types.SYMBOL, new Field('c', new Utf8(), true), symbols).convert(data, 3);
  assert.deepEqual([...asSymbol.vector.data].map((k) => symbols.value(k)), ['10.0.0.1', '10.0.0.2', 'x']);
  const asIp = converter(Types.IPV4, new Field('c', new Utf8(), true)).convert(data, 3);
  assert.deepEqual([...asIp.vector.data.subarray(0, 2)], [0x0a000001, 0x0a000002]);
  assert.deepEqual([...(asIp.bad ?? [])], [0, 0, 1]);
  const asText = converter(Types.VARCHAR, new Field('c', new Utf8(), true)).convert(data, 3);
  assert.deepEqual([...(asText.vector.offsets ?? [])], [0, 8, 16, 17]);
});

test('TIMESTAMP_NS keeps every nanosecond; DECIMAL copies or rescales exactly and flags what does not fit', () => {
  const nanos = makeData({
    type: new Timestamp(TimeUnit.NANOSECOND, 'UTC'), length: 2, nullCount: 1, nullBitmap: new Uint8Array([1]),
    data: new BigInt64Array([1_704_067_200_123_456_789n, 0n]),
  } as never) as Data;
  const ns = converter(Types.TIMESTAMP_NS, new Field('c', nanos.type, true)).convert(nanos, 2);
  assert.deepEqual([...(ns.vector.exact ?? [])], [1_704_067_200_123_456_789n, LONG_NULL_BIG]);
  const millis = vectorFromArray([1000n], new Timestamp(TimeUnit.MILLISECOND, 'UTC') as never).data[0];
  assert.equal(converter(Types.TIMESTAMP_NS, new Field('c', millis.type, true)).convert(millis, 1).vector.data[0], 1_000_000_000);
  // decimal128(10, 2): 12.34, null, -0.05 as little-endian 32-bit words.
  const type = new Decimal(2, 10, 128);
  const words = new Uint32Array([1234, 0, 0, 0, 0, 0, 0, 0, 0xfffffffb, 0xffffffff, 0xffffffff, 0xffffffff]);
  const data = makeData({ type, length: 3, nullCount: 1, nullBitmap: new Uint8Array([0b101]), data: words } as never) as Data;
  const same = converter(decimalType(10, 2), new Field('c', type, true)).convert(data, 3);
  assert.deepEqual([0, 1, 2].map((i) => decimalAt(same.vector.data as Uint8Array, i)), [1234n, null, -5n]);
  const rescaled = converter(decimalType(2, 1), new Field('c', type, true)).convert(data, 3);
  assert.deepEqual([0, 1, 2].map((i) => decimalAt(rescaled.vector.data as Uint8Array, i)), [null, null, -1n]);
  assert.deepEqual([...(rescaled.bad ?? [])], [1, 0, 0]);
  assert.equal(typeName(columnTypeOf(new Field('c', type, true)) ?? Types.NULL), 'DECIMAL(10,2)');
});

/** A 64-bit Arrow column of `values` (null where undefined). */
function int64Data(type: DataType, values: readonly (bigint | undefined)[]): Data {
  const bitmap = new Uint8Array(Math.ceil(values.length / 8));
  values.forEach((v, i) => { if (v !== undefined) bitmap[i >> 3] |= 1 << (i & 7); });
  const nulls = values.filter((v) => v === undefined).length;
  return makeData({
    type, length: values.length, nullCount: nulls, nullBitmap: nulls > 0 ? bitmap : undefined,
    data: BigInt64Array.from(values, (v) => v ?? 0n),
  } as never) as Data;
}

/** Every row of a converted LONG-family vector as a bigint, null for NULL. */
function exactValues(v: Vector): (bigint | null)[] {
  return Array.from({ length: v.data.length }, (_, i) => (isLongNull(v, i) ? null : exactAt(v, i)));
}

test('LONG keeps -2^63 + 1 and every value near it; only -2^63 itself and nulls are NULL', () => {
  const values = [-9223372036854775807n, -9223372036854775000n, -9223372036854775808n, 9223372036854775807n, undefined, 5n];
  const out = converter(Types.LONG, new Field('c', new Int64(), true)).convert(int64Data(new Int64(), values), values.length);
  assert.equal(out.bad, undefined);
  assert.deepEqual(exactValues(out.vector), [-9223372036854775807n, -9223372036854775000n, null, 9223372036854775807n, null, 5n]);
  assert.equal(out.vector.data[0] === LONG_NULL, false);
});

test('an unsigned 64-bit column keeps values past 2^53 in LONG and flags those past 2^63 - 1', () => {
  const type = new Uint64();
  const data = makeData({ type, length: 2, nullCount: 0, data: BigUint64Array.from([9007199254740993n, 9223372036854775808n]) } as never) as Data;
  const out = converter(Types.LONG, new Field('c', type, true)).convert(data, 2);
  assert.deepEqual(exactValues(out.vector), [9007199254740993n, null]);
  assert.deepEqual([...(out.bad ?? [])], [0, 1]);
});

test('TIMESTAMP past 2^53 µs (after 2255) keeps every microsecond, from every unit', () => {
  const micros = int64Data(new Timestamp(TimeUnit.MICROSECOND, 'UTC'), [253402300799999999n, undefined, -62135596800000000n]);
  assert.deepEqual(exactValues(converter(Types.TIMESTAMP, new Field('c', micros.type, true)).convert(micros, 3).vector),
    [253402300799999999n, null, -62135596800000000n]);
  // Nanoseconds floor to µs: 2^63 - 1 ns, a value a double rounds up, and one before 1970.
  const nanos = int64Data(new Timestamp(TimeUnit.NANOSECOND, 'UTC'), [9223372036854775807n, 1704067200123456000n, -1n]);
  assert.deepEqual(exactValues(converter(Types.TIMESTAMP, new Field('c', nanos.type, true)).convert(nanos, 3).vector),
    [9223372036854775n, 1704067200123456n, -1n]);
  const seconds = int64Data(new Timestamp(TimeUnit.SECOND, 'UTC'), [253402300799n, 9223372036855n]);
  const s = converter(Types.TIMESTAMP, new Field('c', seconds.type, true)).convert(seconds, 2);
  assert.deepEqual(exactValues(s.vector), [253402300799000000n, null]);
  assert.deepEqual([...(s.bad ?? [])], [0, 1]);
});

test('DATE and TIMESTAMP_NS from 64-bit timestamps are exact too', () => {
  const millis = int64Data(new Timestamp(TimeUnit.MILLISECOND, 'UTC'), [9223372036854775807n, 253402300799999n]);
  assert.deepEqual(exactValues(converter(Types.DATE, new Field('c', millis.type, true)).convert(millis, 2).vector),
    [9223372036854775807n, 253402300799999n]);
  const micros = int64Data(new Timestamp(TimeUnit.MICROSECOND, 'UTC'), [1704067200123456n, -9223372036854775n, 9223372036854776n]);
  const ns = converter(Types.TIMESTAMP_NS, new Field('c', micros.type, true)).convert(micros, 3);
  assert.deepEqual(exactValues(ns.vector), [1704067200123456000n, -9223372036854775000n, null]);
  assert.deepEqual([...(ns.bad ?? [])], [0, 0, 1]);
  const nanos = int64Data(new Timestamp(TimeUnit.NANOSECOND, 'UTC'), [-9223372036854775807n, 9223372036854775807n, undefined]);
  assert.deepEqual(exactValues(converter(Types.TIMESTAMP_NS, new Field('c', nanos.type, true)).convert(nanos, 3).vector),
    [-9223372036854775807n, 9223372036854775807n, null]);
});
