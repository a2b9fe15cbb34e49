/**
 * UPDATE t [alias] SET c = expr [, …] [WHERE …]. The StorageEngine has no in-place
 * update, so the statement reads the committed rows, computes the new values batch-wise, and when any row
 * changed rewrites the table (truncate + append in one writer session). The designated timestamp cannot be set.
 */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag } from '../../data/column-type';
import { findColumn } from '../../data/table-schema';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { SvcError } from '../../errors';
import type { Query, UpdateStatement } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { ExpressionBinder } from '../expression-binder';
import { ExecContext, PlanNode } from '../plan';
import { FixedScope } from '../scope';
import { gather } from '../vector/vector-ops';
import { appendBatches } from './table-writes';
import { runSubqueries } from '../query-result';

export function prepareUpdate(s: UpdateStatement, env: BindEnvironment, bindQuery: (q: Query) => PlanNode): (c: ExecContext) => Promise<number> {
  if (s.from) throw SvcError.sql(s.from.position, 'UPDATE … FROM is not supported yet');
  const table = env.storage.getTable(s.table.name);
  if (!table) throw SvcError.tableDoesNotExist(s.table.position, s.table.name);
  const qualifiers = [(s.alias?.name ?? table.name).toLowerCase()];
  const scope = new FixedScope(table.columns.map((c, i) => ({ name: c.name, qualifiers, type: c.type, index: i })), table.timestampIndex);
  const binder = new ExpressionBinder(env.registry, scope, { subquery: bindQuery, onSubquery: (e) => env.subqueries.push(e), parameters: env.parameters });
  const sets = s.assignments.map((a) => {
    const k = findColumn(table, a.column.name);
    if (k < 0) throw SvcError.invalidColumn(a.column.position, a.column.name);
    if (k === table.timestampIndex) throw SvcError.sql(a.column.position, 'Designated timestamp column cannot be updated');
    return { column: k, expr: binder.coerce(binder.bind(a.value), table.columns[k].type, a.value.position, false) };
  });
  const where = s.where ? binder.toBoolean(binder.bind(s.where)) : undefined;
  return async (context) => {
    await runSubqueries(env.subqueries, context);
    const reader = env.storage.openReader(table.name);
    const batches: ColumnBatch[] = [];
    let updated = 0;
    try {
      const all = table.columns.map((_c, i) => i);
      for await (const b of reader.scan({ columns: all, signal: context.signal })) {
        const withSymbols: ColumnBatch = { rowCount: b.rowCount, vectors: b.vectors.map((v, i) => (v.symbols || table.columns[i].type.tag !== TypeTag.SYMBOL ? v : { ...v, symbols: reader.symbols(i) })) };
        const r = rewrite(withSymbols, sets, where, context);
        updated += r.updated;
        batches.push(r.batch);
      }
    } finally {
      reader.close();
    }
    if (updated === 0) return 0;
    await env.storage.truncateTable(table.name);
    async function* rows(): AsyncIterable<ColumnBatch> { yield* batches; }
    await appendBatches(env.storage, table, table.columns.map((_c, i) => i), rows(), context);
    return updated;
  };
}

function rewrite(b: ColumnBatch, sets: readonly { column: number; expr: BoundExpr }[], where: BoundExpr | undefined, context: ExecContext): { batch: ColumnBatch; updated: number } {
  const n = b.rowCount;
  const mask = where ? evaluate(where, b, context).data : undefined;
  let updated = 0;
  for (let i = 0; i < n; i++) if (!mask || mask[i] !== 0) updated++;
  const identity = new Int32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  // Copies: storage vectors are views that the rewrite (truncate) invalidates.
  const vectors: Vector[] = b.vectors.map((v) => gather(v, identity, n));
  for (const s of sets) {
    const next = evaluate(s.expr, b, context);
    if (!mask) { vectors[s.column] = gather(next, identity, n); continue; }
    const old = vectors[s.column];
    const out = new VectorBuilder(old.type, Math.max(1, n));
    for (let i = 0; i < n; i++) out.appendFrom(mask[i] !== 0 ? next : old, i);
    vectors[s.column] = out.build();
  }
  return { batch: { rowCount: n, vectors }, updated };
}
