/**
 * Runs a SELECT plan as a ResultSet: sub-queries first (their first column collected), then the plan's
 * batches through the caller's row window. Each iteration is one execution with its own ExecContext
 * (and QueryCancellation, released when the iteration ends); iterating twice runs the query twice.
 */
import { ColumnBatch } from '../data/column-batch';
import { ResultColumn, ResultSet } from '../data/result-set';
import { RowWindow } from './query-engine';
import { BoundExpr } from './bound-expression';
import { applyWindow } from './operators/row-window';
import { checkAborted, ExecContext, PlanNode } from './plan';
import { concatBatches, constantVector } from './vector/vector-ops';
import { subqueryValue } from './subquery-value';

export class QueryResult implements ResultSet {
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;

  constructor(
    private readonly plan: PlanNode,
    private readonly subqueries: readonly BoundExpr[],
    private readonly newContext: () => ExecContext,
    private readonly window: RowWindow | undefined,
  ) {
    this.columns = plan.columns;
    this.timestampIndex = plan.timestampIndex;
  }

  async *batches(): AsyncIterable<ColumnBatch> {
    const context = this.newContext();
    try {
      await runSubqueries(this.subqueries, context);
      const rows = this.plan.execute(context);
      const windowed = this.window ? applyWindow(rows, this.columns.map((c) => c.type), this.window) : rows;
      for await (const b of windowed) {
        checkAborted(context);
        yield b;
      }
      // An operator that stopped early for a fired signal must not pass for a complete result.
      checkAborted(context);
    } catch (e) {
      // Storage may throw its own AbortError; the caller gets the signal's reason as a SvcError.
      checkAborted(context.signal);
      throw e;
    } finally {
      context.cancellation.dispose();
    }
  }
}

export async function runSubqueries(list: readonly BoundExpr[], context: ExecContext): Promise<void> {
  for (const e of list) {
    if (e.kind !== 'inQuery' && e.kind !== 'scalarQuery') continue;
    if (e.kind === 'scalarQuery' && e.array) {
      context.subqueries.set(e, constantVector(e.type, await subqueryValue(e, context), 1));
      continue;
    }
    const parts: ColumnBatch[] = [];
    const limit = e.kind === 'scalarQuery' ? 1 : Infinity;
    let rows = 0;
    for await (const b of e.plan.execute(context)) {
      checkAborted(context);
      parts.push({ rowCount: b.rowCount, vectors: [b.vectors[0]] });
      rows += b.rowCount;
      if (rows >= limit) break;
    }
    const type = e.plan.columns[0].type;
    const all = parts.length ? concatBatches([type], parts) : { rowCount: 0, vectors: [{ type, data: new Uint8Array(0) }] };
    context.subqueries.set(e, all.vectors[0]);
  }
}
