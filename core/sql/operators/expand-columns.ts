/**
 * Restores a wider column layout over a plan that reads only some columns: the missing ones travel as
 * shared null vectors. Lets a join side (a pruned table scan and its filter) skip columns nobody reads
 * while expressions above keep their column indexes.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { NullVectors } from './gather-or-null';

export class ExpandColumns implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly label = 'ExpandColumns';

  /** `map[i]` is the child column for output column i, or -1 for a null column. */
  constructor(readonly child: PlanNode, readonly columns: readonly ResultColumn[], readonly map: Int32Array, readonly timestampIndex: number) {
    this.children = [child];
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const nulls = new NullVectors();
    for await (const b of this.child.execute(context)) {
      checkAborted(context);
      const n = b.rowCount;
      yield { rowCount: n, vectors: this.columns.map((c, i) => (this.map[i] >= 0 ? b.vectors[this.map[i]] : nulls.get(c.type, n))) };
    }
  }
}
