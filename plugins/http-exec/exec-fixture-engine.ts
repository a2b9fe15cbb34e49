/**
 * A QueryEngine for the route's tests and measurements only (never registered by a plugin): it answers
 * a few fixed statements with batches built by VectorBuilder, so /exec streaming, limits, timeouts and
 * cancellation can be exercised without the SQL engine. Statements:
 * `select 1`, `rows <n>` (n rows × 6 columns, generated batch by batch), `spin` (endless CPU-bound
 * batches), `fail after 1 batch`, `create`, `insert`, `update`, anything else → a SQL error at 7.
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { Types } from '../../core/data/column-type';
import { ResultColumn, ResultSet } from '../../core/data/result-set';
import { VectorBuilder } from '../../core/data/vector-builder';
import { SvcError } from '../../core/errors';
import { CompiledQuery, ExecuteOptions, QueryEngine, QueryOutcome, StatementKind } from '../../core/sql/query-engine';

export const FIXTURE_COLUMNS: readonly ResultColumn[] = [
  { name: 'ts', type: Types.TIMESTAMP }, { name: 'host', type: Types.SYMBOL }, { name: 'usage_user', type: Types.DOUBLE },
  { name: 'usage_system', type: Types.DOUBLE }, { name: 'id', type: Types.LONG }, { name: 'note', type: Types.VARCHAR },
];

/** Counts batches produced, so tests can see that production stopped. */
export const fixtureStats = { batches: 0 };

function rowsBatch(start: number, n: number, symbols: VectorBuilder): ColumnBatch {
  const b = FIXTURE_COLUMNS.map((c) => new VectorBuilder(c.type, n, c.type === Types.SYMBOL ? symbols.symbols : undefined));
  for (let i = 0; i < n; i++) {
    const r = start + i;
    b[0].appendNumber(1_451_606_400_000_000 + r * 10_000_000);
    b[1].appendString(`host_${r % 100}`);
    b[2].appendNumber((r % 10000) / 100);
    b[3].appendNumber(((r * 7) % 10000) / 100);
    b[4].appendNumber(r);
    b[5].appendString(`n${r % 97}`);
  }
  fixtureStats.batches++;
  return { rowCount: n, vectors: b.map((x) => x.build()) };
}

async function* generate(total: number, batchRows: number, signal: AbortSignal, window: ExecuteOptions['window']): AsyncGenerator<ColumnBatch> {
  const symbols = new VectorBuilder(Types.SYMBOL);
  let start = window && window.lo < 0 ? Math.max(0, total + window.lo) : 0;
  while (start < total) {
    signal.throwIfAborted();
    const n = Math.min(batchRows, total - start);
    yield rowsBatch(start, n, symbols);
    start += n;
    // Yield to the event loop between batches, as the engine's executor does.
    await new Promise((r) => setImmediate(r));
  }
}

async function* spin(signal: AbortSignal): AsyncGenerator<ColumnBatch> {
  const symbols = new VectorBuilder(Types.SYMBOL);
  for (let i = 0; ; i++) {
    signal.throwIfAborted();
    const until = performance.now() + 5;
    while (performance.now() < until) { /* CPU-bound work per batch */ }
    yield rowsBatch(i, 1, symbols);
    await new Promise((r) => setImmediate(r));
  }
}

async function* failAfterOne(): AsyncGenerator<ColumnBatch> {
  yield rowsBatch(0, 2, new VectorBuilder(Types.SYMBOL));
  throw SvcError.sql(3, 'boom');
}

function rowsQuery(sql: string, produce: (o: ExecuteOptions) => AsyncIterable<ColumnBatch>): CompiledQuery {
  return {
    sql, kind: 'select', jitCompiled: false,
    async execute(o: ExecuteOptions): Promise<QueryOutcome> {
      const result: ResultSet = { columns: FIXTURE_COLUMNS, timestampIndex: 0, batches: () => produce(o) };
      return { kind: 'rows', result };
    },
  };
}

function plain(sql: string, kind: StatementKind, outcome: QueryOutcome): CompiledQuery {
  return { sql, kind, jitCompiled: false, execute: async () => outcome };
}

export class FixtureEngine implements QueryEngine {
  compile(sql: string): CompiledQuery {
    const s = sql.trim();
    if (s === 'select 1') {
      return {
        sql, kind: 'select', jitCompiled: true,
        async execute(): Promise<QueryOutcome> {
          const b = new VectorBuilder(Types.INT, 1);
          b.appendNumber(1);
          const batch = { rowCount: 1, vectors: [b.build()] };
          return { kind: 'rows', result: { columns: [{ name: '1', type: Types.INT }], timestampIndex: -1, batches: async function* () { yield batch; } } };
        },
      };
    }
    const rows = /^rows (\d+)$/.exec(s);
    if (rows) return rowsQuery(sql, (o) => generate(Number(rows[1]), 65_536, o.signal, o.window));
    if (s === 'spin') return rowsQuery(sql, (o) => spin(o.signal));
    if (s === 'fail after 1 batch') return rowsQuery(sql, () => failAfterOne());
    if (s === 'create') return plain(sql, 'ddl', { kind: 'ddl' });
    if (s === 'insert') return plain(sql, 'insert', { kind: 'insert', inserted: 1 });
    if (s === 'update') return plain(sql, 'update', { kind: 'update', updated: 3 });
    throw SvcError.sql(7, 'unexpected token [nonsense]');
  }
}
