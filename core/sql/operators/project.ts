/** SELECT list: one expression per output column, evaluated per batch. */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';

export class Project implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly label = 'Project';
  constructor(readonly child: PlanNode, readonly exprs: readonly BoundExpr[], readonly columns: readonly ResultColumn[], readonly timestampIndex: number) {
    this.children = [child];
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    for await (const batch of this.child.execute(context)) {
      checkAborted(context);
      yield { rowCount: batch.rowCount, vectors: this.exprs.map((e) => evaluate(e, batch, context)) };
    }
  }
}
