/** DataRows as a PostgreSQL client reads them: our bytes through node-postgres' own protocol parser. */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import test from 'node:test';
import { Parser } from 'pg-protocol/dist/parser';
import type { BackendMessage, DataRowMessage } from 'pg-protocol/dist/messages';
import { arrayType, Types, TypeTag } from '../../core/data/column-type';
import { ColumnBatch } from '../../core/data/column-batch';
import { ResultColumn, ResultSet } from '../../core/data/result-set';
import { VectorBuilder } from '../../core/data/vector-builder';
import { appendValue } from '../../core/sql/vector/append-value';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { BackendWriter } from './backend-writer';
import { RowCursor } from './row-cursor';

function result(columns: ResultColumn[], rows: SqlValue[][]): ResultSet {
  const builders = columns.map((c) => new VectorBuilder(c.type, rows.length));
  for (const r of rows) r.forEach((v, i) => appendValue(builders[i], v));
  const batch: ColumnBatch = { rowCount: rows.length, vectors: builders.map((b) => b.build()) };
  return { columns, timestampIndex: -1, async *batches() { yield batch; } };
}

async function rowsOf(set: ResultSet, binary: boolean, max = 0): Promise<{ rows: (Buffer | string | null)[][]; done: boolean }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = new BackendWriter(out, 64);
  const cursor = new RowCursor(set, set.columns.map(() => binary));
  await cursor.write(w, max);
  await w.flush();
  await new Promise((r) => setImmediate(r));
  const bytes = Buffer.concat(chunks);
  if (!binary) {
    const messages: BackendMessage[] = [];
    new Parser().parse(bytes, (m) => messages.push(m));
    return { rows: messages.filter((m) => m.name === 'dataRow').map((m) => (m as DataRowMessage).fields as (string | null)[]), done: cursor.done };
  }
  // pg-protocol's parser has no binary mode: the DataRow layout read by hand (type, length, count, cells).
  const rows: (Buffer | null)[][] = [];
  for (let p = 0; p < bytes.length;) {
    const end = p + 1 + bytes.readInt32BE(p + 1);
    const row: (Buffer | null)[] = [];
    let q = p + 7;
    for (let k = bytes.readInt16BE(p + 5); k > 0; k--) {
      const n = bytes.readInt32BE(q);
      row.push(n < 0 ? null : bytes.subarray(q + 4, q + 4 + n));
      q += 4 + Math.max(n, 0);
    }
    rows.push(row);
    p = end;
  }
  return { rows, done: cursor.done };
}

test('text DataRows hold PostgreSQL text and NULL for null sentinels', async () => {
  const set = result(
    [{ name: 'l', type: Types.LONG }, { name: 'd', type: Types.DOUBLE }, { name: 'b', type: Types.BOOLEAN }, { name: 'ts', type: Types.TIMESTAMP }, { name: 's', type: Types.VARCHAR }],
    [[9007199254740993n, 0.1, true, 1_704_164_645_123_456, 'é'], [null, null, false, null, null]],
  );
  assert.deepEqual((await rowsOf(set, false)).rows, [
    ['9007199254740993', '0.1', 't', '2024-01-02 03:04:05.123456', 'é'],
    [null, null, 'f', null, null],
  ]);
});

test('binary DataRows use big-endian integers, IEEE floats and µs since 2000-01-01', async () => {
  const set = result([{ name: 'i', type: Types.INT }, { name: 'l', type: Types.LONG }, { name: 'f', type: Types.FLOAT }, { name: 'ts', type: Types.TIMESTAMP }],
    [[-2, -3, 1.5, 946_684_800_000_001]]);
  const [row] = (await rowsOf(set, true)).rows;
  const [i, l, f, ts] = row as Buffer[];
  assert.equal(i.readInt32BE(0), -2);
  assert.equal(l.readBigInt64BE(0), -3n);
  assert.equal(f.readFloatBE(0), 1.5);
  assert.equal(ts.readBigInt64BE(0), 1n);
});

test('DOUBLE[] is float8[]: text braces and the binary array layout', async () => {
  const vector = { type: arrayType(TypeTag.DOUBLE, 1), data: Float64Array.of(1.5, 2, NaN), offsets: Int32Array.of(0, 3) };
  const set: ResultSet = { columns: [{ name: 'a', type: vector.type }], timestampIndex: -1, async *batches() { yield { rowCount: 1, vectors: [vector] }; } };
  assert.deepEqual((await rowsOf(set, false)).rows, [['{1.5,2,NULL}']]);
  const bin = (await rowsOf(set, true)).rows[0][0] as Buffer;
  assert.deepEqual([bin.readInt32BE(0), bin.readInt32BE(4), bin.readInt32BE(8), bin.readInt32BE(12), bin.readInt32BE(16)], [1, 1, 701, 3, 1]);
  assert.equal(bin.readDoubleBE(24), 1.5);
  assert.equal(bin.readInt32BE(44), -1);
});

test('a row limit stops early and leaves the cursor open for the next call', async () => {
  const set = result([{ name: 'x', type: Types.INT }], [[1], [2], [3]]);
  const first = await rowsOf(set, false, 2);
  assert.equal(first.rows.length, 2);
  assert.equal(first.done, false);
});
