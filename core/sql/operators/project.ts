/**
 * SELECT list: one expression per output column, evaluated per batch. A seeded query with several
 * rnd_* calls is evaluated row by row instead, so the calls draw in QuestDB's order (every column of a
 * row before the next row) and reproduce QuestDB's values.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { VectorBuilder } from '../../data/vector-builder';
import { BoundExpr, walk } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { sliceBatch } from '../vector/vector-ops';

export class Project implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly label = 'Project';
  /** Two or more random calls: their draws interleave per row when the source is seeded. */
  private readonly drawsPerRow: boolean;

  constructor(readonly child: PlanNode, readonly exprs: readonly BoundExpr[], readonly columns: readonly ResultColumn[], readonly timestampIndex: number) {
    this.children = [child];
    let randomCalls = 0;
    for (const e of exprs) walk(e, (x) => { if (x.kind === 'call' && x.fn.volatile && x.fn.name.startsWith('rnd_')) randomCalls++; });
    this.drawsPerRow = randomCalls > 1;
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const rowWise = this.drawsPerRow && context.functions.random.seeded;
    for await (const batch of this.child.execute(context)) {
      checkAborted(context);
      yield rowWise ? this.rowByRow(batch, context) : { rowCount: batch.rowCount, vectors: this.exprs.map((e) => evaluate(e, batch, context)) };
    }
  }

  private rowByRow(batch: ColumnBatch, context: ExecContext): ColumnBatch {
    const n = batch.rowCount;
    const builders = this.exprs.map((e) => new VectorBuilder(e.type, Math.max(1, n)));
    for (let i = 0; i < n; i++) {
      const row = sliceBatch(batch, i, i + 1);
      this.exprs.forEach((e, k) => builders[k].appendFrom(evaluate(e, row, context), 0));
    }
    return { rowCount: n, vectors: builders.map((b) => b.build()) };
  }
}
