/**
 * The peer: the same CSVs and queries in embedded DuckDB (no HTTP), in the same process and sitting as
 * the svc run. Loads with read_csv and explicit types (timed), then times the queries as bench-rounds.ts
 * does for a server, each run until every result row is a JS value.
 */
import { join } from 'node:path';
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { BenchQuery, DUCK_TYPE } from './bench-queries';
import { QueryResult, timeRounds } from './bench-rounds';
import { BenchTable } from './bench-table';
import { fingerprintAll, VariantCycle } from './bench-variants';

export interface LoadResult { readonly rows: number; readonly bytes: number; readonly seconds: number }

export interface DuckRun {
  readonly version: string;
  readonly threads: number;
  readonly load: Record<string, LoadResult>;
  readonly queries: QueryResult[];
}

/** DuckDB values as /exec prints them: numbers, strings, timestamps as ISO text with microseconds. */
function duckValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'object' && 'micros' in v && typeof v.micros === 'bigint') {
    const ms = Number(v.micros / 1000n);
    return `${new Date(ms).toISOString().slice(0, 23)}${String(Number(v.micros % 1000n)).padStart(3, '0')}Z`;
  }
  if (typeof v === 'object' && 'toDouble' in v && typeof v.toDouble === 'function') return (v.toDouble as () => number)();
  return v;
}

async function rows(con: DuckDBConnection, sql: string): Promise<unknown[][]> {
  return (await con.runAndReadAll(sql)).getRows().map((r) => r.map(duckValue));
}

export async function runDuckDb(dir: string, tables: readonly BenchTable[], queries: readonly BenchQuery[], runs: number, threads: number | undefined,
  interleave: boolean, warmups: number, minMs: number, beforeQueries?: () => Promise<void>): Promise<DuckRun> {
  const instance = await DuckDBInstance.create(':memory:', threads ? { threads: String(threads) } : {});
  const con = await instance.connect();
  try {
    const version = String((await rows(con, 'SELECT version()'))[0][0]);
    const used = Number((await rows(con, "SELECT current_setting('threads')"))[0][0]);
    const load: Record<string, LoadResult> = {};
    for (const t of tables) {
      const columns = t.schema.map((c) => `'${c.name}': '${DUCK_TYPE[c.type]}'`).join(', ');
      await con.run(`CREATE OR REPLACE TABLE ${t.name} (${t.schema.map((c) => `"${c.name}" ${DUCK_TYPE[c.type]}`).join(', ')})`);
      const t0 = performance.now();
      await con.run(`INSERT INTO ${t.name} SELECT * FROM read_csv('${join(dir, t.file)}', header = true, columns = {${columns}}, timestampformat = '%Y-%m-%dT%H:%M:%S.%fZ')`);
      load[t.name] = { rows: t.rows, bytes: t.bytes, seconds: (performance.now() - t0) / 1000 };
    }
    await beforeQueries?.();
    const cycle = new VariantCycle();
    const queryResults: QueryResult[] = await timeRounds({
      queries, runs, interleave, warmups, minMs,
      first: (q) => fingerprintAll(q, 'd', (sql) => rows(con, sql)),
      run: (q) => rows(con, cycle.text(q, 'd')),
    });
    return { version, threads: used, load, queries: queryResults };
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}
