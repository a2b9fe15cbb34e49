import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Types } from '../data/column-type';
import { INT_NULL, LONG_NULL } from '../data/null-values';
import { Vector } from '../data/vector';
import { readValue } from '../sql/vector/sql-value';
import { SqlHarness } from '../../plugins/sql-engine/sql-harness';
import { QueryWorkers } from './query-workers';
import { radixStats } from './radix-aggregate';
import { denseStats } from './dense-keys';
import { SqlCompiler } from '../sql/sql-compiler';
import { Filter } from '../sql/operators/filter';
import { PlanNode } from '../sql/plan';
import { QuestDbSqlGrammar } from '../../plugins/sql-grammar/questdb-sql-grammar';
import { builtinFunctions } from '../../plugins/sql-functions/builtin-functions';

// The same queries through the worker pool (every scan parallel: min rows 0) and on the main thread
// only, over one table: random values with NULLs and NaN, three days of four filled (one partition
// missing from the middle), and a single-row table.
const ROWS = 30_000;
const DAY = 86_400_000_000;
const START = Date.parse('2024-01-01T00:00:00Z') * 1000;

let workers: QueryWorkers;
let parallel: SqlHarness;
let serial: SqlCompiler;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

before(async () => {
  workers = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true });
  parallel = await SqlHarness.open(undefined, true, workers);
  serial = new SqlCompiler(new QuestDbSqlGrammar(), parallel.engine, builtinFunctions, { jit: true });
  await parallel.execute('CREATE TABLE t (ts TIMESTAMP, s SYMBOL, d DOUBLE, i INT, l LONG, f FLOAT, sh SHORT, k DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  await parallel.execute('CREATE TABLE one (ts TIMESTAMP, s SYMBOL, d DOUBLE, i INT) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  await parallel.execute("INSERT INTO one VALUES ('2024-01-01T00:00:00.000000Z', 'a', 1.5, 7)");
  const w = await parallel.engine.openWriter('t');
  const rnd = random(42);
  const symbols = ['a', 'b', 'c', 'd', 'e'].map((x) => w.symbolTable(1).intern(x));
  const nul = (): boolean => rnd() < 0.1;
  // Days 0, 1 and 3: day 2 has no partition.
  const ts = Float64Array.from({ length: ROWS }, (_x, r) => START + [0, 1, 3][Math.floor((r * 3) / ROWS)] * DAY + (r % (ROWS / 3)) * 1_000_000);
  const vectors: Vector[] = [
    { type: Types.TIMESTAMP, data: ts },
    { type: Types.SYMBOL, data: Int32Array.from({ length: ROWS }, () => (nul() ? -1 : symbols[Math.floor(rnd() * 5)])), symbols: w.symbolTable(1) },
    { type: Types.DOUBLE, data: Float64Array.from({ length: ROWS }, () => (nul() ? NaN : Math.round((rnd() - 0.3) * 1000) / 8)) },
    { type: Types.INT, data: Int32Array.from({ length: ROWS }, () => (nul() ? INT_NULL : Math.floor((rnd() - 0.5) * 100))) },
    { type: Types.LONG, data: Float64Array.from({ length: ROWS }, () => (nul() ? LONG_NULL : Math.floor((rnd() - 0.5) * 1e12))) },
    { type: Types.FLOAT, data: Float32Array.from({ length: ROWS }, () => (nul() ? NaN : Math.round(rnd() * 100) / 4)) },
    { type: Types.SHORT, data: Int16Array.from({ length: ROWS }, () => Math.floor((rnd() - 0.5) * 300)) },
    { type: Types.DOUBLE, data: Float64Array.from({ length: ROWS }, () => (nul() ? NaN : Math.floor(rnd() * 3000) / 4)) },
  ];
  await w.append({ rowCount: ROWS, vectors });
  await w.commit();
  await w.close();
});

after(async () => {
  await parallel.close();
  await workers.close();
});

function near(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return a === b;
}

/**
 * Runs `sql` both ways; the rows must be equal (sums within 1e-9, their order of addition differs).
 * `inWorkers` false: a scan that touches no row stays on the main thread.
 */
async function same(sql: string, inWorkers = true): Promise<unknown[][]> {
  const tasks = workers.stats.tasks;
  const p = await parallel.query(sql);
  assert.equal(workers.stats.tasks > tasks, inWorkers, `ran in the workers: ${sql}`);
  const s = await parallel.query(sql, serial);
  assert.deepEqual(p.columns, s.columns);
  assert.equal(p.rows.length, s.rows.length, `row count of ${sql}`);
  p.rows.forEach((row, r) => row.forEach((v, c) => assert.ok(near(v, s.rows[r][c]), `${sql}: row ${r} column ${c}: ${String(v)} != ${String(s.rows[r][c])}`)));
  return p.rows;
}

const AGGREGATES = 'count(), sum(d), avg(d), min(d), max(d), min(i), max(i), min(l), max(l), avg(f), min(f), max(sh), min(ts), max(ts)';

test('aggregates without keys equal the main thread\'s, with nulls and NaN', async () => {
  const rows = await same(`SELECT ${AGGREGATES} FROM t`);
  assert.equal(rows[0][0], ROWS);
});

test('sum and avg of INT and LONG columns stay on the main thread, which checks every batch for sums past 2^53', async () => {
  await same('SELECT sum(l), sum(i), avg(i), count() FROM t', false);
  await same('SELECT s, sum(l), avg(i) FROM t ORDER BY s', false);
});

test('aggregates under filters equal the main thread\'s: doubles, ints, symbols, IN, an unknown symbol', async () => {
  await same(`SELECT ${AGGREGATES} FROM t WHERE d > 10 AND i < 20`);
  await same(`SELECT ${AGGREGATES} FROM t WHERE s = 'c'`);
  await same(`SELECT ${AGGREGATES} FROM t WHERE s IN ('a', 'e') OR l > 0`);
  // A value the dictionary does not hold narrows the scan to no row (symbol-narrowing.ts): nothing for the workers.
  const none = await same(`SELECT ${AGGREGATES} FROM t WHERE s = 'nope'`, false);
  assert.equal(none[0][0], 0);
});

test('SAMPLE BY without keys folds bucket runs in the workers, equal to the main thread\'s', async () => {
  // 1h buckets of 3,600 rows against tasks of 3,750: runs split across tasks and tasks spanning runs.
  const hourly = await same(`SELECT ts, ${AGGREGATES} FROM t SAMPLE BY 1h`);
  assert.equal(hourly.length, 9);
  await same('SELECT ts, count(), max(d) FROM t SAMPLE BY 7m');
  await same("SELECT ts, count(), avg(d) FROM t SAMPLE BY 1h FROM '2024-01-01T01:30:00.000000Z' TO '2024-01-04T02:00:00.000000Z' FILL(NULL)");
  // A filter that leaves minutes without a row: those buckets are not in the result (nor filled).
  const sparse = await same('SELECT ts, count(), sum(d) FROM t WHERE d > 85 SAMPLE BY 1m');
  assert.ok(sparse.length > 50 && sparse.length < 500, `${sparse.length} buckets`);
  await same('SELECT ts, count(), min(i) FROM t WHERE d > 85 SAMPLE BY 1m FILL(PREV)');
  await same('SELECT ts, count() FROM t WHERE d > 1000 SAMPLE BY 1h');
  // A clock from the first row the filter keeps (its filter runs in the workers) and first/last stay on the main thread.
  await same('SELECT ts, count() FROM t WHERE d > 85 SAMPLE BY 1h ALIGN TO FIRST OBSERVATION');
  await same('SELECT ts, first(d), last(d) FROM t SAMPLE BY 1h', false);
});

test('SAMPLE BY a SYMBOL key folds run slots in the workers: the same groups in the same order, the null key included', async () => {
  // No ORDER BY: groups come by bucket, and in a bucket by the first row of their key, as on the main thread.
  const hourly = await same(`SELECT ts, s, ${AGGREGATES} FROM t SAMPLE BY 1h`);
  assert.equal(hourly.length, 9 * 6);
  await same('SELECT ts, s, count(), sum(d) FROM t SAMPLE BY 1s');
  await same('SELECT ts, s, count(), max(d) FROM t WHERE d > 85 SAMPLE BY 1m');
  await same("SELECT ts, s, avg(d) FROM t WHERE i > 0 SAMPLE BY 1h FROM '2024-01-01T01:30:00.000000Z' TO '2024-01-04T02:00:00.000000Z' FILL(PREV)");
  // A number key, and two keys, stay on the main thread.
  await same('SELECT ts, i, count() FROM t SAMPLE BY 1h', false);
  await same('SELECT ts, s, i, count() FROM t SAMPLE BY 1h', false);
});

test('GROUP BY a symbol equals the main thread\'s, the null key included', async () => {
  const rows = await same(`SELECT s, ${AGGREGATES} FROM t ORDER BY s`);
  assert.equal(rows.length, 6);
  await same(`SELECT s, count(), sum(d) FROM t WHERE d < 0 ORDER BY s`);
});

test('GROUP BY a number key equals the main thread\'s: DOUBLE with NaN, INT with null, LONG', async () => {
  await same(`SELECT k, ${AGGREGATES} FROM t ORDER BY k`);
  await same('SELECT i, count(), max(d) FROM t WHERE s != \'a\' ORDER BY i');
  await same('SELECT l, count() FROM t ORDER BY l LIMIT 50');
  await same('SELECT k, count() c FROM t GROUP BY k ORDER BY c DESC, k LIMIT 10');
});

test('a number key with many groups runs radix-partitioned from its second run on, groups in the same order', async () => {
  // l holds ~27,000 distinct values: the first run of a shape learns that, the next ones partition.
  for (const sql of ['SELECT l, count(), sum(d), avg(d), min(i), max(f), max(sh) FROM t', 'SELECT l, count(), max(d) FROM t WHERE d > -100 OR s != \'b\'']) {
    await same(sql);
    const runs = radixStats.runs;
    const rows = await same(sql);
    assert.equal(radixStats.runs, runs + 1, `partitioned: ${sql}`);
    assert.ok(rows.length > 10_000);
  }
});

test('a number key of whole numbers or few decimals over a short range groups densely, groups in the same order', async () => {
  // d != 0: the main thread keeps -0 and 0 apart, the workers' kernels key -0 as 0.
  for (const sql of ['SELECT k, count(), sum(d), min(i), max(f) FROM t', 'SELECT d, count() FROM t WHERE s != \'a\' AND d != 0', 'SELECT sh, max(d), avg(f) FROM t']) {
    const runs = denseStats.runs;
    await same(sql);
    assert.equal(denseStats.runs, runs + 1, `dense: ${sql}`);
  }
  // INT's null and LONG's spread widen the range past the dense arrays' limit.
  const runs = denseStats.runs;
  await same('SELECT i, count() FROM t');
  await same('SELECT l, count() FROM t');
  assert.equal(denseStats.runs, runs);
});

test('a key with more decimals than the sample showed falls back to the hash kernels, with the same answer', async () => {
  await parallel.execute('CREATE TABLE odd (ts TIMESTAMP, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const w = await parallel.engine.openWriter('odd');
  const n = 30_000;
  // Hundredths, and one key with five decimals that a 1-in-29 sample misses: it shares 1.00's slot.
  const v = Float64Array.from({ length: n }, (_x, r) => (r === 12_345 ? 1.00001 : (r % 500) / 100));
  await w.append({ rowCount: n, vectors: [{ type: Types.TIMESTAMP, data: Float64Array.from({ length: n }, (_x, r) => START + r) }, { type: Types.DOUBLE, data: v }] });
  await w.commit();
  await w.close();
  const misfits = denseStats.misfits;
  const rows = await same('SELECT v, count() FROM odd');
  assert.equal(denseStats.misfits, misfits + 1);
  assert.equal(rows.length, 501);
});

test('a dense key range is probed once per committed column: a repeat reads the keys once, an append brings a new probe', async () => {
  await parallel.execute('CREATE TABLE grow (ts TIMESTAMP, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const w = await parallel.engine.openWriter('grow');
  const n = 30_000;
  await w.append({ rowCount: n, vectors: [{ type: Types.TIMESTAMP, data: Float64Array.from({ length: n }, (_x, r) => START + r) }, { type: Types.DOUBLE, data: Float64Array.from({ length: n }, (_x, r) => (r % 700) / 100) }] });
  await w.commit();
  await w.close();
  const sql = 'SELECT v, count() c FROM grow';
  let probes = denseStats.probes;
  const first = await same(sql);
  assert.ok(denseStats.probes > probes, 'the first run probes');
  probes = denseStats.probes;
  assert.deepEqual(await same(sql), first);
  assert.equal(denseStats.probes, probes, 'a repeat over the same committed column probes no more');
  // A key past the kept range, in the same partition: the commit gives a new column array, probed afresh.
  await parallel.execute(`INSERT INTO grow VALUES ('2024-01-01T01:00:00.000000Z', 99.5)`);
  const rows = await same(sql);
  assert.ok(denseStats.probes > probes, 'the appended column is probed');
  assert.equal(rows.length, first.length + 1);
  assert.deepEqual(rows.at(-1), [99.5, 1]);
});

test('ungrouped sums, averages and extremes of whole partitions fold block summaries: built once, an append brings new ones', async () => {
  await parallel.execute('CREATE TABLE sums (ts TIMESTAMP, d DOUBLE, f FLOAT, i INT) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const w = await parallel.engine.openWriter('sums');
  const n = 70_000;
  const rnd = random(7);
  await w.append({ rowCount: n, vectors: [
    { type: Types.TIMESTAMP, data: Float64Array.from({ length: n }, (_x, r) => START + r * 2_000_000) },
    { type: Types.DOUBLE, data: Float64Array.from({ length: n }, () => (rnd() < 0.1 ? NaN : Math.round((rnd() - 0.5) * 1000) / 8)) },
    { type: Types.FLOAT, data: Float32Array.from({ length: n }, () => (rnd() < 0.1 ? NaN : Math.round(rnd() * 100) / 4)) },
    { type: Types.INT, data: Int32Array.from({ length: n }, (_x, r) => r) },
  ] });
  await w.commit();
  await w.close();
  const sql = 'SELECT count(), sum(d), avg(d), min(d), max(d), avg(f), max(f) FROM sums';
  const { summariesBuilt: builds, summaryFolds: folds } = workers.stats;
  const first = await same(sql);
  assert.equal(workers.stats.summariesBuilt, builds + 4, 'd and f of both days');
  assert.equal(workers.stats.summaryFolds, folds + 2);
  // A repeat folds the kept summaries on the request thread: no task at all.
  assert.deepEqual(await same(sql, false), first);
  assert.equal(workers.stats.summariesBuilt, builds + 4, 'a repeat builds none');
  assert.equal(workers.stats.summaryFolds, folds + 4);
  // Part of a day (an interval keeps it): its whole blocks fold, its edges are scanned here, no round trip.
  await same(`${sql} WHERE ts >= '2024-01-01T00:10:00.000000Z' AND ts < '2024-01-01T23:00:00.000000Z'`, false);
  assert.equal(workers.stats.summaryFolds, folds + 5);
  // Less than a block of a day, a filter, an INT column: the kernels scan, no summary is built.
  await same(`${sql} WHERE ts < '2024-01-01T00:30:00.000000Z'`);
  await same(`${sql} WHERE d > 0`);
  await same('SELECT sum(i), max(d) FROM sums', false);
  await same('SELECT max(i), max(d) FROM sums');
  assert.equal(workers.stats.summariesBuilt, builds + 4);
  // SAMPLE BY without key or filter: buckets holding whole blocks fold them, the rest of each bucket is scanned.
  let before = workers.stats.summaryFolds;
  const halves = await same('SELECT ts, count(), sum(d), avg(d), min(d), max(d), avg(f), max(f) FROM sums SAMPLE BY 12h');
  assert.equal(halves.length, 4);
  assert.ok(workers.stats.summaryFolds >= before + 3, `folds ${workers.stats.summaryFolds - before}`);
  before = workers.stats.summaryFolds;
  await same("SELECT ts, count(), sum(d), max(f) FROM sums WHERE ts >= '2024-01-01T03:00:00.000000Z' SAMPLE BY 10h FILL(NULL)");
  assert.ok(workers.stats.summaryFolds > before);
  // Buckets shorter than a block, and a filter: the runs kernel alone.
  before = workers.stats.summaryFolds;
  await same('SELECT ts, count(), sum(d) FROM sums SAMPLE BY 1h');
  await same('SELECT ts, count(), sum(d) FROM sums WHERE d > 0 SAMPLE BY 12h');
  assert.equal(workers.stats.summaryFolds, before);
  await parallel.execute("INSERT INTO sums VALUES ('2024-01-02T20:00:00.000000Z', 1e9, 1, 1)");
  const grown = await same(sql);
  assert.equal(workers.stats.summariesBuilt, builds + 6, 'the appended day\'s new arrays are summarised');
  assert.equal(grown[0][0], n + 1);
  assert.equal(grown[0][4], 1e9);
  // cairo.sql.block.summaries.enabled=false: the kernels read every row, with the same answer.
  const plain = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true, summaries: false });
  try {
    const off = new SqlCompiler(new QuestDbSqlGrammar(), parallel.engine, builtinFunctions, { jit: true, workers: plain });
    const folded = workers.stats.summaryFolds;
    const rows = (await parallel.query(sql, off)).rows;
    const sampled = (await parallel.query('SELECT ts, sum(d) FROM sums SAMPLE BY 12h', off)).rows;
    assert.equal(workers.stats.summaryFolds, folded);
    assert.deepEqual([plain.stats.summaryFolds, plain.stats.summariesBuilt], [0, 0]);
    assert.ok(plain.stats.tasks > 0);
    assert.equal(rows[0][0], grown[0][0]);
    assert.ok(near(rows[0][1], grown[0][1]));
    assert.equal(sampled.length, 4);
  } finally {
    await plain.close();
  }
  // UPDATE rewrites the column: the next sums see the new values, not the old summaries.
  await parallel.execute("UPDATE sums SET d = 2 WHERE ts < '2024-01-01T06:00:00.000000Z'");
  const updated = await same(sql);
  assert.notEqual(updated[0][1], grown[0][1]);
});

test('time intervals prune before the kernels: a day without a partition, a range across days', async () => {
  const empty = await same(`SELECT ${AGGREGATES} FROM t WHERE ts IN '2024-01-03'`, false);
  assert.equal(empty[0][0], 0);
  await same(`SELECT s, count(), avg(d) FROM t WHERE ts >= '2024-01-01T05:00:00.000000Z' AND ts < '2024-01-04T01:00:00.000000Z' ORDER BY s`);
});

test('a parallel filter yields the rows of a serial one, in order, also under LIMIT and SAMPLE BY', async () => {
  const rows = await same('SELECT * FROM t WHERE d > 50 AND sh < 100');
  assert.ok(rows.length > 100);
  // f (FLOAT) has no per-symbol clusters: two symbols' rows (a third of the table) would be gathered, so the workers filter.
  await same('SELECT ts, s, d, f FROM t WHERE s IN (\'b\', \'d\') LIMIT 7');
  // Two symbols' rows merge into new arrays even when every column has clusters: still the workers.
  await same('SELECT ts, s, d FROM t WHERE s IN (\'b\', \'d\') LIMIT 7');
  // One symbol's rows read in place from its clusters when every column has them: a narrowed scan on the main thread.
  await same('SELECT ts, s, d FROM t WHERE s = \'b\' LIMIT 7', false);
  await same('SELECT ts, avg(f), count() FROM t WHERE s = \'a\' SAMPLE BY 1h');
  await same('SELECT ts, avg(d), count() FROM t WHERE s = \'a\' SAMPLE BY 1h', false);
});

test('a single-row table aggregates and filters in the workers like on the main thread', async () => {
  await same('SELECT count(), sum(d), min(i), max(ts) FROM one');
  await same('SELECT s, count(), avg(d) FROM one ORDER BY s');
  await same('SELECT i, count() FROM one');
  await same('SELECT * FROM one WHERE d > 1');
});

test('a partition holding LONG values beyond 2^53 is filtered on the main thread, exactly, in order with the others', async () => {
  await parallel.execute('CREATE TABLE wide (ts TIMESTAMP, l LONG, m LONG) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  await parallel.execute("INSERT INTO wide VALUES ('2024-01-01T00:00:00.000000Z', 5, 1), ('2024-01-01T01:00:00.000000Z', 8, 9), "
    + "('2024-01-02T00:00:00.000000Z', 9007199254740993, 9007199254740992), ('2024-01-02T01:00:00.000000Z', 9007199254740992, 9007199254740992), "
    + "('2024-01-03T00:00:00.000000Z', 7, 6)");
  // As doubles 2^53 + 1 and 2^53 are equal: only the exact comparison keeps the third row.
  const rows = await same('SELECT ts, l FROM wide WHERE l > m');
  assert.deepEqual(rows.map((r) => String(r[1])), ['5', '9007199254740993', '7']);
});

test('bind parameters reach the workers\' filters: numbers and symbols, a new value each execution', async () => {
  const sql = 'SELECT count(), sum(d) FROM t WHERE d > $1 AND s = $2';
  const p = parallel.compiler.compile(sql);
  const s = serial.compile(sql);
  for (const values of [[10, 'c'], [-50, 'a'], [0, 'nope']]) {
    const tasks = workers.stats.tasks;
    const [pr, sr] = [await rowsOf(p, values), await rowsOf(s, values)];
    assert.ok(workers.stats.tasks > tasks, `ran in the workers with ${values.join(', ')}`);
    assert.equal(pr[0][0], sr[0][0], `count with ${values.join(', ')}`);
    assert.ok(near(pr[0][1], sr[0][1]), `sum with ${values.join(', ')}`);
  }
  const filtered = parallel.compiler.compile('SELECT ts, d FROM t WHERE s = $1 AND d < $2');
  const serialFiltered = serial.compile('SELECT ts, d FROM t WHERE s = $1 AND d < $2');
  assert.deepEqual(await rowsOf(filtered, ['b', 0]), await rowsOf(serialFiltered, ['b', 0]));
});

async function rowsOf(q: ReturnType<SqlCompiler['compile']>, parameters: readonly (string | number)[]): Promise<unknown[][]> {
  const out = await q.execute({ signal: new AbortController().signal, parameters });
  if (out.kind !== 'rows') throw new Error(`not a query: ${out.kind}`);
  const rows: unknown[][] = [];
  for await (const b of out.result.batches()) {
    for (let i = 0; i < b.rowCount; i++) rows.push(b.vectors.map((v) => { const x = readValue(v, i); return typeof x === 'bigint' ? x.toString() : x; }));
  }
  return rows;
}

test('a time window given by parameters narrows the workers\' scan to its partitions', async () => {
  const sql = 'SELECT count(), sum(d) FROM t WHERE ts >= $1 AND ts < $2 AND d > $3';
  const values = ['2024-01-02T00:00:00.000000Z', '2024-01-03T00:00:00.000000Z', -1000];
  const rows = workers.stats.rows;
  const out = await rowsOf(parallel.compiler.compile(sql), values);
  const expected = await rowsOf(serial.compile(sql), values);
  assert.equal(out[0][0], expected[0][0]);
  assert.ok(near(out[0][1], expected[0][1]));
  // Day 1 holds a third of the table: the workers read that partition, not the others.
  assert.ok(workers.stats.rows - rows <= ROWS / 3, `the workers read ${workers.stats.rows - rows} rows`);
});

test('a scan narrowed to a rare symbol over part of a partition gathers its rows on the workers, rows and order as on the main thread; a repeat reads its clusters', async () => {
  const n = 1_400_000;
  await parallel.execute('CREATE TABLE rare (ts TIMESTAMP, s SYMBOL, d DOUBLE, i INT, v VARCHAR) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const w = await parallel.engine.openWriter('rare');
  const [common, rare] = ['common', 'rare'].map((x) => w.symbolTable(1).intern(x));
  const rnd = random(7);
  const text = new TextEncoder().encode(Array.from({ length: n }, (_x, r) => `v${r % 10}`).join(''));
  const offsets = Int32Array.from({ length: n + 1 }, (_x, r) => 2 * r);
  await w.append({
    rowCount: n,
    vectors: [
      // 50 ms apart: one partition of 19.4 hours.
      { type: Types.TIMESTAMP, data: Float64Array.from({ length: n }, (_x, r) => START + r * 50_000) },
      // About one row in 66 is rare: under 1/64 of the table, and ~9,500 rows in the 45% of it queried.
      { type: Types.SYMBOL, data: Int32Array.from({ length: n }, () => (rnd() < 1 / 66 ? rare : common)), symbols: w.symbolTable(1) },
      { type: Types.DOUBLE, data: Float64Array.from({ length: n }, () => (rnd() < 0.1 ? NaN : Math.round(rnd() * 1000) / 4)) },
      { type: Types.INT, data: Int32Array.from({ length: n }, () => (rnd() < 0.1 ? INT_NULL : Math.floor(rnd() * 100))) },
      { type: Types.VARCHAR, data: text, offsets },
    ],
  });
  await w.commit();
  await w.close();
  // Less than half the partition: its rows are gathered (a whole partition reads the symbol's clusters).
  const rows = await same("SELECT * FROM rare WHERE s = 'rare' AND ts < '2024-01-01T08:45:00.000000Z'");
  assert.ok(rows.length > 8192, `${rows.length} rare rows`);
  // Read so three times (twice above, once more here): from then on its clusters are built and read in place.
  const sampled = "SELECT ts, s, avg(d), max(i) FROM rare WHERE s IN ('rare') AND ts < '2024-01-01T08:45:00.000000Z' SAMPLE BY 1h";
  await parallel.query(sampled);
  await same(sampled, false);
});

test('an ASOF JOIN side gathers no column only its filter reads, in the workers and on the main thread; its rows stay those of a side that reads them', async () => {
  const sides = '(SELECT * FROM t WHERE i > 10 AND d > 0) a ASOF JOIN (SELECT * FROM t WHERE i < -10) b';
  const narrow = await same(`SELECT a.ts, a.d, b.d, b.k FROM ${sides}`);
  const wide = await same(`SELECT a.ts, a.d, b.d, b.k, a.i, b.i FROM ${sides}`);
  assert.ok(narrow.length > 1000);
  assert.deepEqual(narrow, wide.map((r) => r.slice(0, 4)));
  // In the narrow query both filters pass over `i` (read by their predicates only); in the wide one neither does.
  const passedOver = (sql: string): string[] => {
    const out: string[] = [];
    const walk = (p: PlanNode): void => {
      if (p instanceof Filter) out.push(p.columns.filter((_c, k) => p.passOver?.[k]).map((c) => c.name).join(','));
      p.children.forEach(walk);
    };
    walk(parallel.compiler.plan(sql));
    return out;
  };
  assert.deepEqual(passedOver(`SELECT a.ts, a.d, b.d, b.k FROM ${sides}`), ['i', 'i']);
  assert.deepEqual(passedOver(`SELECT a.ts, a.d, b.d, b.k, a.i, b.i FROM ${sides}`), ['', '']);
});

test('one symbol narrows its scan to the main thread up to a quarter of the rows, read in place; past that the workers filter', async () => {
  await parallel.execute('CREATE TABLE shares (ts TIMESTAMP, s SYMBOL, d DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  // 'a' is 60% of the rows, 'b' and 'c' 20% each.
  const values = Array.from({ length: 1000 }, (_x, r) => `(${START + r * 1_000_000}::timestamp, '${['a', 'a', 'a', 'b', 'c'][r % 5]}', ${(r * 37) % 101})`);
  await parallel.execute(`INSERT INTO shares VALUES ${values.join(', ')}`);
  assert.equal((await same('SELECT count(), avg(d), max(d) FROM shares WHERE s = \'b\'', false))[0][0], 200);
  await same('SELECT count(), avg(d), max(d) FROM shares WHERE s = \'a\'');
  await same('SELECT ts, d FROM shares WHERE s = \'c\' AND d > 50', false);
  await same('SELECT ts, d FROM shares WHERE s = \'a\' AND d > 50');
});
