/**
 * SELECT DISTINCT and the distinct set operations: keeps the first occurrence of each row, in input
 * order. Rows get group ids from a GroupKeyIndex (direct arrays for symbols, a number hash, string keys
 * otherwise); ids are dense and increasing, so a row is new exactly when its id is the next unseen one.
 */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag } from '../../data/column-type';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { gatherBatch } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';

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
      let next = index.count;
      index.assign(b.vectors, n, groups);
      const sel = new Int32Array(n);
      let k = 0;
      for (let i = 0; i < n; i++) if (groups[i] === next) { sel[k++] = i; next++; }
      if (k > 0) yield k === n ? b : gatherBatch(b, sel, k);
    }
  }
}
