/**
 * SQL engine micro-benchmark over the real columnar storage (no HTTP): builds `cpu` and `trades` tables
 * shaped like the bench datasets () through the writer API, then times the
 * bench's non-time-series queries (median of `runs`, every batch drained).
 * Usage: `node dist/tools/engine-bench.js [rows=10000000] [dir] [runs=5] [--skip-load]`.
 */
import { existsSync } from 'node:fs';
import { Types } from '../core/data/column-type';
import { Vector } from '../core/data/vector';
import { SqlHarness } from '../plugins/sql-engine/sql-harness';

const BATCH = 100_000;

async function loadCpu(h: SqlHarness, rows: number): Promise<void> {
  await h.execute('CREATE TABLE cpu (ts TIMESTAMP, hostname SYMBOL, region SYMBOL, usage_user DOUBLE, usage_system DOUBLE, usage_idle DOUBLE, '
    + 'usage_nice DOUBLE, usage_iowait DOUBLE, usage_irq DOUBLE, usage_softirq DOUBLE, usage_steal DOUBLE, usage_guest DOUBLE, usage_guest_nice DOUBLE) '
    + 'TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const hosts = Math.min(1000, Math.max(100, Math.floor(rows / 10000)));
  const w = await h.engine.openWriter('cpu');
  const hostKeys = Array.from({ length: hosts }, (_x, i) => w.symbolTable(1).intern(`host_${i}`));
  const regionKeys = Array.from({ length: 8 }, (_x, i) => w.symbolTable(2).intern(`region_${i}`));
  let seed = 42;
  const start = Date.parse('2016-01-01T00:00:00Z') * 1000;
  for (let lo = 0; lo < rows; lo += BATCH) {
    const n = Math.min(BATCH, rows - lo);
    const ts = new Float64Array(n), host = new Int32Array(n), region = new Int32Array(n);
    const doubles = Array.from({ length: 10 }, () => new Float64Array(n));
    for (let i = 0; i < n; i++) {
      const r = lo + i;
      ts[i] = start + Math.floor(r / hosts) * 10_000_000;
      host[i] = hostKeys[r % hosts];
      region[i] = regionKeys[(r % hosts) % 8];
      for (const d of doubles) { seed = (seed * 1103515245 + 12345) % 2147483648; d[i] = Math.round((seed / 2147483648) * 10000) / 100; }
    }
    const vectors: Vector[] = [{ type: Types.TIMESTAMP, data: ts }, { type: Types.SYMBOL, data: host, symbols: w.symbolTable(1) },
      { type: Types.SYMBOL, data: region, symbols: w.symbolTable(2) }, ...doubles.map((data) => ({ type: Types.DOUBLE, data }))];
    await w.append({ rowCount: n, vectors });
  }
  await w.commit();
  await w.close();
}

async function loadTrades(h: SqlHarness, rows: number): Promise<void> {
  await h.execute('CREATE TABLE trades (ts TIMESTAMP, symbol SYMBOL, side SYMBOL, price DOUBLE, amount DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const w = await h.engine.openWriter('trades');
  const symbols = Array.from({ length: 50 }, (_x, i) => w.symbolTable(1).intern(`SYM${String(i).padStart(2, '0')}`));
  const sides = [w.symbolTable(2).intern('buy'), w.symbolTable(2).intern('sell')];
  const weights = Array.from({ length: 50 }, (_x, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cdf: number[] = [];
  weights.reduce((acc, x) => { cdf.push((acc + x) / total); return acc + x; }, 0);
  let seed = 7;
  const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const start = Date.parse('2024-01-01T00:00:00Z') * 1000;
  const step = 86_400_000_000 / rows;
  for (let lo = 0; lo < rows; lo += BATCH) {
    const n = Math.min(BATCH, rows - lo);
    const ts = new Float64Array(n), sym = new Int32Array(n), side = new Int32Array(n), price = new Float64Array(n), amount = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      ts[i] = start + Math.floor((lo + i) * step);
      const u = rnd();
      let k = 0;
      while (cdf[k] < u) k++;
      sym[i] = symbols[k];
      side[i] = sides[rnd() < 0.5 ? 0 : 1];
      price[i] = Math.round((100 + k * 20 + rnd() * 10) * 10000) / 10000;
      amount[i] = Math.round((0.0001 + rnd() * 10) * 10000) / 10000;
    }
    await w.append({ rowCount: n, vectors: [{ type: Types.TIMESTAMP, data: ts }, { type: Types.SYMBOL, data: sym, symbols: w.symbolTable(1) },
      { type: Types.SYMBOL, data: side, symbols: w.symbolTable(2) }, { type: Types.DOUBLE, data: price }, { type: Types.DOUBLE, data: amount }] });
  }
  await w.commit();
  await w.close();
}

const QUERIES: [string, string][] = [
  ['count', 'SELECT count(*) FROM cpu'],
  ['sum_avg', 'SELECT sum(usage_user), avg(usage_system), avg(usage_idle) FROM cpu'],
  ['filter_count', 'SELECT count(*) FROM cpu WHERE usage_user > 90 AND usage_system < 10'],
  ['symbol_avg', "SELECT avg(price), sum(amount), count(*) FROM trades WHERE symbol = 'SYM07'"],
  ['time_range', "SELECT count(*), avg(usage_user), max(usage_idle) FROM cpu WHERE ts >= '2016-01-01T06:00:00.000000Z' AND ts < '2016-01-01T12:00:00.000000Z'"],
  ['groupby_symbol', 'SELECT symbol, count(*), sum(amount), avg(price), min(price), max(price) FROM trades GROUP BY symbol ORDER BY symbol'],
  ['last10', 'SELECT * FROM trades ORDER BY ts DESC LIMIT 10'],
  ['max_per_host', "SELECT hostname, max(usage_user), max(usage_system) FROM cpu WHERE ts >= '2016-01-01T00:00:00.000000Z' AND ts < '2016-01-01T12:00:00.000000Z' GROUP BY hostname ORDER BY hostname"],
  ['highcard_groupby', 'SELECT amount, count(*) c FROM trades GROUP BY amount ORDER BY c DESC, amount LIMIT 10'],
];

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const rows = Number(args[0] ?? 10_000_000);
  const dir = args[1];
  const runs = Number(args[2] ?? 5);
  const h = await SqlHarness.open(dir);
  try {
    if (!process.argv.includes('--skip-load') || !existsSync(`${dir ?? ''}/cpu`)) {
      const t0 = performance.now();
      if (!h.engine.getTable('cpu')) await loadCpu(h, rows);
      if (!h.engine.getTable('trades')) await loadTrades(h, rows);
      console.log(`load ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const only = process.env.ONLY?.split(',');
    for (const [id, sql] of QUERIES) {
      if (only && !only.includes(id)) continue;
      const times: number[] = [];
      const cpu: number[] = [];
      let first: unknown;
      for (let r = 0; r <= runs; r++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const q = await h.query(sql);
        const c = process.cpuUsage(c0);
        if (r > 0) { times.push(performance.now() - t0); cpu.push((c.user + c.system) / 1000); } else first = q.rows[0];
      }
      const median = (a: number[]): string => a.sort((x, y) => x - y)[Math.floor(a.length / 2)].toFixed(2).padStart(9);
      // On a shared machine CPU time shows the engine's cost better than wall time.
      console.log(`${id.padEnd(18)} wall ${median(times)} ms  cpu ${median(cpu)} ms  jit=${h.compiler.compile(sql).jitCompiled}  first=${JSON.stringify(first)}`);
    }
  } finally {
    await h.close();
  }
}

main().catch((e: unknown) => { console.error(e); process.exitCode = 1; });
