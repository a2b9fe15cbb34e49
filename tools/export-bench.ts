/**
 * Serializer benchmark for /exp, side by side with DuckDB's COPY in the same run: loads
 * /work/benchrun-style CSVs (cpu, trades) into in-memory batches, then times the CSV and Parquet
 * formats consuming every chunk (as the route would write them), median of 3, and DuckDB's
 * `COPY ... TO` of the same rows (CSV; Parquet ZSTD, 100k-row groups). `--repeat N` streams the data N
 * times (e.g. 10 → 10M rows) and reports the peak RSS, to show memory stays flat.
 *
 *   node dist/tools/export-bench.js --data /work/benchrun/data --size 1M [--repeat 10] [--query 'compression_level=3']
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ColumnBatch } from '../core/data/column-batch';
import { ColumnType, Types } from '../core/data/column-type';
import { ResultColumn, ResultSet } from '../core/data/result-set';
import { VectorBuilder } from '../core/data/vector-builder';
import { parseIsoTimestamp } from '../core/time/iso-timestamp';
import { csvExportFormat } from '../plugins/export-csv/csv-export-format';
import { parquetExportFormat } from '../plugins/export-parquet/parquet-export-format';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const dataDir = args.get('data') ?? '/work/benchrun/data';
const size = args.get('size') ?? '1M';
const repeat = Number(args.get('repeat') ?? '1');
const extra = args.get('query') ?? '';
const BATCH = 65536;
const only = args.get('only');
const noDuck = args.get('duckdb') === 'false';

function load(file: string): { columns: ResultColumn[]; batches: ColumnBatch[]; rows: number } {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const names = lines[0].split(',');
  const types: ColumnType[] = names.map((n) => n === 'ts' ? Types.TIMESTAMP : ['hostname', 'region', 'symbol', 'side'].includes(n) ? Types.SYMBOL : Types.DOUBLE);
  const builders = types.map((t) => new VectorBuilder(t, BATCH));
  const shared = types.map((t, i) => t === Types.SYMBOL ? builders[i].symbols : undefined);
  const batches: ColumnBatch[] = [];
  let rows = 0;
  let inBatch = 0;
  let fresh = builders;
  const cut = (): void => {
    batches.push({ rowCount: inBatch, vectors: fresh.map((b) => b.build()) });
    fresh = types.map((t, i) => new VectorBuilder(t, BATCH, shared[i]));
    inBatch = 0;
  };
  for (let l = 1; l < lines.length; l++) {
    if (lines[l] === '') continue;
    const f = lines[l].split(',');
    for (let c = 0; c < f.length; c++) {
      const t = types[c];
      if (t === Types.TIMESTAMP) fresh[c].appendNumber(parseIsoTimestamp(f[c]) ?? 0);
      else if (t === Types.SYMBOL) fresh[c].appendString(f[c]);
      else fresh[c].appendNumber(Number(f[c]));
    }
    rows++;
    if (++inBatch === BATCH) cut();
  }
  if (inBatch > 0) cut();
  return { columns: names.map((name, i) => ({ name, type: types[i] })), batches, rows };
}

function resultOf(d: { columns: ResultColumn[]; batches: ColumnBatch[] }): ResultSet {
  return {
    columns: d.columns, timestampIndex: 0,
    async *batches() { for (let r = 0; r < repeat; r++) for (const b of d.batches) yield b; },
  };
}

async function drain(chunks: AsyncIterable<Uint8Array | string>): Promise<{ bytes: number; peakRss: number }> {
  let bytes = 0;
  let peakRss = process.memoryUsage.rss();
  for await (const c of chunks) {
    bytes += c.length;
    const rss = process.memoryUsage.rss();
    if (rss > peakRss) peakRss = rss;
  }
  return { bytes, peakRss };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const duck = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  const tmp = mkdtempSync(join(tmpdir(), 'svc-exp-bench-'));
  console.log(`| table | fmt | engine | rows | MB | ms | MB/s | M rows/s | peak RSS MB |\n|---|---|---|---|---|---|---|---|---|`);
  for (const ds of only ? [only] : ['cpu', 'trades']) {
    const file = join(dataDir, `${ds}-${size}.csv`);
    const d = load(file);
    const rows = d.rows * repeat;
    const sig = new AbortController().signal;
    for (const fmt of (args.get('fmt') ? [args.get('fmt')] : ['csv', 'parquet']) as ('csv' | 'parquet')[]) {
      const times: number[] = [];
      let out = { bytes: 0, peakRss: 0 };
      for (let i = 0; i < (repeat > 1 ? 1 : 3); i++) {
        const t0 = performance.now();
        out = fmt === 'csv'
          ? await drain(csvExportFormat.serialize(resultOf(d), csvExportFormat.parseOptions(new URLSearchParams(extra)), sig))
          : await drain(parquetExportFormat.serialize(resultOf(d), parquetExportFormat.parseOptions(new URLSearchParams(extra)), sig));
        times.push(performance.now() - t0);
      }
      const ms = median(times);
      console.log(`| ${ds} | ${fmt} | svc | ${rows} | ${(out.bytes / 1e6).toFixed(1)} | ${ms.toFixed(0)} | ${(out.bytes / ms / 1e3).toFixed(0)} | ${(rows / ms / 1e3).toFixed(2)} | ${(out.peakRss / 1e6).toFixed(0)} |`);
    }
    if (repeat > 1 || noDuck) continue;
    await duck.run(`CREATE OR REPLACE TABLE ${ds} AS SELECT * FROM read_csv('${file}', header = true, timestampformat = '%Y-%m-%dT%H:%M:%S.%fZ')`);
    for (const fmt of ['csv', 'parquet']) {
      const target = join(tmp, `${ds}.${fmt}`);
      const opts = fmt === 'csv' ? `(HEADER, DELIMITER ',', TIMESTAMPFORMAT '%Y-%m-%dT%H:%M:%S.%fZ')` : `(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 100000)`;
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await duck.run(`COPY (SELECT * FROM ${ds} LIMIT 1000000) TO '${target}' ${opts}`);
        times.push(performance.now() - t0);
      }
      const ms = median(times);
      const bytes = statSync(target).size;
      console.log(`| ${ds} | ${fmt} | duckdb | ${d.rows} | ${(bytes / 1e6).toFixed(1)} | ${ms.toFixed(0)} | ${(bytes / ms / 1e3).toFixed(0)} | ${(d.rows / ms / 1e3).toFixed(2)} | |`);
    }
  }
  rmSync(tmp, { recursive: true, force: true });
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
