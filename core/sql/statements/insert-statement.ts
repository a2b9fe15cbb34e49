/**
 * [WITH …] INSERT INTO t [(cols)] VALUES (…), (…) | SELECT …. Values are bound as
 * expressions (now(), casts and arithmetic allowed), checked at compile time for a conversion to their
 * column (`inconvertible types`, a NULL designated timestamp, a missing one), converted at run time by
 * vector/checked-conversion.ts (values that do not fit are refused), and appended through the table's writer in
 * one commit, so a failed INSERT leaves nothing behind — or, inside a transaction, into its writer, to wait for COMMIT.
 */
import { ColumnBatch } from '../../data/column-batch';
import { typeName } from '../../data/column-type';
import { LONG_NULL } from '../../data/null-values';
import { TableSchema, findColumn } from '../../data/table-schema';
import { VectorBuilder } from '../../data/vector-builder';
import { SvcError } from '../../errors';
import type { Expression, InsertStatement, Query } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { ExpressionBinder } from '../expression-binder';
import { ExecContext, PlanNode } from '../plan';
import { EMPTY_SCOPE } from '../scope';
import { appendBatches } from './table-writes';
import { runSubqueries } from '../query-result';
import { convertChecked } from '../vector/checked-conversion';
import { insertConvertible } from './insert-convertible';

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
  const ts = table.timestampIndex;
  if (s.source.kind === 'values') {
    const binder = new ExpressionBinder(env.registry, EMPTY_SCOPE, { subquery: bindQuery, onSubquery: (e) => env.subqueries.push(e), parameters: env.parameters });
    const rows = s.source.rows.map((r, ri) => {
      if (r.values.length !== targets.length) {
        throw SvcError.sql(r.end, `row value count does not match column count [expected=${targets.length}, actual=${r.values.length}, tuple=${ri + 1}]`);
      }
      const bound = r.values.map((v, k) => {
        const e = binder.bind(v);
        // `VALUES ($1, $2)`: a parameter takes its column's type.
        return checkValue(env.parameters?.isUntyped(e) ? env.parameters.typed(e, table.columns[targets[k]].type) : e, v, table, targets[k]);
      });
      if (ts >= 0) {
        const k = targets.indexOf(ts);
        if (k < 0) throw SvcError.sql(0, 'insert statement must populate timestamp');
        const value = bound[k];
        if (value.kind === 'constant' && value.value === null) throw SvcError.sql(r.values[k].position, 'designated timestamp column cannot be NULL');
      }
      return bound;
    });
    return { run: (context) => insertValues(env, table, targets, rows, context) };
  }
  // WITH c AS (…) INSERT INTO t SELECT … FROM c: the query sees the statement's CTEs.
  const query: Query = s.with ? { ...s.source, with: [...s.with, ...(s.source.with ?? [])] } : s.source;
  const plan = bindQuery(query);
  if (plan.columns.length !== targets.length) throw SvcError.sql(s.source.position, 'select clause must provide values for all insert columns');
  if (ts >= 0 && !targets.includes(ts)) throw SvcError.sql(s.table.position, 'select clause must provide timestamp column');
  plan.columns.forEach((c, k) => {
    const column = table.columns[targets[k]];
    if (!insertConvertible(c.type, column.type)) {
      throw SvcError.sql(s.source.position, `inconvertible types: ${typeName(c.type)} -> ${typeName(column.type)} [from=${c.name}, to=${column.name}]`);
    }
  });
  return {
    run: async (context) => {
      await runSubqueries(env.subqueries, context);
      return appendBatches(env.storage, table, targets, plan.execute(context), context, convertChecked, context.transaction);
    },
  };
}

/** A value with no conversion to its column is `inconvertible types: STRING -> BOOLEAN [from='abc', to=b]` at the value. */
function checkValue(e: BoundExpr, source: Expression, table: TableSchema, column: number): BoundExpr {
  const target = table.columns[column];
  if (!insertConvertible(e.type, target.type)) {
    throw SvcError.sql(source.position, `inconvertible types: ${typeName(e.type)} -> ${typeName(target.type)} [from=${tokenOf(source)}, to=${target.name}]`);
  }
  return e;
}

/** The text QuestDB names a value by in `inconvertible types`: a literal as written, else its operator or function. */
function tokenOf(e: Expression): string {
  switch (e.kind) {
    case 'literal': return e.raw;
    case 'column': return e.name;
    case 'call': return e.written;
    case 'binary': case 'unary': return e.op;
    case 'cast': return 'cast';
    default: return e.kind;
  }
}

async function insertValues(env: BindEnvironment, table: TableSchema, targets: readonly number[], rows: readonly BoundExpr[][], context: ExecContext): Promise<number> {
  await runSubqueries(env.subqueries, context);
  const builders = targets.map((t) => new VectorBuilder(table.columns[t].type, Math.max(1, rows.length)));
  const one: ColumnBatch = { rowCount: 1, vectors: [] };
  for (const row of rows) {
    row.forEach((e, k) => {
      const value = convertChecked(evaluate(e, one, context), table.columns[targets[k]].type, 1);
      if (targets[k] === table.timestampIndex && value.data[0] === LONG_NULL) throw SvcError.sql(0, 'designated timestamp column cannot be NULL');
      builders[k].appendFrom(value, 0);
    });
  }
  const batch: ColumnBatch = { rowCount: rows.length, vectors: builders.map((b) => b.build()) };
  async function* single(): AsyncIterable<ColumnBatch> { yield batch; }
  return appendBatches(env.storage, table, targets, single(), context, undefined, context.transaction);
}
