/**
 * INSERT INTO t [(cols)] VALUES (…), (…) | SELECT …. Values are bound as
 * constant expressions (now(), casts and arithmetic allowed), converted to the column types with the
 * implicit casts, and appended through the table's writer in one commit.
 */
import { ColumnBatch } from '../../data/column-batch';
import { typeName } from '../../data/column-type';
import { TableSchema, findColumn } from '../../data/table-schema';
import { VectorBuilder } from '../../data/vector-builder';
import { SvcError } from '../../errors';
import type { InsertStatement, Query } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { ExpressionBinder } from '../expression-binder';
import { ExecContext, PlanNode } from '../plan';
import { EMPTY_SCOPE } from '../scope';
import { appendValue } from '../vector/append-value';
import { readValue } from '../vector/sql-value';
import { appendBatches } from './table-writes';
import { runSubqueries } from '../query-result';

export interface PreparedInsert {
  run(context: ExecContext): Promise<number>;
}

export function prepareInsert(s: InsertStatement, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): PreparedInsert {
  const table = env.storage.getTable(s.table.name);
  if (!table) throw SvcError.tableDoesNotExist(s.table.position, s.table.name);
  const targets = s.columns
    ? s.columns.map((c) => {
      const k = findColumn(table, c.name);
      if (k < 0) throw SvcError.invalidColumn(c.position, c.name);
      return k;
    })
    : table.columns.map((_c, i) => i);
  if (s.source.kind === 'values') {
    const binder = new ExpressionBinder(env.registry, EMPTY_SCOPE, { subquery: bindQuery, onSubquery: (e) => env.subqueries.push(e) });
    const rows = s.source.rows.map((r, ri) => {
      if (r.values.length !== targets.length) {
        throw SvcError.sql(r.position, `row value count does not match column count [expected=${targets.length}, actual=${r.values.length}, tuple=${ri + 1}]`);
      }
      return r.values.map((v) => binder.bind(v));
    });
    return { run: (context) => insertValues(env, table, targets, rows, context) };
  }
  const plan = bindQuery(s.source);
  if (plan.columns.length !== targets.length) throw SvcError.sql(s.source.position, 'select clause must provide values for all insert columns');
  return {
    run: async (context) => {
      await runSubqueries(env.subqueries, context);
      return appendBatches(env.storage, table, targets, plan.execute(context), context);
    },
  };
}

async function insertValues(env: BindEnvironment, table: TableSchema, targets: readonly number[], rows: readonly BoundExpr[][], context: ExecContext): Promise<number> {
  await runSubqueries(env.subqueries, context);
  const builders = targets.map((t) => new VectorBuilder(table.columns[t].type, Math.max(1, rows.length)));
  const one: ColumnBatch = { rowCount: 1, vectors: [] };
  for (const row of rows) {
    row.forEach((e, k) => {
      const value = readValue(evaluate(e, one, context), 0);
      try {
        appendValue(builders[k], value);
      } catch {
        const position = e.kind === 'constant' || e.kind === 'call' || e.kind === 'column' || e.kind === 'cast' ? e.position : 0;
        throw SvcError.sql(position, `inconvertible value: ${String(value)} [${typeName(e.type)} -> ${typeName(table.columns[targets[k]].type)}]`);
      }
    });
  }
  if (table.timestampIndex >= 0 && !targets.includes(table.timestampIndex)) {
    throw SvcError.sql(0, 'designated timestamp column must be provided');
  }
  const batch: ColumnBatch = { rowCount: rows.length, vectors: builders.map((b) => b.build()) };
  async function* single(): AsyncIterable<ColumnBatch> { yield batch; }
  return appendBatches(env.storage, table, targets, single(), context);
}
