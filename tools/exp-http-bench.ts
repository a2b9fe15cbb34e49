/**
 * End-to-end /exp benchmark over HTTP, side by side with DuckDB's COPY in the same run: loads the
 * bench CSVs (cpu, trades) into a temporary root through the columnar storage, starts the real
 * server as a child process, and times `GET /exp?query=SELECT * FROM <t> LIMIT 1000000` as CSV and
 * Parquet (body streamed and counted, median of 3) — the export part of `npm run bench` without
 * /imp. Then a 10M-row Parquet and CSV export from long_sequence() reports the server's peak RSS (VmHWM) to show memory stays flat.
 *
 *   node dist/tools/exp-http-bench.js [--data DIR] [--size 1M] [--big 10000000] [--load-only ROOT]
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { BENCH_DATA_DIR, ensureDataset, parseSize } from './bench/bench-datasets';
import { ColumnType, Types } from '../core/data/column-type';
import { VectorBuilder } from '../core/data/vector-builder';
import { ServerMetrics } from '../core/metrics/server-metrics';
import { parseIsoTimestamp } from '../core/time/iso-timestamp';
import { PROJECT_DIR } from '../core/project';
import { ColumnarEngine } from '../plugins/storage-columnar/columnar-engine';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const dataDir = args.get('data') ?? BENCH_DATA_DIR;
const size = args.get('size') ?? '1M';
for (const d of ['cpu', 'trades'] as const) ensureDataset(dataDir, d, parseSize(size), console.log);
const big = Number(args.get('big') ?? '10000000');
const SYMBOLS = new Set(['hostname', 'region', 'symbol', 'side']);

async function load(dbDir: string, ds: string): Promise<void> {
  const engine = new ColumnarEngine({
    dbDir, maxUncommittedRows: 500_000, o3MaxLagMicros: 600_000_000, commitMode: 'nosync',
    cacheBytes: 2 ** 30, writerTimeoutMs: 5000, maxNameLength: 127, metrics: new ServerMetrics(),
  });
  await engine.start();
  const lines = readFileSync(join(dataDir, `${ds}-${size}.csv`), 'utf8').split('\n');
  const names = lines[0].split(',');
  const types: ColumnType[] = names.map((n) => n === 'ts' ? Types.TIMESTAMP : SYMBOLS.has(n) ? Types.SYMBOL : Types.DOUBLE);
  await engine.createTable({ name: ds, columns: names.map((name, i) => ({ name, type: types[i] })), timestamp: 'ts', partitionBy: 'DAY' });
  const writer = await engine.openWriter(ds);
  let builders = types.map((t) => new VectorBuilder(t, 65536));
  for (let l = 1; l <= lines.length; l++) {
    if (l === lines.length || (builders[0].length === 65536)) {
      if (builders[0].length > 0) await writer.append({ rowCount: builders[0].length, vectors: builders.map((b) => b.build()) });
      builders = types.map((t) => new VectorBuilder(t, 65536));
      if (l === lines.length) break;
    }
    if (lines[l] === '') continue;
    const f = lines[l].split(',');
    for (let c = 0; c < f.length; c++) {
      if (types[c] === Types.TIMESTAMP) builders[c].appendNumber(parseIsoTimestamp(f[c]) ?? 0);
      else if (types[c] === Types.SYMBOL) builders[c].appendString(f[c]);
      else builders[c].appendNumber(Number(f[c]));
    }
  }
  await writer.commit();
  await writer.close();
  await engine.stop();
}

function get(port: number, path: string): Promise<{ status: number; bytes: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => { bytes += c.length; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - t0 }));
      res.on('error', reject);
    }).on('error', reject).end();
  });
}

function peakRssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const loadOnly = args.get('load-only');
  if (loadOnly !== undefined) {
    // `--load-only <root>`: leaves a root with both tables for other measurements (profiling).
    mkdirSync(join(loadOnly, 'db'), { recursive: true });
    for (const ds of ['cpu', 'trades']) await load(join(loadOnly, 'db'), ds);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'svc-exp-http-bench-'));
  try {
    // Loaded before the server starts, so no writer of the server competes for the tables.
    mkdirSync(join(root, 'db'), { recursive: true });
    for (const ds of ['cpu', 'trades']) await load(join(root, 'db'), ds);
    const server = spawn(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], {
      env: { ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout?.on('data', (c: Buffer) => { out += c.toString(); });
    while (!/http server listening on [^\s]*:(\d+)/.test(out) || !out.includes('server is ready')) await new Promise((r) => setTimeout(r, 100));
    const port = Number(/http server listening on [^\s]*:(\d+)/.exec(out)?.[1]);
    const duck = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
    console.log('| table | fmt | engine | MB | ms | MB/s | M rows/s |\n|---|---|---|---|---|---|---|');
    for (const ds of ['cpu', 'trades']) {
      await duck.run(`CREATE OR REPLACE TABLE ${ds} AS SELECT * FROM read_csv('${join(dataDir, `${ds}-${size}.csv`)}', header = true, timestampformat = '%Y-%m-%dT%H:%M:%S.%fZ')`);
      for (const fmt of ['csv', 'parquet']) {
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < 3; i++) {
          const r = await get(port, `/exp?query=${encodeURIComponent(`SELECT * FROM ${ds} LIMIT 1000000`)}${fmt === 'parquet' ? '&fmt=parquet' : ''}`);
          if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
          times.push(r.ms); bytes = r.bytes;
        }
        const ms = times.sort((a, b) => a - b)[1];
        console.log(`| ${ds} | ${fmt} | svc | ${(bytes / 1e6).toFixed(1)} | ${ms.toFixed(0)} | ${(bytes / ms / 1e3).toFixed(0)} | ${(1000 / ms).toFixed(2)} |`);
        const target = join(root, `duck.${fmt}`);
        const opts = fmt === 'csv' ? `(HEADER, DELIMITER ',', TIMESTAMPFORMAT '%Y-%m-%dT%H:%M:%S.%fZ')` : `(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 100000)`;
        const dt: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          await duck.run(`COPY (SELECT * FROM ${ds} LIMIT 1000000) TO '${target}' ${opts}`);
          dt.push(performance.now() - t0);
        }
        const dms = dt.sort((a, b) => a - b)[1];
        const dbytes = statSync(target).size;
        console.log(`| ${ds} | ${fmt} | duckdb | ${(dbytes / 1e6).toFixed(1)} | ${dms.toFixed(0)} | ${(dbytes / dms / 1e3).toFixed(0)} | ${(1000 / dms).toFixed(2)} |`);
      }
    }
    const q = encodeURIComponent(`select x, x * 2.5 d, cast(x * 1000000 as timestamp) ts from long_sequence(${big})`);
    for (const fmt of ['parquet', 'csv']) {
      const before = peakRssMb(server);
      const r = await get(port, `/exp?query=${q}${fmt === 'parquet' ? '&fmt=parquet' : ''}`);
      console.log(`${big} rows ${fmt}: HTTP ${r.status}, ${(r.bytes / 1e6).toFixed(0)} MB in ${(r.ms / 1000).toFixed(1)} s; server peak RSS ${before.toFixed(0)} → ${peakRssMb(server).toFixed(0)} MB`);
    }
    server.kill('SIGTERM');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
