/**
 * A real stack for tests and tools without HTTP: the Chevrotain grammar, the columnar storage in a
 * directory, the built-in functions and the SqlCompiler. `query()` returns rows as JS values the way
 * /exec prints them (timestamps ISO µs), so tests read like the dialect examples.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TypeTag, typeName } from '../../core/data/column-type';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { QueryOutcome } from '../../core/sql/query-engine';
import { QueryWorkers } from '../../core/parallel/query-workers';
import { SqlCompiler } from '../../core/sql/sql-compiler';
import { readValue, SqlValue } from '../../core/sql/vector/sql-value';
import { formatDateMillis, formatTimestampMicros, formatTimestampNanos } from '../../core/time/iso-timestamp';
import { builtinFunctions } from '../sql-functions/builtin-functions';
import { QuestDbSqlGrammar } from '../sql-grammar/questdb-sql-grammar';
import { ColumnarEngine } from '../storage-columnar/columnar-engine';

export interface QueryRows {
  readonly columns: string[];
  readonly timestamp: number;
  readonly rows: unknown[][];
}

export class SqlHarness {
  readonly engine: ColumnarEngine;
  readonly compiler: SqlCompiler;
  private readonly owned: boolean;

  private constructor(readonly dir: string, owned: boolean, jit: boolean, workers: QueryWorkers | undefined) {
    this.owned = owned;
    this.engine = new ColumnarEngine({
      dbDir: dir, maxUncommittedRows: 500_000, o3MaxLagMicros: 600_000_000, commitMode: 'nosync',
      cacheBytes: 4 * 2 ** 30, writerTimeoutMs: 5000, maxNameLength: 127, metrics: new ServerMetrics(),
    });
    this.compiler = new SqlCompiler(new QuestDbSqlGrammar(), this.engine, builtinFunctions, { jit, workers });
  }

  /** `workers`: a query worker pool the queries may use (the caller closes it); none = main thread only. */
  static async open(dir?: string, jit = true, workers?: QueryWorkers): Promise<SqlHarness> {
    const h = new SqlHarness(dir ?? mkdtempSync(join(tmpdir(), 'svc-sql-')), dir === undefined, jit, workers);
    await h.engine.start();
    return h;
  }

  async close(): Promise<void> {
    await this.engine.stop();
    if (this.owned) rmSync(this.dir, { recursive: true, force: true });
  }

  async execute(sql: string, signal = new AbortController().signal, compiler = this.compiler): Promise<QueryOutcome> {
    return compiler.compile(sql).execute({ signal });
  }

  /** Runs statements separated by `;` at line ends (setup scripts). */
  async script(sql: string): Promise<void> {
    for (const s of sql.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) await this.execute(s);
  }

  /** `compiler`: another compiler over the same storage (e.g. one without the worker pool). */
  async query(sql: string, compiler = this.compiler): Promise<QueryRows> {
    const out = await this.execute(sql, undefined, compiler);
    if (out.kind !== 'rows') throw new Error(`not a query: ${out.kind}`);
    const r = out.result;
    const rows: unknown[][] = [];
    for await (const b of r.batches()) {
      for (let i = 0; i < b.rowCount; i++) rows.push(b.vectors.map((v) => display(v.type.tag, readValue(v, i))));
    }
    return { columns: r.columns.map((c) => `${c.name}:${typeName(c.type)}`), timestamp: r.timestampIndex, rows };
  }
}

function display(tag: TypeTag, v: SqlValue): unknown {
  if (v === null) return null;
  if (tag === TypeTag.TIMESTAMP) return formatTimestampMicros(typeof v === 'bigint' ? v : Number(v));
  if (tag === TypeTag.TIMESTAMP_NS) return formatTimestampNanos(typeof v === 'bigint' ? v : Number(v));
  if (tag === TypeTag.DATE) return formatDateMillis(Number(v));
  if (typeof v === 'bigint') return v.toString();
  return v;
}

/** The example data set of QuestDB's SQL documentation (`sensors`, `calib`) that its worked examples run against. */
export const DIALECT_EXAMPLE_DATA = `CREATE TABLE sensors (ts TIMESTAMP, id SYMBOL, temp DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO sensors VALUES ('2025-03-01T00:05:00.000000Z', 's1', 20.0), ('2025-03-01T00:40:00.000000Z', 's2', 22.0), ('2025-03-01T01:10:00.000000Z', 's1', 21.0), ('2025-03-01T03:20:00.000000Z', 's1', 25.0), ('2025-03-01T03:50:00.000000Z', 's2', 23.0);
CREATE TABLE calib (ts TIMESTAMP, id SYMBOL, adj DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO calib VALUES ('2025-03-01T00:00:00.000000Z', 's1', 0.5), ('2025-03-01T00:30:00.000000Z', 's2', -0.2), ('2025-03-01T01:00:00.000000Z', 's1', 0.7);
`;
