import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Types } from '../data/column-type';
import { Vector } from '../data/vector';
import { SqlHarness } from '../../plugins/sql-engine/sql-harness';
import { QueryWorkers } from '../parallel/query-workers';
import { requiredSymbols } from './symbol-narrowing';
import * as buckets from '../time/bucket-starts';
import { CompiledFilter } from './compiled-filter';

// A table of 200 symbols (each well under 1/64 of the rows, so a scan narrows to its posting rows) with
// nulls, over three partitions with a gap. Every narrowed query is compared with the same predicate
// written as an OR, which the scan cannot narrow: same rows, same order, same sums.
const ROWS = 40_000;
const DAY = 86_400_000_000;
const START = Date.parse('2024-01-01T00:00:00Z') * 1000;

let workers: QueryWorkers;
let sql: SqlHarness;

before(async () => {
  workers = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true });
  sql = await SqlHarness.open(undefined, true, workers);
  await sql.execute('CREATE TABLE t (ts TIMESTAMP, s SYMBOL, d DOUBLE, g SYMBOL) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const w = await sql.engine.openWriter('t');
  let seed = 9;
  const rnd = (): number => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed / 4294967296; };
  const keys = Array.from({ length: 200 }, (_x, k) => w.symbolTable(1).intern(`k${k}`));
  const groups = ['x', 'y'].map((g) => w.symbolTable(3).intern(g));
  const ts = Float64Array.from({ length: ROWS }, (_x, r) => START + [0, 1, 3][Math.floor((r * 3) / ROWS)] * DAY + (r % (ROWS / 3)) * 2_000_000);
  const vectors: Vector[] = [
    { type: Types.TIMESTAMP, data: ts },
    { type: Types.SYMBOL, data: Int32Array.from({ length: ROWS }, () => (rnd() < 0.05 ? -1 : keys[Math.floor(rnd() * 200)])), symbols: w.symbolTable(1) },
    { type: Types.DOUBLE, data: Float64Array.from({ length: ROWS }, () => (rnd() < 0.1 ? NaN : Math.round(rnd() * 1000) / 8)) },
    { type: Types.SYMBOL, data: Int32Array.from({ length: ROWS }, () => groups[Math.floor(rnd() * 2)]), symbols: w.symbolTable(3) },
  ];
  await w.append({ rowCount: ROWS, vectors });
  await w.commit();
  await w.close();
});

after(async () => {
  await sql.close();
  await workers.close();
});

/** Runs `narrowed` and its unnarrowable twin `reference`; both must give the same rows. */
async function same(narrowed: string, reference: string): Promise<unknown[][]> {
  const plan = await sql.query(`EXPLAIN ${narrowed}`);
  assert.ok(plan.rows.some((r) => String(r[0]).includes('symbols=')), `the scan takes the symbol values: ${narrowed}`);
  const tasks = workers.stats.tasks;
  const a = await sql.query(narrowed);
  assert.equal(workers.stats.tasks, tasks, `a narrowed scan runs on the request thread: ${narrowed}`);
  const b = await sql.query(reference);
  assert.deepEqual(a.columns, b.columns);
  assert.equal(a.rows.length, b.rows.length, narrowed);
  a.rows.forEach((row, r) => row.forEach((v, c) => {
    const w = b.rows[r][c];
    const ok = typeof v === 'number' && typeof w === 'number' ? Math.abs(v - w) <= 1e-9 * Math.max(1, Math.abs(v)) || (Number.isNaN(v) && Number.isNaN(w)) : v === w;
    assert.ok(ok, `${narrowed}: row ${r} column ${c}: ${String(v)} != ${String(w)}`);
  }));
  return a.rows;
}

test('equality and IN on a symbol narrow the scan and give the rows of the unnarrowed predicate', async () => {
  const one = await same("SELECT count(), sum(d), avg(d), min(ts), max(ts) FROM t WHERE s = 'k7'", "SELECT count(), sum(d), avg(d), min(ts), max(ts) FROM t WHERE s = 'k7' OR s = 'k7'");
  assert.ok(Number(one[0][0]) > 100);
  await same("SELECT * FROM t WHERE s IN ('k1', 'k150', 'k1', 'nope')", "SELECT * FROM t WHERE s = 'k1' OR s = 'k150' OR s = 'nope'");
  await same("SELECT * FROM t WHERE 'k9' = s AND d > 20", "SELECT * FROM t WHERE (s = 'k9' OR s = 'k9') AND d > 20");
  const none = await same("SELECT count() FROM t WHERE s = 'nope'", "SELECT count() FROM t WHERE s = 'nope' OR s = 'nope'");
  assert.equal(none[0][0], 0);
});

test('narrowed scans under SAMPLE BY, GROUP BY, LIMIT and a time range', async () => {
  await same("SELECT ts, s, avg(d) FROM t WHERE s IN ('k3', 'k4', 'k5') SAMPLE BY 1h ORDER BY ts, s",
    "SELECT ts, s, avg(d) FROM t WHERE s = 'k3' OR s = 'k4' OR s = 'k5' SAMPLE BY 1h ORDER BY ts, s");
  await same("SELECT g, count(), max(d) FROM t WHERE s IN ('k10', 'k11') ORDER BY g", "SELECT g, count(), max(d) FROM t WHERE s = 'k10' OR s = 'k11' ORDER BY g");
  await same("SELECT ts, d FROM t WHERE s = 'k12' LIMIT 5", "SELECT ts, d FROM t WHERE s = 'k12' OR s = 'k12' LIMIT 5");
  await same("SELECT count(), sum(d) FROM t WHERE ts >= '2024-01-01T12:00:00.000000Z' AND ts < '2024-01-04T03:00:00.000000Z' AND s = 'k20'",
    "SELECT count(), sum(d) FROM t WHERE ts >= '2024-01-01T12:00:00.000000Z' AND ts < '2024-01-04T03:00:00.000000Z' AND (s = 'k20' OR s = 'k20')");
});

test('a symbol common enough is scanned as before (in the workers), and a new commit is seen', async () => {
  const tasks = workers.stats.tasks;
  const all = await sql.query("SELECT count() FROM t WHERE g = 'x'");
  assert.ok(workers.stats.tasks > tasks, 'half the rows: the workers scan');
  assert.ok(Number(all.rows[0][0]) > ROWS / 3);
  const before = await sql.query("SELECT count() FROM t WHERE s = 'k7'");
  await sql.execute("INSERT INTO t VALUES ('2024-01-04T20:00:00.000000Z', 'k7', 1.0, 'x')");
  const after = await same("SELECT count() FROM t WHERE s = 'k7'", "SELECT count() FROM t WHERE s = 'k7' OR s = 'k7'");
  assert.equal(Number(after[0][0]), Number(before.rows[0][0]) + 1);
});

test('only a top-level equality or IN with constant text on a SYMBOL column gives symbol values', async () => {
  const where = async (w: string): Promise<string | undefined> => {
    const plan = await sql.query(`EXPLAIN SELECT * FROM t WHERE ${w}`);
    return plan.rows.map((r) => String(r[0])).find((l) => l.includes('Scan('))?.trim();
  };
  assert.equal(await where("s = 'a' AND d > 1"), 'Scan(t, symbols=1)');
  assert.equal(await where("s IN ('a', 'b')"), 'Scan(t, symbols=2)');
  assert.equal(await where("s = 'a' OR d > 1"), 'Scan(t)');
  assert.equal(await where("s != 'a'"), 'Scan(t)');
  assert.equal(await where("s IN ('a', NULL)"), 'Scan(t)');
  assert.equal(requiredSymbols(undefined, () => 0), undefined);
});

test('a narrowed scan under SAMPLE BY gives bucket starts for the timestamp only when nothing else reads it', async () => {
  // Count the storage's calls of bucketStarts (time/bucket-starts.ts), the rows' bucket starts.
  const module = buckets as { bucketStarts: typeof buckets.bucketStarts };
  const real = module.bucketStarts;
  let calls = 0;
  module.bucketStarts = (...args) => { calls++; real(...args); };
  try {
    const used = async (narrowed: string, reference: string): Promise<boolean> => {
      const before = calls;
      await same(narrowed, reference);
      return calls > before;
    };
    assert.ok(await used("SELECT ts, s, count(), sum(d) FROM t WHERE s IN ('k3', 'k4') SAMPLE BY 7m ORDER BY ts, s",
      "SELECT ts, s, count(), sum(d) FROM t WHERE s = 'k3' OR s = 'k4' SAMPLE BY 7m ORDER BY ts, s"));
    assert.ok(await used("SELECT ts, avg(d) FROM t WHERE s = 'k8' SAMPLE BY 1h FROM '2024-01-01T05:00:03.000000Z' TO '2024-01-04T01:00:00.000000Z' FILL(NULL)",
      "SELECT ts, avg(d) FROM t WHERE s = 'k8' OR s = 'k8' SAMPLE BY 1h FROM '2024-01-01T05:00:03.000000Z' TO '2024-01-04T01:00:00.000000Z' FILL(NULL)"));
    assert.ok(await used("SELECT ts, count() FROM t WHERE s = 'k8' SAMPLE BY 1h ALIGN TO CALENDAR WITH OFFSET '00:10'",
      "SELECT ts, count() FROM t WHERE s = 'k8' OR s = 'k8' SAMPLE BY 1h ALIGN TO CALENDAR WITH OFFSET '00:10'"));
    // The timestamp read by an aggregate or the filter, or a clock from the first row: every row's own timestamp.
    assert.ok(!await used("SELECT ts, max(ts), count() FROM t WHERE s = 'k8' SAMPLE BY 1h", "SELECT ts, max(ts), count() FROM t WHERE s = 'k8' OR s = 'k8' SAMPLE BY 1h"));
    assert.ok(!await used("SELECT ts, count() FROM t WHERE s = 'k8' AND second(ts) = 4 SAMPLE BY 1h",
      "SELECT ts, count() FROM t WHERE (s = 'k8' OR s = 'k8') AND second(ts) = 4 SAMPLE BY 1h"));
    assert.ok(!await used("SELECT ts, count() FROM t WHERE s = 'k8' SAMPLE BY 1h ALIGN TO FIRST OBSERVATION",
      "SELECT ts, count() FROM t WHERE s = 'k8' OR s = 'k8' SAMPLE BY 1h ALIGN TO FIRST OBSERVATION"));
    assert.ok(!await used("SELECT ts, count() FROM t WHERE s = 'k8' SAMPLE BY 1h ALIGN TO CALENDAR TIME ZONE 'Europe/Berlin'",
      "SELECT ts, count() FROM t WHERE s = 'k8' OR s = 'k8' SAMPLE BY 1h ALIGN TO CALENDAR TIME ZONE 'Europe/Berlin'"));
  } finally {
    module.bucketStarts = real;
  }
});

test('a WHERE that is only the narrowing conjunct does not test the narrowed rows again; one with more conjuncts does', async () => {
  // Count the rows the compiled filter tests (CompiledFilter.prepare's runner).
  const prepare = CompiledFilter.prototype.prepare;
  let tested = 0;
  CompiledFilter.prototype.prepare = function (this: CompiledFilter, ...args: Parameters<typeof prepare>) {
    const run = prepare.apply(this, args);
    return (batch, sel) => { tested += batch.rowCount; return run(batch, sel); };
  };
  try {
    const rowsTested = async (narrowed: string, reference: string): Promise<number> => {
      const before = tested;
      await same(narrowed, reference);
      return tested - before;
    };
    // Narrowed scans run on the request thread, where the compiled filter's runner is counted.
    assert.equal(await rowsTested("SELECT ts, d FROM t WHERE s IN ('k1', 'k2')", "SELECT ts, d FROM t WHERE s = 'k1' OR s = 'k2'"), 0);
    assert.equal(await rowsTested("SELECT ts, s, count() FROM t WHERE s = 'k4' SAMPLE BY 1h", "SELECT ts, s, count() FROM t WHERE s = 'k4' OR s = 'k4' SAMPLE BY 1h"), 0);
    assert.ok(await rowsTested("SELECT ts, d FROM t WHERE s = 'k9' AND d > 20", "SELECT ts, d FROM t WHERE (s = 'k9' OR s = 'k9') AND d > 20") > 0,
      'a second conjunct is still tested');
  } finally {
    CompiledFilter.prototype.prepare = prepare;
  }
});
