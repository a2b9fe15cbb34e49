import assert from 'node:assert/strict';
import test from 'node:test';
import { decodeParameters, parseBind } from './bind-message';
import { Types } from '../../core/data/column-type';
import { Oid } from '../sql-catalog/pg-type-oids';

/** A Bind body: portal, statement, format codes, values, result formats (PostgreSQL's layout). */
function bind(formats: number[], values: (Buffer | null)[], results: number[] = []): Buffer {
  const parts: Buffer[] = [Buffer.from('p\0s\0', 'latin1')];
  const i16 = (n: number): Buffer => { const b = Buffer.alloc(2); b.writeInt16BE(n); return b; };
  const i32 = (n: number): Buffer => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
  parts.push(i16(formats.length), ...formats.map(i16), i16(values.length));
  for (const v of values) parts.push(v === null ? i32(-1) : Buffer.concat([i32(v.length), v]));
  parts.push(i16(results.length), ...results.map(i16));
  return Buffer.concat(parts);
}

test('a Bind message names its portal, statement, formats and result formats', () => {
  const b = parseBind(bind([0], [Buffer.from('42')], [1]));
  assert.deepEqual([b.portal, b.statement, b.formats, b.resultFormats], ['p', 's', [0], [1]]);
});

test('binary parameters decode by their OID', () => {
  const int8 = Buffer.alloc(8); int8.writeBigInt64BE(-5n);
  const float8 = Buffer.alloc(8); float8.writeDoubleBE(1.5);
  const ts = Buffer.alloc(8); ts.writeBigInt64BE(1n);
  const date = Buffer.alloc(4); date.writeInt32BE(1);
  const uuid = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
  const values = decodeParameters(parseBind(bind([1], [Buffer.from([1]), int8, float8, ts, date, uuid, null])),
    [Oid.BOOL, Oid.INT8, Oid.FLOAT8, Oid.TIMESTAMP, Oid.DATE, Oid.UUID, Oid.INT4]);
  assert.deepEqual(values, [true, -5, 1.5, 946_684_800_000_001, 946_771_200_000, '00112233-4455-6677-8899-aabbccddeeff', null]);
});

test('text parameters stay text, except bytea hex which becomes bytes', () => {
  const values = decodeParameters(parseBind(bind([], [Buffer.from('t'), Buffer.from('\\x01ff')])), [0, Oid.BYTEA]);
  assert.deepEqual(values, ['t', new Uint8Array([1, 255])]);
});

test('a binary value of the wrong size is refused', () => {
  assert.throws(() => decodeParameters(parseBind(bind([1], [Buffer.from([0, 1])])), [Oid.INT4]), /insufficient data/);
});

test('a binary timestamp bound where the statement infers DATE or TIMESTAMP_NS is converted from µs to that unit', () => {
  // ParameterDescription advertises timestamp (int8 µs since 2000-01-01) for DATE and TIMESTAMP_NS slots alike.
  const micros = (us: bigint): Buffer => { const b = Buffer.alloc(8); b.writeBigInt64BE(us - 946_684_800_000_000n); return b; };
  const values = [micros(1n), micros(-1n), micros(253402300799999999n), micros(1704067200123456n), micros(253402300799999999n), micros(-1n)];
  const types = [Types.DATE, Types.DATE, Types.DATE, Types.TIMESTAMP_NS, Types.TIMESTAMP_NS, Types.TIMESTAMP];
  assert.deepEqual(decodeParameters(parseBind(bind([1], values)), types.map(() => Oid.TIMESTAMP), types),
    [0, -1, 253402300799999, 1704067200123456000n, 253402300799999999000n, -1]);
});
