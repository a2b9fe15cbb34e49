import assert from 'node:assert/strict';
import test from 'node:test';
import { decodeBinaryParameter } from './binary-parameters';
import { PgProtocolError } from './pg-protocol-error';
import { Oid } from '../sql-catalog/pg-type-oids';

const hex = (h: string): Buffer => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const i32 = (n: number): string => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b.toString('hex'); };

function codeOf(oid: number, bytes: Buffer): string {
  try {
    decodeBinaryParameter(bytes, oid, 0);
    return 'ok';
  } catch (e) {
    assert.ok(e instanceof PgProtocolError, `not a protocol error: ${String(e)}`);
    return e.code;
  }
}

const FIXED: readonly [string, number, number][] = [
  ['bool', Oid.BOOL, 1], ['int2', Oid.INT2, 2], ['int4', Oid.INT4, 4], ['oid', Oid.OID, 4], ['int8', Oid.INT8, 8],
  ['float4', Oid.FLOAT4, 4], ['float8', Oid.FLOAT8, 8], ['timestamp', Oid.TIMESTAMP, 8], ['timestamptz', Oid.TIMESTAMPTZ, 8],
  ['date', Oid.DATE, 4], ['uuid', Oid.UUID, 16],
];

test('every fixed-size decoder refuses fewer bytes (08P01) and more bytes (22P03) than its size', () => {
  for (const [name, oid, size] of FIXED) {
    assert.equal(codeOf(oid, Buffer.alloc(size)), 'ok', name);
    assert.equal(codeOf(oid, Buffer.alloc(0)), '08P01', `${name} empty`);
    assert.equal(codeOf(oid, Buffer.alloc(size - 1)), '08P01', `${name} short`);
    assert.equal(codeOf(oid, Buffer.alloc(size + 1)), '22P03', `${name} long`);
  }
});

test('timestamps past 2^53 µs stay exact; ±infinity and past a LONG are out of range; dates past a number too', () => {
  assert.equal(codeOf(Oid.TIMESTAMP, hex('7fffffffffffffff')), '22008', 'infinity');
  assert.equal(codeOf(Oid.TIMESTAMPTZ, hex('8000000000000000')), '22008', '-infinity');
  assert.equal(codeOf(Oid.TIMESTAMP, hex('7fffffffffff0000')), '22008', 'past a LONG since 1970');
  // 9999-12-31T23:59:59.999999 is 253402300799999999 µs since 1970; 946684800000000 µs from 1970 to 2000.
  const late = Buffer.alloc(8);
  late.writeBigInt64BE(253402300799999999n - 946684800000000n);
  assert.equal(decodeBinaryParameter(late, Oid.TIMESTAMP, 0), 253402300799999999n);
  assert.equal(codeOf(Oid.DATE, hex('7fffffff')), '22008');
});

test('numeric decodes to its exact text', () => {
  // 12345.678: weight 1, digits 1 2345 6780, scale 3
  assert.equal(decodeBinaryParameter(hex('0003 0001 0000 0003 0001 0929 1a7c'), Oid.NUMERIC, 0), '12345.678');
  assert.equal(decodeBinaryParameter(hex('0001 fffe 4000 0008 04d2'), Oid.NUMERIC, 0), '-0.00001234');
  assert.equal(decodeBinaryParameter(hex('0000 0000 0000 0002'), Oid.NUMERIC, 0), '0.00');
  assert.equal(decodeBinaryParameter(hex('0000 0000 c000 0000'), Oid.NUMERIC, 0), 'NaN');
  assert.equal(decodeBinaryParameter(hex('0001 0002 0000 0000 0007'), Oid.NUMERIC, 0), '700000000');
});

test('numeric with a lying digit count, a bad sign, digit or scale is a client error', () => {
  assert.equal(codeOf(Oid.NUMERIC, hex('0002 0000 0000 0000')), '08P01', 'ndigits=2 with no digits');
  assert.equal(codeOf(Oid.NUMERIC, hex('0001 00')), '08P01', 'header cut');
  assert.equal(codeOf(Oid.NUMERIC, hex('0001 0000 0000 0000 0001 00')), '22P03', 'a byte left over');
  assert.equal(codeOf(Oid.NUMERIC, hex('ffff 0000 0000 0000')), '22P03', 'negative digit count');
  assert.equal(codeOf(Oid.NUMERIC, hex('7fff 0000 0000 0000')), '22P03', 'more digits than numeric allows');
  assert.equal(codeOf(Oid.NUMERIC, hex('0000 0000 1234 0000')), '22P03', 'sign');
  assert.equal(codeOf(Oid.NUMERIC, hex('0001 0000 0000 0000 2710')), '22P03', 'digit 10000');
  assert.equal(codeOf(Oid.NUMERIC, hex('0000 0000 0000 c000')), '22P03', 'scale');
  assert.equal(codeOf(Oid.NUMERIC, hex('0001 7fff 0000 0000 0001')), '22003', 'weight');
});

test('text must be UTF-8; jsonb carries its version', () => {
  assert.equal(decodeBinaryParameter(Buffer.from('héllo'), Oid.TEXT, 0), 'héllo');
  assert.equal(codeOf(Oid.VARCHAR, hex('ff')), '22021');
  assert.equal(codeOf(Oid.TEXT, hex('c3')), '22021', 'a sequence cut in the middle');
  assert.equal(decodeBinaryParameter(hex('017b7d'), Oid.JSONB, 0), '{}');
  assert.equal(codeOf(Oid.JSONB, hex('027b7d')), '22P03');
  assert.equal(codeOf(Oid.INTERVAL, Buffer.alloc(16)), '0A000');
});

/** An array: ndim, flags, element OID, dims, then elements as hex (each with its length). */
function array(elementOid: number, dims: readonly number[], elements: readonly (string | null)[], flags = 0): Buffer {
  let h = i32(dims.length) + i32(flags) + i32(elementOid) + dims.map((d) => i32(d) + i32(1)).join('');
  for (const e of elements) h += e === null ? i32(-1) : i32(e.length / 2) + e;
  return hex(h);
}

test('arrays decode to their text form, element by element', () => {
  assert.equal(decodeBinaryParameter(array(Oid.INT4, [3], ['00000001', null, 'ffffffff']), 1007, 0), '{1,NULL,-1}');
  assert.equal(decodeBinaryParameter(array(Oid.FLOAT8, [2, 2], ['3ff0000000000000', '4000000000000000', '4008000000000000', '4010000000000000']), Oid.FLOAT8_ARRAY, 0), '{{1,2},{3,4}}');
  assert.equal(decodeBinaryParameter(array(Oid.TEXT, [2], [Buffer.from('a"b').toString('hex'), '']), 1009, 0), '{"a\\"b",""}');
  assert.equal(decodeBinaryParameter(array(Oid.INT4, [], []), 1007, 0), '{}');
});

test('arrays with a lying shape or element are client errors, checked before any element is read', () => {
  assert.equal(codeOf(1007, hex(i32(1) + i32(0))), '08P01', 'header cut');
  assert.equal(codeOf(1007, array(Oid.INT4, [1_000_000], [])), '08P01', 'a million elements, no bytes');
  assert.equal(codeOf(1007, array(Oid.INT4, [65536, 65536], [])), '54000', 'more elements than an array may have');
  assert.equal(codeOf(1007, hex(i32(7) + i32(0) + i32(Oid.INT4) + i32(1).repeat(14))), '54000', 'seven dimensions');
  assert.equal(codeOf(1007, hex(i32(-1) + i32(0) + i32(Oid.INT4))), '22P03', 'negative dimensions');
  assert.equal(codeOf(1007, array(Oid.INT4, [1], ['00000001'], 2)), '22P03', 'flags');
  assert.equal(codeOf(1007, array(Oid.INT4, [-1], [])), '22P03', 'negative extent');
  assert.equal(codeOf(1007, array(Oid.TEXT, [1], ['61'])), '42804', 'element type');
  assert.equal(codeOf(1007, array(Oid.INT4, [1], ['0001'])), '08P01', 'element shorter than int4');
  assert.equal(codeOf(1007, array(Oid.INT4, [1], ['0000000100'])), '22P03', 'element longer than int4');
  assert.equal(codeOf(1007, hex(array(Oid.INT4, [1], []).toString('hex') + i32(100) + '00')), '08P01', 'element length past the end');
  assert.equal(codeOf(1007, hex(array(Oid.INT4, [1], ['00000001']).toString('hex') + '00')), '22P03', 'a byte left over');
  assert.equal(codeOf(1231, array(Oid.NUMERIC, [1], ['00020000000000000'.slice(0, 16)])), '08P01', 'a lying numeric inside an array');
});
