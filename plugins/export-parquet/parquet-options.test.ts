import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayType, TypeTag, Types } from '../../core/data/column-type';
import { MemoryResultSet } from '../export-csv/memory-result-set';
import { parseParquetOptions } from './parquet-options';
import { countPages, duck, resultOf, writeParquet } from './parquet-test-support';

const HOUR = 3_600_000_000;

function data(rows: number, stepMicros = HOUR) {
  return resultOf([
    { name: 'ts', type: Types.TIMESTAMP, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(1704067200000000 + i * stepMicros); } },
    { name: 'sym', type: Types.SYMBOL, fill: (b) => { for (let i = 0; i < rows; i++) b.appendString(`s${i % 5}`); } },
    { name: 'price', type: Types.DOUBLE, fill: (b) => { let v = 100; for (let i = 0; i < rows; i++) { v += ((i * 7919) % 13 - 6) / 100; b.appendNumber(Math.round(v * 100) / 100); } } },
    { name: 'id', type: Types.LONG, fill: (b) => { for (let i = 0; i < rows; i++) b.appendNumber(i); } },
    { name: 'note', type: Types.VARCHAR, fill: (b) => { for (let i = 0; i < rows; i++) b.appendString(`note-${i % 1000}`); } },
  ], 0);
}

/** Text with structure at several distances, where compression levels make a difference. */
function words(rows: number) {
  const vocabulary = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda'];
  let seed = 7;
  const next = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
  return resultOf([{ name: 'text', type: Types.VARCHAR, fill: (b) => {
    for (let i = 0; i < rows; i++) b.appendString(`${vocabulary[next() % 11]} ${vocabulary[next() % 11]} ${next() % 1000}`);
  } }]);
}

async function meta(file: string, where = ''): Promise<Record<string, unknown>[]> {
  return duck(`select * from parquet_metadata('${file}') ${where}`);
}

for (const codec of ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'ZSTD', 'LZ4_RAW', 'BROTLI']) {
  test(`codec ${codec} is written so that DuckDB reads it back`, async () => {
    const file = await writeParquet(data(5000), `compression_codec=${codec}`);
    const [r] = await duck(`select count(*)::int c, sum(id)::bigint s, count(distinct sym)::int d, sum(price) p from '${file}'`);
    assert.deepEqual({ c: r.c, s: r.s, d: r.d }, { c: 5000, s: 12497500n, d: 5 });
    assert.ok(typeof r.p === 'number' && r.p > 0);
    const codecs = new Set((await meta(file)).map((m) => m.compression));
    assert.deepEqual([...codecs], [codec]);
  });
}

test('LZ4 and LZO are refused with a 400 in QuestDB\'s words', () => {
  for (const c of ['LZ4', 'LZO', 'xyz']) {
    assert.throws(() => parseParquetOptions(new URLSearchParams(`compression_codec=${c}`)),
      (e: Error & { statusCode?: number }) => e.statusCode === 400
        && e.message === `invalid compression codec[${c}], expected one of: uncompressed, snappy, gzip, brotli, zstd, lz4_raw`);
  }
});

test('compression_level changes the ZSTD and GZIP output', async () => {
  for (const [codec, lo, hi] of [['ZSTD', 1, 19], ['GZIP', 1, 9]] as const) {
    const a = await writeParquet(words(20000), `compression_codec=${codec}&compression_level=${lo}`);
    const b = await writeParquet(words(20000), `compression_codec=${codec}&compression_level=${hi}`);
    const size = async (f: string): Promise<number> => Number((await duck(`select sum(total_compressed_size)::bigint s from parquet_metadata('${f}')`))[0].s);
    assert.ok(await size(b) < await size(a), `${codec} level ${hi} is not smaller than level ${lo}`);
    assert.equal((await duck(`select count(*)::int c from '${b}'`))[0].c, 20000);
  }
});

test('a compression level outside the codec range is a 400', () => {
  assert.throws(() => parseParquetOptions(new URLSearchParams('compression_codec=GZIP&compression_level=12')), /invalid compression level:12$/);
  assert.throws(() => parseParquetOptions(new URLSearchParams('compression_level=x')), /invalid compression level/);
});

test('row_group_size sets the rows per row group', async () => {
  const file = await writeParquet(data(1000), 'row_group_size=300');
  const groups = await duck(`select row_group_id, any_value(row_group_num_rows)::int n from parquet_metadata('${file}') group by 1 order by 1`);
  assert.deepEqual(groups.map((g) => g.n), [300, 300, 300, 100]);
});

test('row_group_size=0 writes the whole result as one row group', async () => {
  const file = await writeParquet(data(1000), 'row_group_size=0');
  const groups = await duck(`select row_group_id, any_value(row_group_num_rows)::int n from parquet_metadata('${file}') group by 1 order by 1`);
  assert.deepEqual(groups.map((g) => g.n), [1000]);
  assert.throws(() => parseParquetOptions(new URLSearchParams('row_group_size=x')), /invalid row group size:x$/);
  assert.throws(() => parseParquetOptions(new URLSearchParams('row_group_size=-1')), /invalid row group size:-1$/);
});

test('data_page_size cuts a column chunk into pages of about that many bytes', async () => {
  const pagesOf = async (q: string): Promise<number> => {
    const file = await writeParquet(data(10000), `compression_codec=UNCOMPRESSED&${q}`);
    const [m] = await meta(file, "where path_in_schema = 'note'");
    return countPages(file, Number(m.data_page_offset), Number(m.total_compressed_size) - (Number(m.data_page_offset) - Number(m.file_offset)));
  };
  // 10,000 values of 4 + 8 bytes (plain BYTE_ARRAY) = 120,000 bytes of values.
  assert.equal(await pagesOf(''), 1);
  assert.equal(await pagesOf('data_page_size=8192'), 15);
});

test('statistics_enabled=false writes no statistics at all', async () => {
  const on = await meta(await writeParquet(data(100), ''));
  const off = await meta(await writeParquet(data(100), 'statistics_enabled=false'));
  assert.ok(on.every((m) => m.stats_min_value !== null && m.stats_null_count !== null));
  assert.ok(off.every((m) => m.stats_min_value === null && m.stats_max_value === null && m.stats_null_count === null));
  const ts = on.find((m) => m.path_in_schema === 'sym');
  assert.deepEqual([ts?.stats_min_value, ts?.stats_max_value], ['s0', 's4']);
});

test('the FileMetaData version follows parquet_version: 2 for 2, else 1 (also by default), as QuestDB writes it', async () => {
  for (const [query, version] of [['parquet_version=1', 1], ['parquet_version=2', 2], ['', 1]] as const) {
    const file = await writeParquet(data(100), query);
    const [f] = await duck(`select format_version::int v from parquet_file_metadata('${file}')`);
    assert.equal(f.v, version, query);
    assert.equal((await duck(`select sum(id)::int s from '${file}'`))[0].s, 4950);
  }
  assert.throws(() => parseParquetOptions(new URLSearchParams('parquet_version=3')), /invalid parquet version: 3, supported versions: 1, 2/);
});

test('raw_array_encoding picks raw bytes or a LIST of DOUBLE', async () => {
  const t = arrayType(TypeTag.DOUBLE, 1);
  const r = new MemoryResultSet([{ name: 'a', type: t }], [{
    rowCount: 3, vectors: [{ type: t, data: new Float64Array([1, 2.5, 4]), offsets: new Int32Array([0, 2, 2, 3]), nulls: new Uint8Array([0, 0, 1]) }],
  }]);
  const list = await writeParquet(r, '');
  assert.deepEqual((await duck(`select a::varchar a from '${list}'`)).map((x) => x.a), ['[1.0, 2.5]', '[]', null]);
  const raw = await writeParquet(r, 'raw_array_encoding=true');
  const schema = await duck(`select type from parquet_schema('${raw}') where name = 'a'`);
  assert.deepEqual(schema.map((s) => s.type), ['BYTE_ARRAY']);
  assert.deepEqual((await duck(`select octet_length(a)::int n from '${raw}'`)).map((x) => x.n), [16, 0, null]);
});

test('bloom_filter_columns writes filters that DuckDB probes', async () => {
  const file = await writeParquet(data(2000), 'bloom_filter_columns=sym,id');
  const m = await meta(file);
  const withBloom = m.filter((x) => x.bloom_filter_offset !== null).map((x) => x.path_in_schema);
  assert.deepEqual(withBloom.sort(), ['id', 'sym']);
  const probe = async (col: string, value: string): Promise<boolean> =>
    (await duck(`select bool_and(bloom_filter_excludes) x from parquet_bloom_probe('${file}', '${col}', ${value})`))[0].x === false;
  assert.equal(await probe('sym', "'s3'"), true);
  assert.equal(await probe('sym', "'nope'"), false);
  assert.equal(await probe('id', '1234'), true);
  assert.equal(await probe('id', '-5'), false);
});

test('a lower bloom_filter_fpp gives a larger filter', async () => {
  const len = async (fpp: string): Promise<number> => {
    const file = await writeParquet(data(5000), `bloom_filter_columns=id&bloom_filter_fpp=${fpp}`);
    return Number((await meta(file, "where path_in_schema = 'id'"))[0].bloom_filter_length);
  };
  assert.ok(await len('0.0001') > await len('0.2'));
  assert.throws(() => parseParquetOptions(new URLSearchParams('bloom_filter_fpp=1.5')), /bloom_filter_fpp must be between 0 and 1 \(exclusive\): 1\.5$/);
});

test('partition_by=DAY starts a row group at each day', async () => {
  const file = await writeParquet(data(100, HOUR), 'partition_by=DAY');
  const groups = await duck(`select row_group_id, any_value(row_group_num_rows)::int n from parquet_metadata('${file}') group by 1 order by 1`);
  assert.deepEqual(groups.map((g) => g.n), [24, 24, 24, 24, 4]);
  const [kv] = await duck(`select decode(value) v from parquet_kv_metadata('${file}') where decode(key) = 'svc.partition_by'`);
  assert.equal(kv.v, 'DAY');
});

test('an unknown partition_by is a 400', () => {
  assert.throws(() => parseParquetOptions(new URLSearchParams('partition_by=CENTURY')), /invalid partition_by:CENTURY/);
});
