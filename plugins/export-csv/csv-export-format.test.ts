import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayType, ColumnType, geohashType, TypeTag, Types } from '../../core/data/column-type';
import { VectorBuilder } from '../../core/data/vector-builder';
import { fromExactLongs } from '../../core/data/exact-longs';
import { csvExportFormat } from './csv-export-format';
import { MemoryResultSet } from './memory-result-set';

async function csv(result: MemoryResultSet, query = ''): Promise<string> {
  const options = csvExportFormat.parseOptions(new URLSearchParams(query));
  const parts: Buffer[] = [];
  for await (const c of csvExportFormat.serialize(result, options, new AbortController().signal)) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
}

function one(type: ColumnType, fill: (b: VectorBuilder) => void): MemoryResultSet {
  const b = new VectorBuilder(type);
  fill(b);
  const v = b.build();
  return new MemoryResultSet([{ name: 'x', type }], [{ rowCount: b.length, vectors: [v] }]);
}

test('the header quotes names and every line ends with CRLF', async () => {
  const r = one(Types.INT, (b) => b.appendNumber(1));
  assert.equal(await csv(r), '"x"\r\n1\r\n');
});

test('nm=true leaves out the header line', async () => {
  assert.equal(await csv(one(Types.INT, (b) => b.appendNumber(7)), 'nm=true'), '7\r\n');
});

test('nulls are empty fields except GEOHASH which prints null', async () => {
  assert.equal(await csv(one(Types.INT, (b) => b.appendNull()), 'nm=true'), '\r\n');
  assert.equal(await csv(one(Types.DOUBLE, (b) => b.appendNull()), 'nm=true'), '\r\n');
  assert.equal(await csv(one(Types.VARCHAR, (b) => b.appendNull()), 'nm=true'), '\r\n');
  assert.equal(await csv(one(geohashType(20, true), (b) => b.appendNull()), 'nm=true'), 'null\r\n');
});

test('doubles print the shortest text with .0 for integral values', async () => {
  const r = one(Types.DOUBLE, (b) => { for (const x of [100, 0.1, 53.27, -2.5, 1e20, 1.5e-7, 0]) b.appendNumber(x); });
  assert.equal(await csv(r, 'nm=true'), '100.0\r\n0.1\r\n53.27\r\n-2.5\r\n1.0E20\r\n1.5E-7\r\n0.0\r\n');
});

test('floats print the shortest float text', async () => {
  assert.equal(await csv(one(Types.FLOAT, (b) => b.appendNumber(Math.fround(0.1))), 'nm=true'), '0.1\r\n');
});

test('timestamps and dates are quoted ISO text', async () => {
  assert.equal(await csv(one(Types.TIMESTAMP, (b) => b.appendNumber(1704067200000001)), 'nm=true'), '"2024-01-01T00:00:00.000001Z"\r\n');
  assert.equal(await csv(one(Types.DATE, (b) => b.appendNumber(1104796800000)), 'nm=true'), '"2005-01-04T00:00:00.000Z"\r\n');
});

test('text is quoted with quotes doubled and control characters escaped', async () => {
  const r = one(Types.VARCHAR, (b) => b.appendString('a"b\\c\nd\te\u0001'));
  assert.equal(await csv(r, 'nm=true'), '"a""b\\\\c\\nd\\te\\u0001"\r\n');
});

test('a CHAR that would break the line is escaped', async () => {
  const r = one(Types.CHAR, (b) => { b.appendString('a'); b.appendString(','); b.appendString('"'); b.appendNull(); });
  assert.equal(await csv(r, 'nm=true'), 'a\r\n","\r\n""""\r\n\r\n');
});

test('symbols, booleans, LONG beyond 2^53, IPv4 and UUID print as QuestDB does', async () => {
  assert.equal(await csv(one(Types.SYMBOL, (b) => { b.appendString('s1'); b.appendNull(); }), 'nm=true'), '"s1"\r\n\r\n');
  assert.equal(await csv(one(Types.BOOLEAN, (b) => { b.appendNumber(1); b.appendNumber(0); }), 'nm=true'), 'true\r\nfalse\r\n');
  assert.equal(await csv(one(Types.LONG, (b) => b.appendBigInt(9223372036854775807n)), 'nm=true'), '9223372036854775807\r\n');
  assert.equal(await csv(one(Types.IPV4, (b) => b.appendNumber((10 << 24) | 1)), 'nm=true'), '10.0.0.1\r\n');
  const uuid = Buffer.alloc(16);
  uuid.writeBigUInt64LE(0x9a312b3b0b8e1c1an, 0);
  uuid.writeBigUInt64LE(0x0c4e51bf7c4743f3n, 8);
  assert.equal(await csv(one(Types.UUID, (b) => b.appendBytes(uuid)), 'nm=true'), '0c4e51bf-7c47-43f3-9a31-2b3b0b8e1c1a\r\n');
});

test('arrays are quoted bracket lists', async () => {
  const t = arrayType(TypeTag.DOUBLE, 1);
  const r = new MemoryResultSet([{ name: 'a', type: t }], [{
    rowCount: 1,
    vectors: [{ type: t, data: new Float64Array([1, 2.5]), offsets: new Int32Array([0, 2]) }],
  }]);
  assert.equal(await csv(r, 'nm=true'), '"[1.0,2.5]"\r\n');
});

test('a delimiter parameter changes the separator', async () => {
  const b1 = new VectorBuilder(Types.INT); b1.appendNumber(1);
  const b2 = new VectorBuilder(Types.INT); b2.appendNumber(2);
  const r = new MemoryResultSet([{ name: 'a', type: Types.INT }, { name: 'b', type: Types.INT }],
    [{ rowCount: 1, vectors: [b1.build(), b2.build()] }]);
  assert.equal(await csv(r, 'delimiter=%09'), '"a"\t"b"\r\n1\t2\r\n');
});

test('a delimiter of two characters is rejected', () => {
  assert.throws(() => csvExportFormat.parseOptions(new URLSearchParams('delimiter=ab')), /invalid delimiter/);
});

test('a LONG or TIMESTAMP is empty only at -2^63 itself, not at the neighbours its double rounds to', async () => {
  const exact = BigInt64Array.from([-9223372036854775808n, -9223372036854775807n, -9223372036854774784n]);
  const rows = (type: ColumnType): MemoryResultSet => new MemoryResultSet([{ name: 'x', type }], [{ rowCount: 3, vectors: [fromExactLongs(type, exact)] }]);
  assert.equal(await csv(rows(Types.LONG), 'nm=true'), '\r\n-9223372036854775807\r\n-9223372036854774784\r\n');
  assert.equal(await csv(rows(Types.TIMESTAMP), 'nm=true'), '\r\n"-290308-12-21T19:59:05.224193Z"\r\n"-290308-12-21T19:59:05.225216Z"\r\n');
  assert.equal(await csv(rows(Types.DATE), 'nm=true'), '\r\n"-292275055-05-16T16:47:04.193Z"\r\n"-292275055-05-16T16:47:05.216Z"\r\n');
});
