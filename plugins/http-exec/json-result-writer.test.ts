import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../core/data/column-batch';
import { arrayType, ColumnType, geohashType, Types, TypeTag } from '../../core/data/column-type';
import { LONG_NULL } from '../../core/data/null-values';
import { VectorBuilder } from '../../core/data/vector-builder';
import { JsonResultWriter } from './json-result-writer';
import { JsonSink } from './json-sink';

type Fill = (b: VectorBuilder) => void;

/** One column of `type`, its rows appended by `fill`; returns the dataset text of the serialized rows. */
function dataset(type: ColumnType, fill: Fill, quoteLargeNum = false): string {
  const b = new VectorBuilder(type, 4);
  fill(b);
  const batch: ColumnBatch = { rowCount: b.length, vectors: [b.build()] };
  const w = new JsonResultWriter([{ name: 'x', type }], [0], quoteLargeNum);
  const sink = new JsonSink();
  w.writeHead(sink, 'q', -1, true);
  w.writeRows(sink, batch, 0, batch.rowCount);
  w.writeTail(sink, { count: batch.rowCount });
  const body = sink.take().toString('utf8');
  return body.slice('{"dataset":'.length, body.indexOf(',"count"'));
}

function uuidBytes(hi: bigint, lo: bigint): Uint8Array {
  const b = Buffer.alloc(16);
  b.writeBigInt64LE(BigInt.asIntN(64, lo), 0);
  b.writeBigInt64LE(BigInt.asIntN(64, hi), 8);
  return b;
}

test('the head, rows and tail follow the fixed key order with count always present', () => {
  const a = new VectorBuilder(Types.INT);
  a.appendNumber(1);
  a.appendNumber(2);
  const w = new JsonResultWriter([{ name: 'a', type: Types.INT }], [0], false);
  const sink = new JsonSink();
  w.writeHead(sink, 'select "a"', 0, false);
  w.writeRows(sink, { rowCount: 2, vectors: [a.build()] }, 0, 2);
  w.writeTail(sink, { count: 2, timings: { authentication: 1n, compiler: 2n, execute: 3n, count: 0n }, jitCompiled: false });
  assert.equal(sink.take().toString('utf8'),
    '{"query":"select \\"a\\"","columns":[{"name":"a","type":"INT"}],"timestamp":0,"dataset":[[1],[2]],"count":2,'
    + '"timings":{"authentication":1,"compiler":2,"execute":3,"count":0},"explain":{"jitCompiled":false}}');
});

test('an error after streaming began closes the document with count, error and errorPos', () => {
  const a = new VectorBuilder(Types.INT);
  a.appendNumber(7);
  const w = new JsonResultWriter([{ name: 'a', type: Types.INT }], [0], false);
  const sink = new JsonSink();
  w.writeHead(sink, 'q', -1, true);
  w.writeRows(sink, { rowCount: 1, vectors: [a.build()] }, 0, 1);
  w.writeErrorTail(sink, { count: 1 }, 'timeout, query aborted', 0);
  assert.equal(sink.take().toString('utf8'), '{"dataset":[[7]],"count":1,"error":"timeout, query aborted", "errorPos":0}');
});

test('array columns describe their dimensions and element type', () => {
  const w = new JsonResultWriter([{ name: 'arr', type: arrayType(TypeTag.DOUBLE, 2) }], [0], false);
  const sink = new JsonSink();
  w.writeHead(sink, 'q', -1, false);
  assert.match(sink.take().toString('utf8'), /"columns":\[\{"name":"arr","type":"ARRAY","dim":2,"elemType":"DOUBLE"\}\]/);
});

test('BOOLEAN, BYTE and SHORT print bare values', () => {
  assert.equal(dataset(Types.BOOLEAN, (b) => { b.appendNumber(1); b.appendNumber(0); }), '[[true],[false]]');
  assert.equal(dataset(Types.SHORT, (b) => { b.appendNumber(-12); b.appendNumber(0); }), '[[-12],[0]]');
});

test('INT prints its digits and INT_MIN as null', () => {
  assert.equal(dataset(Types.INT, (b) => { b.appendNumber(2147483647); b.appendNull(); b.appendNumber(-5); }), '[[2147483647],[null],[-5]]');
});

test('LONG stays exact beyond 2^53 and quotes with quoteLargeNum', () => {
  assert.equal(dataset(Types.LONG, (b) => { b.appendNumber(42); b.appendNull(); }), '[[42],[null]]');
  assert.equal(dataset(Types.LONG, (b) => { b.appendBigInt(9223372036854775807n); b.appendBigInt(-9007199254740993n); b.appendNull(); }),
    '[[9223372036854775807],[-9007199254740993],[null]]');
  assert.equal(dataset(Types.LONG, (b) => { b.appendNumber(42); b.appendNull(); }, true), '[["42"],[null]]');
  assert.equal(dataset(Types.LONG, (b) => { b.appendNumber(123456789012345); }), '[[123456789012345]]');
});

test('DOUBLE prints Java-style text: a fraction always, exponent outside 1e-3..1e7, NaN as null', () => {
  assert.equal(dataset(Types.DOUBLE, (b) => {
    for (const v of [10.5, 100, 0.1, -3.25, 1234567.5, 1e7, 1.5e-4, NaN, Infinity, 0, 0.30000000000000004, 45.23, 1e21, 0.001]) b.appendNumber(v);
  }), '[[10.5],[100.0],[0.1],[-3.25],[1234567.5],[1.0E7],[1.5E-4],[null],[null],[0.0],[0.30000000000000004],[45.23],[1.0E21],[0.001]]');
});

test('FLOAT prints its shortest 32-bit digits', () => {
  assert.equal(dataset(Types.FLOAT, (b) => { b.appendNumber(0.1); b.appendNumber(3); b.appendNull(); }), '[[0.1],[3.0],[null]]');
});

test('TIMESTAMP prints 6 fraction digits and DATE 3, nulls as null', () => {
  assert.equal(dataset(Types.TIMESTAMP, (b) => { b.appendNumber(1_704_067_200_000_001); b.appendNull(); }), '[["2024-01-01T00:00:00.000001Z"],[null]]');
  assert.equal(dataset(Types.DATE, (b) => { b.appendNumber(1_485_907_680_000); b.appendNull(); }), '[["2017-02-01T00:08:00.000Z"],[null]]');
});

test('CHAR prints a one-character string and its null as an empty string', () => {
  assert.equal(dataset(Types.CHAR, (b) => { b.appendString('a'); b.appendNull(); b.appendString('"'); }), '[["a"],[""],["\\""]]');
});

test('strings are escaped from their UTF-8 bytes and non-ASCII stays raw', () => {
  assert.equal(dataset(Types.VARCHAR, (b) => { b.appendString('a"b\\c\n\r\t\b\f\u0001é€😀'); b.appendNull(); b.appendString(''); }),
    '[["a\\"b\\\\c\\n\\r\\t\\b\\f\\u0001é€😀"],[null],[""]]');
  assert.equal(dataset(Types.STRING, (b) => { b.appendString('x'); }), '[["x"]]');
});

test('SYMBOL prints its dictionary value and null', () => {
  assert.equal(dataset(Types.SYMBOL, (b) => { b.appendString('BTC-USD'); b.appendNull(); b.appendString('BTC-USD'); b.appendString('a"b'); }),
    '[["BTC-USD"],[null],["BTC-USD"],["a\\"b"]]');
});

test('BINARY is always an empty array', () => {
  assert.equal(dataset(Types.BINARY, (b) => { b.appendBytes(new Uint8Array([1, 2])); b.appendNull(); }), '[[[]],[[]]]');
});

test('IPv4 prints a dotted quad and 0.0.0.0 as null', () => {
  assert.equal(dataset(Types.IPV4, (b) => { b.appendNumber(0x0a000001); b.appendNumber(-1); b.appendNull(); }), '[["10.0.0.1"],["255.255.255.255"],[null]]');
});

test('UUID prints the canonical form and the null', () => {
  assert.equal(dataset(Types.UUID, (b) => {
    b.appendBytes(uuidBytes(0x0c4e51bf7c4743f3n, 0x9a312b3b0b8e1c1an));
    b.appendNull();
  }), '[["0c4e51bf-7c47-43f3-9a31-2b3b0b8e1c1a"],[null]]');
});

test('LONG256 prints minimal even-length hex and the null as an empty string', () => {
  const v = Buffer.alloc(32);
  v.writeBigUInt64LE(0x1a2bn, 0);
  const big = Buffer.alloc(32);
  big.writeBigUInt64LE(1n, 0);
  big.writeBigUInt64LE(0xabcn, 24);
  assert.equal(dataset(Types.LONG256, (b) => { b.appendBytes(v); b.appendBytes(big); b.appendBytes(Buffer.alloc(32)); b.appendNull(); }),
    '[["0x1a2b"],["0x0abc000000000000000000000000000000000000000000000001"],["0x00"],[""]]');
});

test('GEOHASH prints base32 characters or bits per its declared precision', () => {
  // u33d = 26,3,3,12 in base32.
  const u33d = ((26 * 32 + 3) * 32 + 3) * 32 + 12;
  assert.equal(dataset(geohashType(20, true), (b) => { b.appendNumber(u33d); b.appendNull(); }), '[["u33d"],[null]]');
  assert.equal(dataset(geohashType(4, false), (b) => { b.appendNumber(5); }), '[["0101"]]');
});

test('INTERVAL prints both bounds with millisecond precision and a null low bound as null', () => {
  const data = new Float64Array([1_704_067_200_000_000, 1_704_153_600_123_456, LONG_NULL, LONG_NULL]);
  const w = new JsonResultWriter([{ name: 'i', type: Types.INTERVAL }], [0], false);
  const sink = new JsonSink();
  w.writeRows(sink, { rowCount: 2, vectors: [{ type: Types.INTERVAL, data }] }, 0, 2);
  assert.equal(sink.take().toString('utf8'), `["('2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.123Z')"],[null]`);
});

test('ARRAY prints nested arrays by shape and a null array as null', () => {
  const type = arrayType(TypeTag.DOUBLE, 2);
  const vector = {
    type, data: new Float64Array([1, 2, 3, 4.5, NaN]), offsets: new Int32Array([0, 4, 4, 5]),
    nulls: new Uint8Array([0, 1, 0]), shapes: new Int32Array([2, 2, 0, 0, 1, 1]),
  };
  const w = new JsonResultWriter([{ name: 'a', type }], [0], false);
  const sink = new JsonSink();
  w.writeRows(sink, { rowCount: 3, vectors: [vector] }, 0, 3);
  assert.equal(sink.take().toString('utf8'), '[[[1.0,2.0],[3.0,4.5]]],[null],[[[null]]]');
});

test('writeRows stops at a full chunk and resumes where it left off', () => {
  const b = new VectorBuilder(Types.VARCHAR);
  for (let i = 0; i < 100; i++) b.appendString('x'.repeat(100));
  const batch = { rowCount: 100, vectors: [b.build()] };
  const w = new JsonResultWriter([{ name: 'x', type: Types.VARCHAR }], [0], false);
  const sink = new JsonSink(1024);
  let row = 0;
  let chunks = 0;
  let text = '';
  while (row < 100) {
    row = w.writeRows(sink, batch, row, 100);
    text += sink.take().toString('utf8');
    chunks++;
  }
  assert.ok(chunks > 5, `chunks ${chunks}`);
  assert.equal(text, Array.from({ length: 100 }, () => `["${'x'.repeat(100)}"]`).join(','));
});
