/**
 * SELECT DISTINCT and the distinct set operations: keeps the first occurrence of each row, in input
 * order. Rows get group ids from a GroupKeyIndex (direct arrays for symbols, a number hash, string keys
 * otherwise), which records each new row into its builders. The whole input is read before the first row
 * goes out, as QuestDB's DISTINCT (a GROUP BY) does: a set past `cairo.sql.hash.max.memory` then fails
 * before the answer began (400, an ErrorResponse before any DataRow) instead of after rows were sent under
 * a success status. The builders already hold every distinct row, so this costs no more memory.
 */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag } from '../../data/column-type';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { sliceBatch } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';

const OUT_BATCH = 65536;

export class Distinct implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly label = 'Distinct';
  constructor(readonly child: PlanNode) {
    this.children = [child];
  }
  get columns(): PlanNode['columns'] { return this.child.columns; }
  get timestampIndex(): number { return this.child.timestampIndex; }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const builders = this.columns.map((c) => new VectorBuilder(c.type, 16, c.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined));
    const index = new GroupKeyIndex(builders, context.memory, 'DISTINCT keys');
    let groups = new Int32Array(0);
    for await (const b of this.child.execute(context)) {
      checkAborted(context);
      const n = b.rowCount;
      if (groups.length < n) groups = new Int32Array(n);
      index.assign(b.vectors, n, groups);
    }
    const rows = index.count;
    if (rows === 0) return;
    const all: ColumnBatch = { rowCount: rows, vectors: builders.map((b) => b.build()) };
    for (let o = 0; o < rows; o += OUT_BATCH) yield sliceBatch(all, o, Math.min(rows, o + OUT_BATCH));
  }
}
