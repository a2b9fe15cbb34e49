/**
 * PostgreSQL's ProjectSet: the input's columns followed by one column per set-returning function of the
 * SELECT list (core/sql/set-returning.ts). For each input row every function runs with that row's
 * arguments; the row repeats as many times as the longest function has rows, shorter ones giving NULL
 * after their last row, and a row for which every function gives nothing is dropped (PostgreSQL 10+).
 * One run per row: meant for catalog-sized inputs (psql's and JDBC's metadata queries).
 */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { TableFunctionContext } from '../../extension/sql-function';
import { Vector, vectorLength } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { recordText } from '../record-text';
import { BoundSetReturningCall } from '../set-returning';
import { readValue } from '../vector/sql-value';
import { gatherBatch, sliceBatch } from '../vector/vector-ops';

export class ProjectSet implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly label = 'ProjectSet';

  constructor(readonly child: PlanNode, readonly calls: readonly BoundSetReturningCall[], private readonly tableContext: (c: ExecContext) => TableFunctionContext) {
    this.children = [child];
    this.columns = [...child.columns, ...calls.map((c, k) => ({ name: `srf${k}`, type: c.type }))];
  }

  get timestampIndex(): number { return this.child.timestampIndex; }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    for await (const batch of this.child.execute(context)) {
      checkAborted(context);
      const repeat: number[] = [];
      const outputs = this.calls.map((c) => new VectorBuilder(c.type, Math.max(1, batch.rowCount)));
      for (let i = 0; i < batch.rowCount; i++) {
        const row = sliceBatch(batch, i, i + 1);
        const results = [];
        for (const call of this.calls) results.push(await this.rowsOf(call, row, context));
        const m = Math.max(0, ...results.map((r) => r.count));
        for (let j = 0; j < m; j++) {
          repeat.push(i);
          results.forEach((r, k) => { if (j < r.count) r.append(outputs[k], j); else outputs[k].appendNull(); });
        }
      }
      if (repeat.length === 0) continue;
      const input = gatherBatch(batch, Int32Array.from(repeat), repeat.length);
      yield { rowCount: repeat.length, vectors: [...input.vectors, ...outputs.map((b) => b.build())] };
    }
  }

  /** One function's rows for one input row, and how to append row j of them to the output column. */
  private async rowsOf(call: BoundSetReturningCall, row: ColumnBatch, context: ExecContext): Promise<{ count: number; append: (b: VectorBuilder, j: number) => void }> {
    const args = call.args.map((a) => evaluate(a, row, context));
    const batches: Vector[][] = [];
    for await (const b of call.shape.rows(this.tableContext(context), args)) if (b.rowCount > 0) batches.push([...b.vectors]);
    const at = (j: number): [Vector[], number] => {
      let k = 0;
      while (j >= vectorLength(batches[k][0])) { j -= vectorLength(batches[k][0]); k++; }
      return [batches[k], j];
    };
    const count = batches.reduce((n, b) => n + vectorLength(b[0]), 0);
    const single = call.shape.columns.length === 1;
    return {
      count,
      append: (b, j) => {
        const [vectors, r] = at(j);
        if (single) b.appendFrom(vectors[0], r); else b.appendString(recordText(vectors.map((v) => readValue(v, r))));
      },
    };
  }
}
