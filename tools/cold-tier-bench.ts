/**
 * The cold tier at scale (issue 41 item 5): one table of N rows over D days with every partition older than
 * 10 days Parquet and cold on an S3 server on loopback (s3rver, in this process), beside the same rows in a
 * table kept native; then recent-only and full-range queries on both, cold (after a restart: empty cache)
 * and warm, with the server's peak RSS during each, and DuckDB over the same Parquet objects in the same run.
 * Usage: `node dist/tools/cold-tier-bench.js [rows=300000000] [days=100] [dir=/tmp/svc-cold-bench]`.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PROJECT_DIR } from '../core/project';
import { fingerprint, sameFingerprint } from './bench/bench-queries';
import { ServerProcess } from '../features/support/server-process';
import { S3ObjectStore } from '../plugins/storage-object-store/s3-object-store';
import { S3TestServer, TEST_ACCESS_KEY, TEST_SECRET_KEY } from '../plugins/storage-object-store/s3-test-server';

const ROWS = Number(process.argv[2] ?? 300_000_000);
const DAYS = Number(process.argv[3] ?? 100);
const DIR = process.argv[4] ?? '/tmp/svc-cold-bench';
const CHUNK = 10_000_000;
const RECENT_DAYS = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a !== null ? a.port : 0));
    });
  });
}

class Svc {
  process: ServerProcess | undefined;
  constructor(private readonly env: NodeJS.ProcessEnv, private readonly port: number) {}

  async start(): Promise<void> {
    this.process = new ServerProcess(process.execPath, [join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', join(DIR, 'root')], { ...process.env, ...this.env });
    await this.process.waitReady(600_000);
  }

  async stop(): Promise<void> {
    this.process?.child.kill('SIGTERM');
    await this.process?.waitExit(600_000);
  }

  get pid(): number {
    return this.process?.child.pid ?? 0;
  }

  async sql(query: string): Promise<unknown[][]> {
    const r = await fetch(`http://127.0.0.1:${this.port}/exec?query=${encodeURIComponent(query)}`, { signal: AbortSignal.timeout(3_600_000) });
    const body = await r.json() as { dataset?: unknown[][]; error?: string };
    if (r.status !== 200 || body.error !== undefined) throw new Error(`${query}: ${r.status} ${body.error ?? ''}`);
    return body.dataset ?? [];
  }
}

/** RSS of a process in MiB, sampled until `work` settles; returns the work's result, its time and the peak. */
async function measured<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; ms: number; peakMiB: number }> {
  let peak = 0;
  const sample = (): void => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m !== null) peak = Math.max(peak, Number(m[1]) / 1024);
  };
  sample();
  const timer = setInterval(sample, 50);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, peakMiB: peak };
  } finally {
    clearInterval(timer);
    sample();
  }
}

/** The summary of the Iceberg table's current snapshot on the store. */
async function currentSnapshot(store: S3ObjectStore, table: string): Promise<Record<string, string> | undefined> {
  const text = async (key: string): Promise<string | undefined> => {
    const info = await store.head(key);
    return info === undefined ? undefined : Buffer.from(await store.read(key, 0, info.size)).toString();
  };
  const version = await text(`${table}/metadata/version-hint.text`);
  const meta = version === undefined ? undefined : await text(`${table}/metadata/v${version.trim()}.metadata.json`);
  return meta === undefined ? undefined : (JSON.parse(meta) as { snapshots: { summary: Record<string, string> }[] }).snapshots[0]?.summary;
}

const du = (path: string): number => Number(execFileSync('du', ['-sb', path]).toString().split('\t')[0]);
const gib = (b: number): string => `${(b / 2 ** 30).toFixed(2)} GiB`;

async function main(): Promise<void> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(join(DIR, 's3'), { recursive: true });
  mkdirSync(join(DIR, 'root', 'conf'), { recursive: true });
  process.stdout.write(`${execFileSync('df', ['-h', DIR]).toString()}`);
  const s3 = new S3TestServer('svc-cold', join(DIR, 's3'));
  await s3.start();
  const port = await freePort();
  writeFileSync(join(DIR, 'root', 'conf', 'server.conf'), [
    `http.net.bind.to=127.0.0.1:${port}`, `http.min.net.bind.to=127.0.0.1:${await freePort()}`,
    `pg.net.bind.to=127.0.0.1:${await freePort()}`, `line.tcp.net.bind.to=127.0.0.1:${await freePort()}`,
    `cold.store.endpoint=${s3.endpoint}`, 'cold.store.bucket=svc-cold', 'cold.store.prefix=bench',
    `cold.store.access.key=${TEST_ACCESS_KEY}`, `cold.store.secret.key=${TEST_SECRET_KEY}`,
    `cold.after=${RECENT_DAYS}d`, 'cold.check.interval=1s', 'cold.cache.size=1g', 'http.security.max.response.rows=1000000',
    'query.timeout=3600s', 'cairo.column.cache.size=1g',
  ].join('\n') + '\n');
  const svc = new Svc({}, port);
  await svc.start();
  const stepUs = Math.floor((DAYS * 86_400_000_000) / ROWS);
  const today = new Date();
  const startUs = (Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - DAYS * 86_400_000) * 1000;
  for (const t of ['cold_t', 'native_t']) {
    await svc.sql(`create table ${t} (ts timestamp, sym symbol, price double, qty long) timestamp(ts) partition by day bypass wal`);
    const t0 = performance.now();
    for (let first = 0; first < ROWS; first += CHUNK) {
      const n = Math.min(CHUNK, ROWS - first);
      await svc.sql(`insert into ${t} select cast(${startUs} + (x + ${first}) * ${stepUs} as timestamp) ts, cast('s' || ((x + ${first}) % 16) as symbol),`
        + ` ((x + ${first}) % 10000) * 0.01, x + ${first} from long_sequence(${n})`);
    }
    process.stdout.write(`${t}: ${ROWS} rows written in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  const c0 = performance.now();
  await svc.sql(`alter table cold_t convert partition to parquet where ts < dateadd('d', -${RECENT_DAYS}, date_trunc('day', now()))`);
  process.stdout.write(`converted to Parquet in ${((performance.now() - c0) / 1000).toFixed(0)} s\n`);
  const expectCold = DAYS - RECENT_DAYS - 1;
  const store = new S3ObjectStore(s3.settings('bench'));
  for (;;) {
    if (Number((await currentSnapshot(store, 'cold_t'))?.['total-data-files'] ?? 0) >= expectCold) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  store.close();
  process.stdout.write(`${expectCold} partitions cold after ${((performance.now() - c0) / 1000).toFixed(0)} s\n`);
  const db = join(DIR, 'root', 'db');
  const dirs = execFileSync('ls', [db]).toString().split('\n').filter((d) => d !== '');
  const coldDir = dirs.find((d) => d.startsWith('cold_t')) ?? '';
  const nativeDir = dirs.find((d) => d.startsWith('native_t')) ?? '';
  process.stdout.write(`local disk: cold_t ${gib(du(join(db, coldDir)))}, native_t ${gib(du(join(db, nativeDir)))}; store ${gib(du(join(DIR, 's3')))}\n`);

  const queries: [string, string][] = [
    ['recent: count, sum, avg', `select count(), sum(price), avg(qty) from {t} where ts >= dateadd('d', -5, date_trunc('day', now()))`],
    ['full: count, sum, avg', 'select count(), sum(price), avg(qty) from {t}'],
    ['full: sample by 1d', 'select ts, count(), sum(qty) from {t} sample by 1d'],
    ['full: one symbol', `select count(), sum(price) from {t} where sym = 's3'`],
  ];
  await svc.stop();
  await svc.start();
  process.stdout.write('\n| query | table | first run (cold cache) | second run (warm) | peak RSS |\n|---|---|---|---|---|\n');
  for (const [label, q] of queries) {
    const answers: unknown[][][] = [];
    for (const t of ['cold_t', 'native_t']) {
      const first = await measured(svc.pid, () => svc.sql(q.replace('{t}', t)));
      const second = await measured(svc.pid, () => svc.sql(q.replace('{t}', t)));
      answers.push(second.result);
      process.stdout.write(`| ${label} | ${t} | ${(first.ms / 1000).toFixed(2)} s | ${(second.ms / 1000).toFixed(2)} s | ${Math.max(first.peakMiB, second.peakMiB).toFixed(0)} MiB |\n`);
    }
    // float sums over differently ordered rows differ in the last bits: compared as the bench compares (1e-6 relative)
    if (!sameFingerprint(fingerprint(answers[0], true), fingerprint(answers[1], true))) {
      process.stdout.write(`  ANSWERS DIFFER: ${JSON.stringify(answers[0]).slice(0, 200)} vs ${JSON.stringify(answers[1]).slice(0, 200)}\n`);
    }
  }
  process.stdout.write(`cache: ${gib(du(join(DIR, 'root', 'cold-cache')))}\n`);
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const files = `read_parquet('${join(DIR, 's3', 'svc-cold', 'bench', 'cold_t')}/*=*/*._S3rver_object', hive_partitioning = true)`;
  for (const [label, q] of [['DuckDB: cold files count, sum, avg', `select count(*), sum(price), avg(qty) from ${files}`]] as const) {
    const d0 = performance.now();
    await duck.runAndReadAll(q);
    const d1 = performance.now();
    await duck.runAndReadAll(q);
    process.stdout.write(`| ${label} | (Parquet objects on the store's disk) | ${((d1 - d0) / 1000).toFixed(2)} s | ${((performance.now() - d1) / 1000).toFixed(2)} s | (this process) |\n`);
  }
  duck.closeSync();
  await svc.stop();
  await s3.stop();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
