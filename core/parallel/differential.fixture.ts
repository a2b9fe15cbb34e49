/**
 * Shared by the tests of generated kernels: one table of random rows with NULLs and NaN (symbols of three
 * dictionaries, doubles, ints, longs; three days of four filled) and each query run three ways — in the query
 * workers (every scan parallel: min rows 0), on the main thread with compiled filters, and on the main thread
 * with vector kernels only (no generated code: the naive reference). Every way must give the same rows.
 */
import assert from 'node:assert/strict';
import { Types } from '../data/column-type';
import { INT_NULL, LONG_NULL } from '../data/null-values';
import { Vector } from '../data/vector';
import { SqlHarness } from '../../plugins/sql-engine/sql-harness';
import { SqlCompiler } from '../sql/sql-compiler';
import { QuestDbSqlGrammar } from '../../plugins/sql-grammar/questdb-sql-grammar';
import { builtinFunctions } from '../../plugins/sql-functions/builtin-functions';
import { QueryWorkers } from './query-workers';

export const ROWS = 40_000;
const DAY = 86_400_000_000;
const START = Date.parse('2024-01-01T00:00:00Z') * 1000;

export const HOSTS = Array.from({ length: 60 }, (_x, k) => `host_${k}`);
export const REGIONS = ['us-east-1', 'us-west-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-south-1'];
export const TEAMS = ['SF', 'NYC', 'LON', 'CHI'];

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export class Differential {
  private constructor(readonly workers: QueryWorkers, readonly parallel: SqlHarness, private readonly jit: SqlCompiler, private readonly vectors: SqlCompiler) {}

  /** Table `m (ts, host, region, team, u, v, i, l)`: ~10% nulls in every column but ts, a NaN among the doubles. */
  static async open(): Promise<Differential> {
    const workers = new QueryWorkers({ workers: 2, minRows: 0, filter: true, groupBy: true });
    const parallel = await SqlHarness.open(undefined, true, workers);
    const jit = new SqlCompiler(new QuestDbSqlGrammar(), parallel.engine, builtinFunctions, { jit: true });
    const plain = new SqlCompiler(new QuestDbSqlGrammar(), parallel.engine, builtinFunctions, { jit: false });
    await parallel.execute('CREATE TABLE m (ts TIMESTAMP, host SYMBOL, region SYMBOL, team SYMBOL, u DOUBLE, v DOUBLE, i INT, l LONG) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
    const w = await parallel.engine.openWriter('m');
    const rnd = random(7);
    const nul = (): boolean => rnd() < 0.1;
    const keys = (column: number, values: readonly string[]): Int32Array => {
      const ids = values.map((x) => w.symbolTable(column).intern(x));
      return Int32Array.from({ length: ROWS }, () => (nul() ? -1 : ids[Math.floor(rnd() * ids.length)]));
    };
    const double = (): number => (nul() ? NaN : Math.round(rnd() * 10_000) / 100);
    const ts = Float64Array.from({ length: ROWS }, (_x, r) => START + [0, 1, 3][Math.floor((r * 3) / ROWS)] * DAY + (r % (ROWS / 3)) * 2_000_000);
    const vectors: Vector[] = [
      { type: Types.TIMESTAMP, data: ts },
      { type: Types.SYMBOL, data: keys(1, HOSTS), symbols: w.symbolTable(1) },
      { type: Types.SYMBOL, data: keys(2, REGIONS), symbols: w.symbolTable(2) },
      { type: Types.SYMBOL, data: keys(3, TEAMS), symbols: w.symbolTable(3) },
      { type: Types.DOUBLE, data: Float64Array.from({ length: ROWS }, double) },
      { type: Types.DOUBLE, data: Float64Array.from({ length: ROWS }, double) },
      { type: Types.INT, data: Int32Array.from({ length: ROWS }, () => (nul() ? INT_NULL : Math.floor((rnd() - 0.5) * 100))) },
      { type: Types.LONG, data: Float64Array.from({ length: ROWS }, () => (nul() ? LONG_NULL : Math.floor((rnd() - 0.5) * 1e6))) },
    ];
    await w.append({ rowCount: ROWS, vectors });
    await w.commit();
    await w.close();
    return new Differential(workers, parallel, jit, plain);
  }

  async close(): Promise<void> {
    await this.parallel.close();
    await this.workers.close();
  }

  /**
   * Runs `sql` the three ways and asserts equal columns and rows (numbers within 1e-9: sums add in another
   * order); `inWorkers` says whether the workers must have run a task ('either': not checked). Returns the rows.
   */
  async same(sql: string, inWorkers: boolean | 'either' = true): Promise<unknown[][]> {
    const tasks = this.workers.stats.tasks;
    const p = await this.parallel.query(sql);
    if (inWorkers !== 'either') assert.equal(this.workers.stats.tasks > tasks, inWorkers, `ran in the workers: ${sql}`);
    for (const compiler of [this.jit, this.vectors]) {
      const s = await this.parallel.query(sql, compiler);
      assert.deepEqual(p.columns, s.columns);
      sameRows(p.rows, s.rows, sql);
    }
    return p.rows;
  }

  /** The plan's lines (EXPLAIN). */
  async plan(sql: string): Promise<string[]> {
    return (await this.parallel.query(`EXPLAIN ${sql}`)).rows.map((r) => String(r[0]));
  }
}

/** Asserts equal rows, numbers within 1e-9 (sums that add in another order). */
export function sameRows(a: readonly (readonly unknown[])[], b: readonly (readonly unknown[])[], what: string): void {
  assert.equal(a.length, b.length, `row count of ${what}`);
  a.forEach((row, r) => row.forEach((v, c) => assert.ok(near(v, b[r][c]), `${what}: row ${r} column ${c}: ${String(v)} != ${String(b[r][c])}`)));
}

function near(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return a === b;
}
