/** SELECT DISTINCT and the distinct set operations: keeps the first occurrence of each row, in input order. */
import { ColumnBatch } from '../../data/column-batch';
import { ExecContext, PlanNode } from '../plan';
import { gatherBatch } from '../vector/vector-ops';
import { rowKey } from './row-key';

export class Distinct implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly label = 'Distinct';
  constructor(readonly child: PlanNode) {
    this.children = [child];
  }
  get columns(): PlanNode['columns'] { return this.child.columns; }
  get timestampIndex(): number { return this.child.timestampIndex; }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const seen = new Set<string>();
    for await (const b of this.child.execute(context)) {
      const sel = new Int32Array(b.rowCount);
      let k = 0;
      for (let i = 0; i < b.rowCount; i++) {
        const key = rowKey(b.vectors, i);
        if (!seen.has(key)) { seen.add(key); sel[k++] = i; }
      }
      if (k > 0) yield k === b.rowCount ? b : gatherBatch(b, sel, k);
    }
  }
}
