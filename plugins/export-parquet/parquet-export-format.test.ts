import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { duck, resultOf, writeParquet } from './parquet-test-support';

const DAY = 86_400_000_000;

function sample(rows: number) {
  return resultOf([
    { name: 'ts', type: Types.TIMESTAMP, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(1704067200000000 + i * (DAY / 10)); } },
    { name: 'sym', type: Types.SYMBOL, fill: (b) => { for (let i = 0; i < rows; i++) if (i % 7 === 3) b.appendNull(); else b.appendString(`s${i % 5}`); } },
    { name: 'price', type: Types.DOUBLE, fill: (b) => { for (let i = 0; i < rows; i++) if (i % 11 === 0) b.appendNull(); else b.appendNumber(i * 0.25); } },
    { name: 'qty', type: Types.INT, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(i); } },
    { name: 'n', type: Types.LONG, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(i * 1000); } },
    { name: 'note', type: Types.VARCHAR, fill: (b) => { for (let i = 0; i < rows; i++) if (i % 3 === 0) b.appendNull(); else b.appendString(`n${i}`); } },
    { name: 'flag', type: Types.BOOLEAN, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(i % 2); } },
  ], 0);
}

test('DuckDB reads back every value of a default (ZSTD, v2) export', async () => {
  const file = await writeParquet(sample(1000), '');
  const rows = await duck(`select count(*)::int c, sum(price) p, count(price)::int np, count(sym)::int ns, sum(qty)::int q,
    sum(n)::bigint n, count(note)::int nn, sum(flag::int)::int f, min(ts)::varchar t0 from '${file}'`);
  assert.deepEqual(rows[0], { c: 1000, p: 124875 - [...Array(91).keys()].reduce((s, k) => s + k * 11 * 0.25, 0), np: 909, ns: 857, q: 499500,
    n: 499500000n, nn: 666, f: 500, t0: '2024-01-01 00:00:00+00' });
  const meta = await duck(`select distinct compression from parquet_metadata('${file}')`);
  assert.deepEqual(meta.map((r) => r.compression), ['ZSTD']);
});

test('a numeric column past 32768 distinct values falls back from dictionary to plain pages', async () => {
  const rows = 50000;
  const file = await writeParquet(resultOf([
    { name: 'x', type: Types.DOUBLE, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(i + 0.5); } },
  ]), 'row_group_size=100000');
  const [r] = await duck(`select count(*)::int c, sum(x) s, count(distinct x)::int d from '${file}'`);
  assert.deepEqual(r, { c: rows, s: rows * rows / 2, d: rows });
  const [m] = await duck(`select encodings from parquet_metadata('${file}')`);
  assert.match(String(m.encodings), /RLE_DICTIONARY/);
  assert.match(String(m.encodings), /PLAIN/);
});

test('an all-null dictionary column still reads back as nulls', async () => {
  const file = await writeParquet(resultOf([
    { name: 'x', type: Types.DOUBLE, fill: (b) => { for (let i = 0; i < 10; i++) b.appendNull(); } },
    { name: 's', type: Types.SYMBOL, fill: (b) => { for (let i = 0; i < 10; i++) b.appendNull(); } },
  ]), '');
  const [r] = await duck(`select count(*)::int c, count(x)::int x, count(s)::int s from '${file}'`);
  assert.deepEqual(r, { c: 10, x: 0, s: 0 });
});

test('an empty result is a valid file with the schema and no rows', async () => {
  const file = await writeParquet(resultOf([{ name: 'x', type: Types.INT, fill: () => undefined }]), '');
  const [r] = await duck(`select count(*)::int c from '${file}'`);
  assert.equal(r.c, 0);
});

test('a LONG or TIMESTAMP column of distinct values is delta-encoded in version 2 and plain in version 1', async () => {
  const rows = 50000;
  const r = (): ReturnType<typeof resultOf> => resultOf([
    { name: 'ts', type: Types.TIMESTAMP, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(1704067200000000 + i * 37 + (i % 3)); } },
    { name: 'n', type: Types.LONG, fill: (b) => { for (let i = 0; i < rows; i++) if (i % 10 === 0) b.appendNull(); else b.appendNumber(-i * 1000003); } },
    // Deltas up to 10^11 need more than 24 bits per value.
    { name: 'big', type: Types.LONG, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber((i % 2 === 0 ? i * i : rows - i) * 1000); } },
  ]);
  const v2 = await writeParquet(r(), 'bloom_filter_columns=n');
  const [m] = await duck(`select string_agg(encodings, ';') e from parquet_metadata('${v2}')`);
  assert.match(String(m.e), /DELTA_BINARY_PACKED/);
  const [s] = await duck(`select sum(n)::bigint s, count(n)::int c, max(ts)::varchar t from '${v2}'`);
  const expected = [...Array(rows).keys()].filter((i) => i % 10 !== 0).reduce((a, i) => a - i * 1000003, 0);
  assert.deepEqual(s, { s: BigInt(expected), c: 45000, t: '2024-01-01 00:00:01.849964+00' });
  const [probe] = await duck(`select bool_and(bloom_filter_excludes) x from parquet_bloom_probe('${v2}', 'n', ${-49999 * 1000003})`);
  assert.equal(probe.x, false);
  const [big] = await duck(`select sum(big)::hugeint::varchar s from '${v2}'`);
  assert.equal(big.s, String([...Array(rows).keys()].reduce((a, i) => a + BigInt((i % 2 === 0 ? i * i : rows - i) * 1000), 0n)));
  const v1 = await writeParquet(r(), 'parquet_version=1');
  const [m1] = await duck(`select string_agg(encodings, ';') e from parquet_metadata('${v1}')`);
  assert.doesNotMatch(String(m1.e), /DELTA/);
  assert.deepEqual((await duck(`select sum(n)::bigint s from '${v1}'`))[0].s, BigInt(expected));
});
