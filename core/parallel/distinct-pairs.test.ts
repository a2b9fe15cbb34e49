import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Types } from '../data/column-type';
import { Vector } from '../data/vector';
import { SqlHarness } from '../../plugins/sql-engine/sql-harness';
import { QueryWorkers } from './query-workers';
import { SqlCompiler } from '../sql/sql-compiler';
import { QuestDbSqlGrammar } from '../../plugins/sql-grammar/questdb-sql-grammar';
import { builtinFunctions } from '../../plugins/sql-functions/builtin-functions';
import { SeededRandom } from '../../tools/fuzz/seeded-random';

// count_distinct of a SYMBOL per SYMBOL key through the worker pool (min rows 0) and on the main thread's
// GroupBy (its bit sets), over random keys with NULLs: one key value whose counted column is always NULL, one
// counted value seen under one key only, two days of partitions.
const ROWS = 40_000;
const START = Date.parse('2024-01-01T00:00:00Z') * 1000;

let workers: QueryWorkers;
let parallel: SqlHarness;
let serial: SqlCompiler;

before(async () => {
  workers = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true });
  parallel = await SqlHarness.open(undefined, true, workers);
  serial = new SqlCompiler(new QuestDbSqlGrammar(), parallel.engine, builtinFunctions, { jit: true });
  await parallel.execute('CREATE TABLE t (ts TIMESTAMP, a SYMBOL, b SYMBOL, d DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const w = await parallel.engine.openWriter('t');
  const r = new SeededRandom(20261204);
  const as = ['x', 'y', 'z', 'w', 'v'].map((s) => w.symbolTable(1).intern(s));
  const bs = Array.from({ length: 40 }, (_x, k) => w.symbolTable(2).intern(`b${k}`));
  const a = new Int32Array(ROWS), b = new Int32Array(ROWS), d = new Float64Array(ROWS);
  for (let i = 0; i < ROWS; i++) {
    a[i] = r.next() < 0.05 ? -1 : as[Math.floor(r.next() * as.length)];
    // 'v' (the last key) never has a counted value; b39 appears under 'w' only.
    const k = Math.floor(r.next() * 39);
    b[i] = a[i] === as[4] || r.next() < 0.1 ? -1 : a[i] === as[3] && r.next() < 0.01 ? bs[39] : bs[a[i] === as[0] ? k % 7 : k];
    d[i] = r.next() < 0.05 ? NaN : Math.round(r.next() * 1000) / 10;
  }
  const ts = Float64Array.from({ length: ROWS }, (_x, i) => START + Math.floor((i * 2) / ROWS) * 86_400_000_000 + (i % (ROWS / 2)) * 1_000_000);
  const vectors: Vector[] = [
    { type: Types.TIMESTAMP, data: ts },
    { type: Types.SYMBOL, data: a, symbols: w.symbolTable(1) },
    { type: Types.SYMBOL, data: b, symbols: w.symbolTable(2) },
    { type: Types.DOUBLE, data: d },
  ];
  await w.append({ rowCount: ROWS, vectors });
  await w.commit();
  await w.close();
});

after(async () => {
  await parallel.close();
  await workers.close();
});

/** Runs `sql` in the workers (or not, `inWorkers` false) and on the main thread: the same rows in the same order. */
async function same(sql: string, inWorkers = true): Promise<unknown[][]> {
  const tasks = workers.stats.tasks;
  const p = await parallel.query(sql);
  assert.equal(workers.stats.tasks > tasks, inWorkers, `ran in the workers: ${sql}`);
  const s = await parallel.query(sql, serial);
  assert.deepEqual(p.columns, s.columns);
  assert.deepEqual(p.rows, s.rows, sql);
  return p.rows;
}

test('count_distinct of a symbol per symbol key counts its pairs in the workers: the main thread\'s groups, counts and order', async () => {
  const rows = await same('SELECT a, count_distinct(b) FROM t');
  assert.equal(rows.length, 6);
  const byKey = new Map(rows.map((r) => [r[0], r[1]]));
  assert.equal(byKey.get('v'), 0);
  assert.equal(byKey.get('x'), 7);
  assert.equal(byKey.get('w'), 40);
  assert.equal(byKey.get(null), 39);
  await same('SELECT a, count(DISTINCT b) FROM t GROUP BY a');
  await same('SELECT count_distinct(b) n, a, approx_count_distinct(b) m FROM t WHERE d > 50 GROUP BY a');
  await same("SELECT a, count_distinct(b) FROM t WHERE ts IN '2024-01-02' AND d < 20 AND a <> 'y'");
  await same('SELECT b, count_distinct(b) FROM t');
  await same('SELECT a, count_distinct(a) FROM t WHERE d > 99.9');
});

test('count_distinct beside other aggregates, of a non-symbol or without a key stays on the main thread\'s GroupBy', async () => {
  await same('SELECT a, count_distinct(b), count() FROM t', false);
  await same('SELECT a, count_distinct(d) FROM t', false);
  await same('SELECT a, count_distinct(b), count_distinct(a) FROM t', false);
  const [[n]] = await same('SELECT count_distinct(b) FROM t', false);
  assert.equal(n, 40);
});
