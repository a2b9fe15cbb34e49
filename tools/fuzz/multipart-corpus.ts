/**
 * The multipart fuzzer's seed inputs: CSV and NDJSON texts of several shapes (types, quoting, nulls, wide
 * and narrow), and Parquet files written by the server under test itself through `/exp?fmt=parquet` with
 * every codec, both page versions, raw and listed arrays, and one-row-group bombs (millions of repeated
 * values in a file of a few hundred bytes). The mutators (multipart-mutations.ts) damage copies of them.
 */
import { request } from 'node:http';
import { SeededRandom } from './multipart-random';

export interface Seed {
  readonly kind: 'csv' | 'ndjson' | 'parquet';
  readonly name: string;
  readonly bytes: Buffer;
  /** A bomb: valid, tiny, and expanding to millions of rows. */
  readonly bomb?: boolean;
}

function csv(random: SeededRandom, rows: number): Buffer {
  const lines = ['ts,sym,price,qty,note,flag'];
  for (let i = 0; i < rows; i++) {
    const ts = new Date(Date.UTC(2024, 0, 1) + i * 1000 * random.int(1, 60)).toISOString().replace('Z', '000Z');
    const note = random.chance(0.2) ? '' : random.chance(0.3) ? `"quoted, ""text"" ${i}"` : `n${i}`;
    lines.push(`${ts},S${random.int(0, 9)},${(random.next() * 1000).toFixed(3)},${random.int(-5, 5000)},${note},${random.chance(0.5)}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function ndjson(random: SeededRandom, rows: number): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const row: Record<string, unknown> = {
      ts: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(), host: `h${random.int(0, 3)}`, cpu: random.next(), n: i,
    };
    if (random.chance(0.3)) row.tags = ['a', random.int(0, 9)];
    if (random.chance(0.2)) row.cpu = null;
    lines.push(JSON.stringify(row));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function get(port: number, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function exec(port: number, sql: string): Promise<void> {
  const r = await get(port, `/exec?query=${encodeURIComponent(sql)}`);
  if (r.status !== 200) throw new Error(`corpus SQL failed (${r.status}): ${sql}: ${r.body.toString('utf8').slice(0, 300)}`);
}

async function exported(port: number, query: string, options: string): Promise<Buffer> {
  const r = await get(port, `/exp?query=${encodeURIComponent(query)}&fmt=parquet&${options}`);
  if (r.status !== 200) throw new Error(`corpus export failed (${r.status}): ${query} ${options}`);
  return r.body;
}

/** Every seed input; the Parquet ones are exported by the server listening on `port`. */
export async function buildCorpus(port: number, random: SeededRandom): Promise<Seed[]> {
  const seeds: Seed[] = [
    { kind: 'csv', name: 'small.csv', bytes: csv(random, 20) },
    { kind: 'csv', name: 'rows.csv', bytes: csv(random, 3000) },
    { kind: 'csv', name: 'wide.csv', bytes: Buffer.from(`${Array.from({ length: 300 }, (_, i) => `c${i}`).join(',')}\n${Array.from({ length: 300 }, (_, i) => i).join(',')}\n`) },
    { kind: 'ndjson', name: 'rows.ndjson', bytes: ndjson(random, 500) },
    { kind: 'ndjson', name: 'small.jsonl', bytes: ndjson(random, 5) },
  ];
  await exec(port, 'CREATE TABLE fuzz_src AS (SELECT timestamp_sequence(\'2024-01-01\', 1000000) ts, rnd_symbol(\'a\',\'b\',\'c\') s, rnd_double() d, '
    + 'rnd_int() i, rnd_long() l, rnd_str(4, 8, 1) v, rnd_boolean() b, rnd_ipv4() ip, rnd_char() c FROM long_sequence(2000)) TIMESTAMP(ts) PARTITION BY DAY');
  await exec(port, 'CREATE TABLE fuzz_arr (ts TIMESTAMP, a DOUBLE[], g DOUBLE[][]) TIMESTAMP(ts) PARTITION BY DAY');
  await exec(port, "INSERT INTO fuzz_arr VALUES ('2024-01-01T00:00:00Z', ARRAY[1.0, 2.0], ARRAY[[1.0, 2.0], [3.0, 4.0]]), ('2024-01-01T00:00:01Z', null, ARRAY[[5.0]])");
  const variants: [string, string, string][] = [
    ['fuzz_src', 'compression_codec=zstd', 'zstd.parquet'],
    ['fuzz_src', 'compression_codec=snappy&parquet_version=1', 'snappy-v1.parquet'],
    ['fuzz_src', 'compression_codec=gzip&row_group_size=500', 'gzip-groups.parquet'],
    ['fuzz_src', 'compression_codec=lz4_raw&data_page_size=4096', 'lz4-pages.parquet'],
    ['fuzz_src', 'compression_codec=uncompressed&statistics_enabled=false', 'plain.parquet'],
    ['fuzz_arr', '', 'arrays.parquet'],
    ['fuzz_arr', 'raw_array_encoding=true', 'arrays-raw.parquet'],
  ];
  for (const [query, options, name] of variants) seeds.push({ kind: 'parquet', name, bytes: await exported(port, query, options) });
  // Bombs: one row group of a million repeated values, a few hundred bytes on disk.
  seeds.push({
    kind: 'parquet', name: 'bomb-symbol.parquet', bomb: true,
    bytes: await exported(port, "select 'the same value, over and over'::symbol s from long_sequence(1000000)", 'row_group_size=1000000&statistics_enabled=false&compression_codec=zstd'),
  });
  seeds.push({
    kind: 'parquet', name: 'bomb-long.parquet', bomb: true,
    bytes: await exported(port, 'select 7L n, 1.5 d from long_sequence(1000000)', 'row_group_size=1000000&compression_codec=zstd'),
  });
  await exec(port, 'DROP TABLE fuzz_src');
  await exec(port, 'DROP TABLE fuzz_arr');
  return seeds;
}
