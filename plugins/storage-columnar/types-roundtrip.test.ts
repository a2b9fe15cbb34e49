import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnType, Types, geohashType } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL } from '../../core/data/null-values';
import { Cell, makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

const uuid = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));

const TYPES: ColumnType[] = [
  Types.TIMESTAMP, Types.BOOLEAN, Types.BYTE, Types.SHORT, Types.CHAR, Types.INT, Types.LONG, Types.FLOAT, Types.DOUBLE,
  Types.DATE, Types.SYMBOL, Types.STRING, Types.VARCHAR, Types.UUID, Types.IPV4, Types.LONG256, Types.BINARY,
  geohashType(5, false), geohashType(15, false), geohashType(30, true), geohashType(60, true),
];

const ROWS: Cell[][] = [
  [1000, 1, -7, -300, 0x416, 42, 2 ** 40, 1.5, -0.0, 1_700_000_000_000, 'a', 'héllo', 'ДЖЕК', uuid('00112233445566778899aabbccddeeff'),
    0x0a000001, uuid('ff'.repeat(32)), Uint8Array.from([0, 1, 2, 255]), 17, 32000, 2 ** 29, 2 ** 59 + 5],
  [2000, 0, 0, 0, 0, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
  [3000, 1, 127, 32767, 0x20, 2147483647, -(2 ** 52), -Infinity, 1e308, -1000, 'b', '', '', uuid('ff'.repeat(16)), -1,
    uuid('01'.repeat(32)), new Uint8Array(0), 0, 0, 0, 0],
];

const hex = (c: Cell): Cell => (c instanceof Uint8Array ? Buffer.from(c).toString('hex') : c);
const EXPECTED = ROWS.map((r) => r.map(hex));
// Null sentinels of QuestDB's SQL dialect as stored (BOOLEAN/BYTE/SHORT store 0).
EXPECTED[1] = [2000, 0, 0, 0, 0, INT_NULL, LONG_NULL, NaN, NaN, LONG_NULL, null, null, null,
  '00000000000000800000000000000080', 0, '0000000000000080'.repeat(4), null, -1, -1, -1, -1];
// A geohash above 53 bits reads back with its exact 64-bit values (2^59 + 5 was written as the double 2^59).
for (const row of EXPECTED) row[row.length - 1] = BigInt(row[row.length - 1] as number);

test('columns cached before later commits are extended with exactly the new rows', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 'grow', columns: TYPES.map((type, i) => ({ name: `c${i}`, type })), timestamp: 'c0', partitionBy: 'DAY' });
    const w = await engine.openWriter('grow');
    for (let i = 0; i < ROWS.length; i++) {
      await w.append(makeBatch(TYPES, [ROWS[i]]));
      await w.commit();
      const rows = await readRows(engine.openReader('grow'));
      assert.deepEqual(rows.map((r) => r.map(hex)), EXPECTED.slice(0, i + 1));
    }
    assert.ok(engine.cache.hits + engine.cache.misses > 0);
  } finally {
    removeDir(dir);
  }
});

test('every column type reads back as written, nulls included, after a restart', async () => {
  const dir = tempDir();
  try {
    let engine = await openEngine(dir);
    await engine.createTable({ name: 'all_types', columns: TYPES.map((type, i) => ({ name: `c${i}`, type })), timestamp: 'c0', partitionBy: 'DAY' });
    const w = await engine.openWriter('all_types');
    await w.append(makeBatch(TYPES, ROWS));
    await w.commit();
    await w.close();
    await engine.close();
    engine = await openEngine(dir);
    const rows = await readRows(engine.openReader('all_types'));
    assert.deepEqual(rows.map((r) => r.map(hex)), EXPECTED);
  } finally {
    removeDir(dir);
  }
});

test('LONG values beyond 2^53 come back exact', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: [{ name: 'v', type: Types.LONG }] });
    const w = await engine.openWriter('t');
    await w.append(makeBatch([Types.LONG], [[9007199254740993n], [-9223372036854775807n], [null], [5n]]));
    await w.commit();
    const rows = await readRows(engine.openReader('t'));
    assert.deepEqual(rows.map((r) => r[0]), [9007199254740993n, -9223372036854775807n, -9223372036854775808n, 5n]);
  } finally {
    removeDir(dir);
  }
});

test('DOUBLE NaN payloads and negative zero survive bit for bit', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: [{ name: 'v', type: Types.DOUBLE }] });
    const data = new Float64Array(3);
    const bytes = new Uint8Array(data.buffer);
    bytes.set([1, 2, 3, 4, 5, 6, 0xf8, 0x7f], 0);
    data[1] = -0;
    bytes.set([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], 16);
    const w = await engine.openWriter('t');
    await w.append({ rowCount: 3, vectors: [{ type: Types.DOUBLE, data }] });
    await w.commit();
    const reader = engine.openReader('t');
    for await (const b of reader.scan({ columns: [0] })) {
      const v = b.vectors[0].data;
      assert.deepEqual(new Uint8Array(v.buffer, v.byteOffset, v.byteLength), bytes);
    }
  } finally {
    removeDir(dir);
  }
});

test('symbols from a foreign dictionary are re-interned by value', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: [{ name: 's', type: Types.SYMBOL }] });
    const w = await engine.openWriter('t');
    const own = w.symbolTable(0).intern('z');
    await w.append(makeBatch([Types.SYMBOL], [['x'], ['y'], [null], ['x'], ['z']]));
    await w.commit();
    const reader = engine.openReader('t');
    assert.deepEqual((await readRows(reader)).map((r) => r[0]), ['x', 'y', null, 'x', 'z']);
    assert.equal(reader.symbols(0).keyOf('z'), own);
    assert.equal(reader.symbols(0).size, 3);
  } finally {
    removeDir(dir);
  }
});
