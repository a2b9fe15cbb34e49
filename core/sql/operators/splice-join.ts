/**
 * SPLICE JOIN: a full ASOF join on both sides. Both inputs are merged by
 * timestamp; every row of either side produces one output row pairing it with the newest row of the
 * other side at or before it (same key when ON is given), or nulls. Ties take the left row first.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType, TypeTag } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { concatBatches, sliceBatch } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';
import { gatherOrNull } from './gather-or-null';

const OUT_BATCH = 65536;

export class SpliceJoin implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  readonly label = 'SpliceJoin';

  constructor(readonly left: PlanNode, readonly right: PlanNode, readonly leftKeys: readonly BoundExpr[], readonly rightKeys: readonly BoundExpr[]) {
    this.children = [left, right];
    this.columns = [...left.columns, ...right.columns];
    this.timestampIndex = -1;
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const l = await readAll(this.left, context), r = await readAll(this.right, context);
    const keyed = this.leftKeys.length > 0;
    const index = new GroupKeyIndex(this.leftKeys.map((k) => new VectorBuilder(k.type, 64, k.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined)), context.memory, 'join keys');
    const lk = new Int32Array(l.rowCount), rk = new Int32Array(r.rowCount);
    if (keyed) {
      if (l.rowCount) index.assign(this.leftKeys.map((k) => evaluate(k, l, context)), l.rowCount, lk);
      if (r.rowCount) index.assign(this.rightKeys.map((k) => evaluate(k, r, context)), r.rowCount, rk);
    }
    const keys = Math.max(1, index.count);
    const lastL = new Int32Array(keys).fill(-1), lastR = new Int32Array(keys).fill(-1);
    const lt = l.vectors[this.left.timestampIndex].data, rt = r.vectors[this.right.timestampIndex].data;
    const total = l.rowCount + r.rowCount;
    const selL = new Int32Array(total), selR = new Int32Array(total);
    let i = 0, j = 0, o = 0;
    while (i < l.rowCount || j < r.rowCount) {
      if (j >= r.rowCount || (i < l.rowCount && lt[i] <= rt[j])) {
        const k = keyed ? lk[i] : 0;
        lastL[k] = i;
        selL[o] = i; selR[o++] = lastR[k];
        i++;
      } else {
        const k = keyed ? rk[j] : 0;
        lastR[k] = j;
        selL[o] = lastL[k]; selR[o++] = j;
        j++;
      }
    }
    const all: ColumnBatch = { rowCount: o, vectors: [...l.vectors.map((v) => gatherOrNull(v, selL, o)), ...r.vectors.map((v) => gatherOrNull(v, selR, o))] };
    for (let s = 0; s < o; s += OUT_BATCH) yield sliceBatch(all, s, Math.min(o, s + OUT_BATCH));
  }
}

async function readAll(plan: PlanNode, context: ExecContext): Promise<ColumnBatch> {
  const types: ColumnType[] = plan.columns.map((c) => c.type);
  const parts: ColumnBatch[] = [];
  for await (const b of plan.execute(context)) { checkAborted(context); parts.push(b); }
  return parts.length ? concatBatches(types, parts) : { rowCount: 0, vectors: types.map((t) => new VectorBuilder(t, 1).build()) };
}
