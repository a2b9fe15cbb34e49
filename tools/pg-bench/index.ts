/**
 * PostgreSQL wire protocol benchmark, side by side with /exec in the same run (docs/postgresql.md,
 * "Speed"). A temporary root gets a `trades` table of `--rows` rows (default 1,000,000), the real server
 * starts as a child process, and then:
 *
 * 1. the whole table (`SELECT * FROM trades`) as /exec JSON, over PostgreSQL in text and in binary:
 *    time to the last byte, median of `--runs` (5), MB, rows/s and the server's CPU time per run;
 * 2. small parameterised queries (one symbol, a one-minute window) from `--connections` (8) clients for
 *    `--seconds` (10): node-postgres with a named prepared statement, and the same queries through /exec
 *    over keep-alive HTTP.
 *
 *   npm run build && node dist/tools/pg-bench/index.js [--rows 1000000] [--runs 5] [--connections 8] [--seconds 10]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { execJson, PgConnection, Transfer } from './result-transfer';
import { startServer, ServerProcess } from './server-process';
import { writeTrades } from './trades-table';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const rows = Number(args.get('rows') ?? 1_000_000);
const runs = Number(args.get('runs') ?? 5);
const connections = Number(args.get('connections') ?? 8);
const seconds = Number(args.get('seconds') ?? 10);
const DAY_START = Date.UTC(2024, 0, 1);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(server: ServerProcess, once: () => Promise<Transfer>): Promise<{ t: Transfer; cpu: number }> {
  await once(); // warm-up: columns cached, code optimised
  const times: number[] = [], cpus: number[] = [];
  let last: Transfer = { ms: 0, bytes: 0, rows: 0 };
  for (let i = 0; i < runs; i++) {
    const c0 = server.cpuMs();
    last = await once();
    cpus.push(server.cpuMs() - c0);
    times.push(last.ms);
  }
  return { t: { ...last, ms: median(times) }, cpu: median(cpus) };
}

/** The k-th small query's values: a symbol and a one-minute window of the day. */
function smallQuery(k: number): [string, string, string] {
  const from = DAY_START + ((k * 7919) % 1439) * 60_000;
  return [`SYM${String(k % 10).padStart(2, '0')}`, new Date(from).toISOString(), new Date(from + 60_000).toISOString()];
}

const SMALL = 'SELECT ts, side, price, amount FROM trades WHERE symbol = $1 AND ts >= $2 AND ts < $3';

interface Throughput { readonly qps: number; readonly p50: number; readonly p99: number; readonly cpuUs: number }

async function pgQueriesPerSecond(server: ServerProcess): Promise<Throughput> {
  const port = server.pg;
  const clients = await Promise.all(Array.from({ length: connections }, async () => {
    const c = new Client({ host: '127.0.0.1', port, user: 'admin', password: 'quest', database: 'qdb' });
    await c.connect();
    return c;
  }));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const cpu0 = server.cpuMs();
  let k = 0;
  await Promise.all(clients.map(async (c) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await c.query({ name: 'small', text: SMALL, values: smallQuery(k++) });
      latencies.push(performance.now() - t0);
    }
  }));
  const cpuUs = ((server.cpuMs() - cpu0) * 1000) / latencies.length;
  await Promise.all(clients.map((c) => c.end()));
  return summary(latencies, cpuUs);
}

function summary(latencies: number[], cpuUs: number): Throughput {
  latencies.sort((a, b) => a - b);
  return { qps: latencies.length / seconds, p50: latencies[Math.floor(latencies.length / 2)], p99: latencies[Math.floor(latencies.length * 0.99)], cpuUs };
}

async function execQueriesPerSecond(server: ServerProcess): Promise<Throughput> {
  const port = server.http;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const one = (sql: string): Promise<void> => new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/exec?query=${encodeURIComponent(sql)}`, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    }).on('error', reject).end();
  });
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const cpu0 = server.cpuMs();
  let k = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const [sym, from, to] = smallQuery(k++);
      const t0 = performance.now();
      await one(`SELECT ts, side, price, amount FROM trades WHERE symbol = '${sym}' AND ts >= '${from}' AND ts < '${to}'`);
      latencies.push(performance.now() - t0);
    }
  }));
  const cpuUs = ((server.cpuMs() - cpu0) * 1000) / latencies.length;
  agent.destroy();
  return summary(latencies, cpuUs);
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'svc-pg-bench-'));
  let server: ServerProcess | undefined;
  try {
    mkdirSync(join(root, 'db'), { recursive: true });
    await writeTrades(join(root, 'db'), rows);
    server = await startServer(root);
    console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}; ${rows} rows; median of ${runs}`);
    const sql = 'SELECT * FROM trades';
    const pg = await PgConnection.open(server.pg);
    const s = server;
    const results: [string, { t: Transfer; cpu: number }][] = [
      ['/exec JSON', await timed(s, () => execJson(s.http, sql))],
      ['PostgreSQL text', await timed(s, () => pg.result(sql, false))],
      ['PostgreSQL binary', await timed(s, () => pg.result(sql, true))],
    ];
    pg.close();
    const json = results[0][1].t.ms;
    console.log('| result of SELECT * FROM trades | rows | MB | ms (wall) | M rows/s | server CPU ms | vs /exec JSON |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [name, { t, cpu }] of results) {
      console.log(`| ${name} | ${t.rows} | ${(t.bytes / 1e6).toFixed(1)} | ${t.ms.toFixed(0)} | ${(t.rows / t.ms / 1000).toFixed(2)} | ${cpu.toFixed(0)} | ${(json / t.ms).toFixed(2)}× |`);
    }
    const p = await pgQueriesPerSecond(server);
    const e = await execQueriesPerSecond(server);
    // Server CPU per query is what the load of other processes does not change; 1e6 / it is the rate one core could serve.
    console.log(`\n| small parameterised query, ${connections} connections, ${seconds} s | queries/s | p50 ms | p99 ms | server CPU µs/query | queries per server CPU-second |\n|---|---|---|---|---|---|`);
    for (const [name, t] of [['PostgreSQL (node-postgres, prepared)', p], ['/exec (keep-alive HTTP, literal values)', e]] as const) {
      console.log(`| ${name} | ${t.qps.toFixed(0)} | ${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} | ${t.cpuUs.toFixed(0)} | ${(1e6 / t.cpuUs).toFixed(0)} |`);
    }
    console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  } finally {
    server?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
