/**
 * UPDATE t [alias] SET c = expr [, …] [WHERE …]. The StorageEngine has no in-place
 * update, so the statement streams the committed rows through the new values into one writer transaction
 * that truncates and refills the table (memory stays bounded: the writer stages rows on disk), published
 * by one commit (inside a transaction, by its COMMIT); when no row matches the WHERE nothing is written. The
 * designated timestamp cannot be set.
 */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag, typeName } from '../../data/column-type';
import { ColumnDef, findColumn } from '../../data/table-schema';
import { insertConvertible } from './insert-convertible';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { SvcError } from '../../errors';
import type { Query, UpdateStatement } from '../ast';
import { BindEnvironment } from '../bind-environment';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { ExpressionBinder } from '../expression-binder';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { FixedScope } from '../scope';
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
    const value = binder.bind(a.value);
    checkGeohashWidening(value, table.columns[k], a.value.position);
    return { column: k, expr: binder.coerce(value, table.columns[k].type, a.value.position, false) };
  });
  const where = s.where ? binder.toBoolean(binder.bind(s.where)) : undefined;
  return async (context) => {
    await runSubqueries(env.subqueries, context);
    // The writer first: holding it, no commit can slip in between the snapshot read and the rewrite. Inside a
    // transaction both are its own: the rows it holds are updated too, and the rewrite waits for its COMMIT.
    const tx = context.transaction;
    const writer = tx ? await tx.writer(table.name, context.signal) : await env.storage.openWriter(table.name, { signal: context.signal });
    const reader = tx ? await tx.reader(table.name) : env.storage.openReader(table.name);
    try {
      const all = table.columns.map((_c, i) => i);
      const batches = async function* (): AsyncIterable<ColumnBatch> {
        for await (const b of reader.scan({ columns: all, signal: context.signal })) {
          yield { rowCount: b.rowCount, vectors: b.vectors.map((v, i) => (v.symbols || table.columns[i].type.tag !== TypeTag.SYMBOL ? v : { ...v, symbols: reader.symbols(i) })) };
        }
      };
      if (reader.rowCount === 0 || (where && await countMatches(batches(), where, context) === 0)) return 0;
      // One transaction: the rewritten rows replace the old ones in one commit; readers see old or new.
      let updated = 0;
      await writer.truncate();
      for await (const b of batches()) {
        checkAborted(context);
        const r = rewrite(b, sets, where, context);
        updated += r.updated;
        await writer.append(r.batch);
      }
      // A stopped UPDATE (deadline, cancel, closed client) commits nothing: the old rows stay (inside a
      // transaction the stop fails the statement, and the aborted block can only be rolled back).
      checkAborted(context);
      if (!tx) await writer.commit();
      return updated;
    } finally {
      reader.close();
      if (!tx) await writer.close();
    }
  };
}

/** A GEOHASH column takes its own or a higher precision (narrowed to its leading bits), as INSERT does; NULL fits any. */
function checkGeohashWidening(value: BoundExpr, column: ColumnDef, position: number): void {
  if (value.type.tag !== TypeTag.GEOHASH || column.type.tag !== TypeTag.GEOHASH || insertConvertible(value.type, column.type)) return;
  if (value.kind === 'constant' && value.value === null) return;
  throw SvcError.sql(position, `inconvertible types: ${typeName(value.type)} -> ${typeName(column.type)} [to=${column.name}]`);
}

async function countMatches(batches: AsyncIterable<ColumnBatch>, where: BoundExpr, context: ExecContext): Promise<number> {
  let n = 0;
  for await (const b of batches) {
    checkAborted(context);
    const mask = evaluate(where, b, context).data;
    for (let i = 0; i < b.rowCount; i++) if (mask[i] !== 0) n++;
  }
  return n;
}

/** The batch with the SET columns replaced (in matching rows only, under a WHERE). */
function rewrite(b: ColumnBatch, sets: readonly { column: number; expr: BoundExpr }[], where: BoundExpr | undefined, context: ExecContext): { batch: ColumnBatch; updated: number } {
  const n = b.rowCount;
  const mask = where ? evaluate(where, b, context).data : undefined;
  let updated = 0;
  for (let i = 0; i < n; i++) if (!mask || mask[i] !== 0) updated++;
  const vectors: Vector[] = [...b.vectors];
  for (const s of sets) {
    const next = evaluate(s.expr, b, context);
    if (!mask) { vectors[s.column] = next; continue; }
    const old = b.vectors[s.column];
    const out = new VectorBuilder(old.type, Math.max(1, n));
    for (let i = 0; i < n; i++) out.appendFrom(mask[i] !== 0 ? next : old, i);
    vectors[s.column] = out.build();
  }
  return { batch: { rowCount: n, vectors }, updated };
}
