/**
 * Time-series query benchmark over the real columnar storage (no HTTP): loads the bench CSVs
 * (`DATA`, default the bench data folder, generated there when missing) through the writer API once
 * into `dir`, then times the bench's queries (median of `runs` warm runs, every batch drained).
 * Usage: `node dist/tools/ts-bench.js [size=10M] [dir=<tmp>/svc-ts-bench-<size>] [runs=5]`; ONLY=id,id;
 * WORKERS=n runs the queries with a pool of n query workers.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { Types } from '../core/data/column-type';
import { Vector } from '../core/data/vector';
import { TableWriter } from '../core/extension/storage-engine';
import { SqlHarness } from '../plugins/sql-engine/sql-harness';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MIN_ROWS } from '../core/parallel/parallel-settings';
import { QueryWorkers } from '../core/parallel/query-workers';
import { BENCH_DATA_DIR, ensureDataset, parseSize } from './bench/bench-datasets';

const DATA = process.env.DATA ?? BENCH_DATA_DIR;
const BATCH = 200_000;

interface Meta { readonly start: string; readonly rows: number }

function micros(s: string): number {
  // 2016-01-01T00:00:00.000000Z: fixed layout, parsed without Date.parse per row.
  const y = +s.slice(0, 4), mo = +s.slice(5, 7), d = +s.slice(8, 10);
  const days = Date.UTC(y, mo - 1, d) / 86_400_000;
  return days * 86_400_000_000 + ((+s.slice(11, 13) * 60 + +s.slice(14, 16)) * 60 + +s.slice(17, 19)) * 1_000_000 + +s.slice(20, 26);
}

async function load(h: SqlHarness, table: string, ddl: string, file: string, kinds: readonly ('ts' | 'sym' | 'dbl')[]): Promise<void> {
  await h.execute(ddl);
  const w: TableWriter = await h.engine.openWriter(table);
  const caches = kinds.map(() => new Map<string, number>());
  let cols = newColumns(kinds);
  let n = 0, rest = '', header = true;
  const flush = async (): Promise<void> => {
    if (n === 0) return;
    const vectors: Vector[] = kinds.map((k, c) => {
      const data = cols[c].subarray(0, n);
      if (k === 'ts') return { type: Types.TIMESTAMP, data };
      if (k === 'sym') return { type: Types.SYMBOL, data, symbols: w.symbolTable(c) };
      return { type: Types.DOUBLE, data };
    });
    await w.append({ rowCount: n, vectors });
    cols = newColumns(kinds);
    n = 0;
  };
  for await (const chunk of createReadStream(file, { encoding: 'latin1', highWaterMark: 1 << 22 })) {
    const text = rest + (chunk as string);
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (header) { header = false; continue; }
      if (line.length === 0) continue;
      const f = line.split(',');
      for (let c = 0; c < kinds.length; c++) {
        const k = kinds[c];
        if (k === 'ts') cols[c][n] = micros(f[c]);
        else if (k === 'dbl') cols[c][n] = +f[c];
        else {
          let key = caches[c].get(f[c]);
          if (key === undefined) { key = w.symbolTable(c).intern(f[c]); caches[c].set(f[c], key); }
          cols[c][n] = key;
        }
      }
      if (++n === BATCH) await flush();
    }
  }
  await flush();
  await w.commit();
  await w.close();
}

function newColumns(kinds: readonly string[]): (Float64Array | Int32Array)[] {
  return kinds.map((k) => (k === 'sym' ? new Int32Array(BATCH) : new Float64Array(BATCH)));
}

function iso(startIso: string, hours: number): string {
  return new Date(Date.parse(startIso) + hours * 3600e3).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

function queries(cpu: Meta): [string, string][] {
  const c0 = cpu.start, r6 = iso(c0, 6), r12 = iso(c0, 12);
  return [
    ['time_range', `SELECT count(*), avg(usage_user), max(usage_idle) FROM cpu WHERE ts >= '${r6}' AND ts < '${r12}'`],
    ['sample_by_1h', 'SELECT ts, avg(usage_user), max(usage_system) FROM cpu SAMPLE BY 1h'],
    ['sample_by_host', "SELECT ts, hostname, avg(usage_user) FROM cpu WHERE hostname IN ('host_1', 'host_7', 'host_42') SAMPLE BY 1h ORDER BY ts, hostname"],
    ['latest_on', 'SELECT * FROM cpu LATEST ON ts PARTITION BY hostname'],
    ['max_per_host', `SELECT hostname, max(usage_user), max(usage_system) FROM cpu WHERE ts >= '${c0}' AND ts < '${r12}' GROUP BY hostname ORDER BY hostname`],
    ['asof_join', "SELECT count(*), avg(a.price / b.price) FROM (SELECT * FROM trades WHERE symbol = 'SYM00') a ASOF JOIN (SELECT * FROM trades WHERE symbol = 'SYM01') b"],
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const size = args[0] ?? '10M';
  const dir = args[1] ?? join(tmpdir(), `svc-ts-bench-${size}`);
  const runs = Number(args[2] ?? 5);
  for (const d of ['cpu', 'trades'] as const) ensureDataset(DATA, d, parseSize(size), console.log);
  const cpuMeta = JSON.parse(readFileSync(`${DATA}/cpu-${size}.meta.json`, 'utf8')) as Meta;
  const count = Number(process.env.WORKERS ?? 0);
  const workers = count > 0 ? new QueryWorkers({ workers: count, minRows: DEFAULT_MIN_ROWS, filter: true, groupBy: true }) : undefined;
  const h = await SqlHarness.open(dir, true, workers);
  try {
    if (!h.engine.getTable('cpu')) {
      const t0 = performance.now();
      await load(h, 'cpu', 'CREATE TABLE cpu (ts TIMESTAMP, hostname SYMBOL, region SYMBOL, usage_user DOUBLE, usage_system DOUBLE, usage_idle DOUBLE, '
        + 'usage_nice DOUBLE, usage_iowait DOUBLE, usage_irq DOUBLE, usage_softirq DOUBLE, usage_steal DOUBLE, usage_guest DOUBLE, usage_guest_nice DOUBLE) '
        + 'TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL', `${DATA}/cpu-${size}.csv`, ['ts', 'sym', 'sym', ...Array<'dbl'>(10).fill('dbl')]);
      console.log(`load cpu ${(performance.now() - t0).toFixed(0)} ms`);
    }
    if (!h.engine.getTable('trades')) {
      const t0 = performance.now();
      await load(h, 'trades', 'CREATE TABLE trades (ts TIMESTAMP, symbol SYMBOL, side SYMBOL, price DOUBLE, amount DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL',
        `${DATA}/trades-${size}.csv`, ['ts', 'sym', 'sym', 'dbl', 'dbl']);
      console.log(`load trades ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const only = process.env.ONLY?.split(',');
    for (const [id, sql] of queries(cpuMeta)) {
      if (only && !only.includes(id)) continue;
      const times: number[] = [], cpu: number[] = [];
      let first: unknown, count = 0;
      for (let r = 0; r <= runs; r++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const q = await h.query(sql);
        const c = process.cpuUsage(c0);
        if (r > 0) { times.push(performance.now() - t0); cpu.push((c.user + c.system) / 1000); } else { first = q.rows[0]; count = q.rows.length; }
      }
      const median = (a: number[]): string => a.sort((x, y) => x - y)[Math.floor(a.length / 2)].toFixed(2).padStart(9);
      console.log(`${id.padEnd(16)} wall ${median(times)} ms  cpu ${median(cpu)} ms  rows=${count} first=${JSON.stringify(first)}`);
    }
  } finally {
    await h.close();
    await workers?.close();
  }
}

main().catch((e: unknown) => { console.error(e); process.exitCode = 1; });
