/**
 * Reverses a small stream (`LIMIT -n` answered by scanning backwards for n rows, then restoring the
 * table's order). Materialises its input, so the planner uses it only under a LIMIT.
 */
import { ColumnBatch } from '../../data/column-batch';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { concatBatches, gatherBatch } from '../vector/vector-ops';

export class ReverseRows implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly label = 'Reverse';
  constructor(readonly child: PlanNode, readonly timestampIndex: number) {
    this.children = [child];
  }
  get columns(): PlanNode['columns'] { return this.child.columns; }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const parts: ColumnBatch[] = [];
    for await (const b of this.child.execute(context)) { checkAborted(context); parts.push(b); }
    if (parts.length === 0) return;
    const all = concatBatches(this.columns.map((c) => c.type), parts);
    const n = all.rowCount;
    const sel = new Int32Array(n);
    for (let i = 0; i < n; i++) sel[i] = n - 1 - i;
    yield gatherBatch(all, sel, n);
  }
}
