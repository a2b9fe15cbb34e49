import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Data, Decimal, Field, Float64, Int64, makeData, TimeUnit, Timestamp, Utf8, vectorFromArray } from 'apache-arrow';
import { ColumnType, decimalType, typeName, Types } from '../../core/data/column-type';
import { decimalAt } from '../../core/data/decimal';
import { INT_NULL, LONG_NULL, LONG_NULL_BIG } from '../../core/data/null-values';
import { MemorySymbolTable } from '../../core/data/symbol-table';
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
