/**
 * Runs correlated scalar sub-queries for one batch of the enclosing query: for each row, the outer
 * columns the sub-query names become its parameter values, the sub-query's plan runs, and its first
 * value becomes that row's result. The vector of results is left in `context.subqueries` for evaluate().
 * One run per row: meant for catalog-sized inputs (psql's `\d`), not for large tables.
 */
import { ColumnBatch } from '../../data/column-batch';
import { VectorBuilder } from '../../data/vector-builder';
import { BoundExpr, BoundScalarQuery } from '../bound-expression';
import { evaluate } from '../evaluate';
import { ExecContext } from '../plan';
import { appendValue } from '../vector/append-value';
import { sliceVector } from '../vector/vector-ops';
import { ParameterValues } from './parameter-values';
import { subqueryValue } from '../subquery-value';

/** The correlated sub-queries among `exprs` (not inside other sub-queries). */
export function correlatedSubqueries(exprs: readonly BoundExpr[]): BoundScalarQuery[] {
  const out: BoundScalarQuery[] = [];
  const visit = (e: BoundExpr): void => {
    switch (e.kind) {
      case 'scalarQuery': if (e.correlated) out.push(e); return;
      case 'call': e.args.forEach(visit); return;
      case 'cast': visit(e.expr); return;
      case 'case': e.whens.forEach((w) => { visit(w.when); visit(w.then); }); if (e.otherwise) visit(e.otherwise); return;
      case 'inQuery': visit(e.expr); return;
      default: return;
    }
  };
  exprs.forEach(visit);
  return out;
}

export async function runCorrelated(queries: readonly BoundScalarQuery[], batch: ColumnBatch, context: ExecContext): Promise<void> {
  for (const q of queries) {
    const refs = q.correlated ?? [];
    const outer = refs.map((r) => evaluate(r.outer, batch, context));
    const out = new VectorBuilder(q.type, Math.max(1, batch.rowCount));
    const base = context.parameters ?? ParameterValues.bind([], []);
    for (let i = 0; i < batch.rowCount; i++) {
      let parameters = base;
      refs.forEach((r, k) => { parameters = parameters.withOuter(r.slot, sliceVector(outer[k], i, i + 1)); });
      appendValue(out, await subqueryValue(q, { ...context, parameters }));
    }
    context.subqueries.set(q, out.build());
  }
}
