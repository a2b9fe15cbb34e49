/** A fixed list of STRING rows in one column (EXPLAIN's plan lines). */
import { ColumnBatch } from '../../data/column-batch';
import { Types } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { VectorBuilder } from '../../data/vector-builder';
import { ExecContext, PlanNode } from '../plan';

export class TextRows implements PlanNode {
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex = -1;
  readonly children: readonly PlanNode[] = [];
  readonly label = 'TextRows';

  constructor(name: string, private readonly rows: readonly string[]) {
    this.columns = [{ name, type: Types.STRING }];
  }

  async *execute(_context: ExecContext): AsyncIterable<ColumnBatch> {
    const b = new VectorBuilder(Types.STRING, Math.max(1, this.rows.length));
    for (const r of this.rows) b.appendString(r);
    yield { rowCount: this.rows.length, vectors: [b.build()] };
  }
}
