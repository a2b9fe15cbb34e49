/**
 * Export and import speed of the formats side by side, in one run (docs/formats.md): loads the bench's
 * trades CSV into a real server (child process, temporary root) through /imp, then times the whole table
 * (1M rows by default) out as Arrow, CSV, NDJSON and Parquet through /exp and as JSON through /exec
 * (body read to the end, median of 3), then imports the Parquet file svc exported back through /imp and
 * compares its rate with the CSV import of the same rows (imports: median of 3, each into a fresh table). DuckDB runs the same work embedded in the same
 * minutes (read_csv, COPY TO csv/parquet, read_parquet) as the peer. Prints a table and the load average.
 *
 *   node dist/tools/format-bench.js --data <folder with trades-1M.csv> [--size 1M] [--runs 3]
 *
 * The trades CSV is the benchmark harness's dataset (`ts,symbol,side,price,amount`, ISO timestamps with
 * microseconds; its generator writes `trades-<size>.csv`).
 */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { PROJECT_DIR } from '../core/project';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const dataDir = args.get('data') ?? 'data';
const size = args.get('size') ?? '1M';
const runs = Number(args.get('runs') ?? '3');
const csvFile = join(dataDir, `trades-${size}.csv`);

interface Timed { readonly ms: number; readonly bytes: number; readonly body?: Buffer }

function get(port: number, path: string, keep = false): Promise<Timed> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      let bytes = 0;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => { bytes += c.length; if (keep) parts.push(c); });
      res.on('end', () => (res.statusCode === 200 ? resolve({ ms: performance.now() - t0, bytes, body: keep ? Buffer.concat(parts) : undefined })
        : reject(new Error(`${path}: ${res.statusCode}`))));
    }).on('error', reject).end();
  });
}

/** POST /imp of a file streamed from disk as the `data` part (after a `schema` part when given). */
function upload(port: number, query: string, file: string, schema?: string): Promise<Timed & { text: string }> {
  const boundary = 'formatbench';
  const head = (schema === undefined ? '' : `--${boundary}\r\nContent-Disposition: form-data; name="schema"\r\n\r\n${schema}\r\n`)
    + `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="upload"\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/imp?${query}`, method: 'POST', headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': Buffer.byteLength(head) + statSync(file).size + Buffer.byteLength(tail),
    } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString('utf8'); });
      res.on('end', () => resolve({ ms: performance.now() - t0, bytes: statSync(file).size, text }));
    });
    req.on('error', reject);
    req.write(head);
    const data = createReadStream(file);
    data.on('end', () => req.end(tail));
    data.pipe(req, { end: false });
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'svc-format-bench-'));
  const server = spawn(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', root], {
    env: { ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout.on('data', (c: Buffer) => { out += c.toString(); });
  server.stderr.on('data', (c: Buffer) => { out += c.toString(); });
  try {
    while (!out.includes('server is ready')) await new Promise((r) => setTimeout(r, 100));
    const port = Number(/http server listening on [^\s]*:(\d+)/.exec(out)?.[1]);
    const rows: [string, string, string][] = [];
    const rate = (n: number, ms: number): string => `${(n / ms / 1000).toFixed(2)}M rows/s (${ms.toFixed(0)} ms)`;
    const schema = JSON.stringify([{ name: 'ts', type: 'TIMESTAMP', pattern: 'yyyy-MM-ddTHH:mm:ss.SSSUUUZ' },
      { name: 'symbol', type: 'SYMBOL' }, { name: 'side', type: 'SYMBOL' }, { name: 'price', type: 'DOUBLE' }, { name: 'amount', type: 'DOUBLE' }]);
    // Imports: median of `runs`, each into a fresh table (overwrite=true).
    const imports = async (file: string, table: string, withSchema?: string): Promise<{ ms: number; rows: number }> => {
      const times: number[] = [];
      let rows = 0;
      for (let r = 0; r < runs; r++) {
        const t = await upload(port, `name=${table}&timestamp=ts&partitionBy=DAY&overwrite=true&fmt=json`, file, withSchema);
        rows = Number((JSON.parse(t.text) as { rowsImported: number }).rowsImported);
        times.push(t.ms);
      }
      return { ms: median(times), rows };
    };
    const csvImport = await imports(csvFile, 'trades', schema);
    const n = csvImport.rows;
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const scratch = mkdtempSync(join(tmpdir(), 'svc-format-bench-duck-'));
    const timeDuck = async (sql: string): Promise<number> => { const t = performance.now(); await duck.run(sql); return performance.now() - t; };
    const duckCsvLoad = await timeDuck(`CREATE TABLE trades AS SELECT * FROM read_csv('${csvFile}', types={'ts':'TIMESTAMP','symbol':'VARCHAR','side':'VARCHAR','price':'DOUBLE','amount':'DOUBLE'})`);
    rows.push(['import CSV (/imp)', rate(n, csvImport.ms), `read_csv ${rate(n, duckCsvLoad)}`]);
    const exports: [string, string][] = [
      ['arrow', '/exp?fmt=arrow&query=trades'], ['csv', '/exp?query=trades'], ['ndjson', '/exp?fmt=ndjson&query=trades'],
      ['parquet', '/exp?fmt=parquet&query=trades'], ['json (/exec)', '/exec?query=trades'],
    ];
    let parquetBody: Buffer | undefined;
    for (const [name, path] of exports) {
      await get(port, path);
      const times: number[] = [];
      let bytes = 0;
      for (let r = 0; r < runs; r++) {
        const t = await get(port, path, name === 'parquet' && r === 0);
        if (t.body) parquetBody = t.body;
        times.push(t.ms);
        bytes = t.bytes;
      }
      let peer = '';
      if (name === 'csv' || name === 'parquet') {
        const format = name === 'csv' ? 'csv' : 'parquet, compression zstd, row_group_size 100000';
        const ts: number[] = [];
        for (let r = 0; r < runs; r++) ts.push(await timeDuck(`COPY trades TO '${join(scratch, `out.${name}`)}' (FORMAT ${format})`));
        const ms = median(ts);
        peer = `COPY TO ${name} ${rate(n, ms)}`;
      }
      rows.push([`export ${name}`, `${rate(n, median(times))}, ${(bytes / 1e6).toFixed(1)} MB`, peer]);
    }
    if (!parquetBody) throw new Error('no Parquet export');
    const parquetFile = join(scratch, 'svc.parquet');
    writeFileSync(parquetFile, parquetBody);
    const pqImport = await imports(parquetFile, 'trades_pq');
    if (pqImport.rows !== n) throw new Error(`Parquet import: ${pqImport.rows} rows`);
    const duckPq = await timeDuck(`CREATE TABLE trades_pq AS SELECT * FROM read_parquet('${parquetFile}')`);
    rows.push(['import Parquet (/imp)', rate(n, pqImport.ms), `read_parquet ${rate(n, duckPq)}`]);
    duck.closeSync();
    rmSync(scratch, { recursive: true, force: true });
    const [l1, l5] = loadavg();
    console.log(`| ${size} trades rows (${n}) | svc | DuckDB (same run) |\n|---|---|---|`);
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
    console.log(`\nload average ${l1.toFixed(1)} / ${l5.toFixed(1)} (1 / 5 min), ${runs} runs, median`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
