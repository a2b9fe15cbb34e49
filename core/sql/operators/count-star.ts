/** `SELECT count(*) FROM t`: the row count from the reader's metadata (the committed one, or a transaction's own), no scan. */
import { ColumnBatch } from '../../data/column-batch';
import { Types } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { ExecContext, openTableReader, PlanNode } from '../plan';

export class CountStar implements PlanNode {
  readonly timestampIndex = -1;
  readonly children: readonly PlanNode[] = [];
  readonly columns: readonly ResultColumn[];
  constructor(readonly table: string, name: string) {
    this.columns = [{ name, type: Types.LONG }];
  }
  get label(): string { return `CountStar(${this.table})`; }
  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const reader = await openTableReader(context, this.table);
    try {
      yield { rowCount: 1, vectors: [{ type: Types.LONG, data: Float64Array.of(reader.rowCount) }] };
    } finally {
      reader.close();
    }
  }
}
