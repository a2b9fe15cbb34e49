/** The source of a SELECT without FROM (`SELECT 1`): one row, no columns. */
import { ColumnBatch } from '../../data/column-batch';
import { ExecContext, PlanNode } from '../plan';

export class SingleRow implements PlanNode {
  readonly columns = [];
  readonly timestampIndex = -1;
  readonly children: readonly PlanNode[] = [];
  readonly label = 'SingleRow';
  async *execute(_context: ExecContext): AsyncIterable<ColumnBatch> {
    yield { rowCount: 1, vectors: [] };
  }
}
