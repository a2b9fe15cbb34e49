/**
 * Inner, left and cross joins (sql-dialect.md §2.5 "Standard joins"). Equality keys use a hash join:
 * the right side is built into one batch and a Map from key to its rows; left rows stream through.
 * Without keys every left row pairs with every right row. A residual ON condition filters the pairs
 * (inner joins; for left joins it decides matches). Output: left columns then right columns.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { ExecContext, PlanNode } from '../plan';
import { concatBatches, gather } from '../vector/vector-ops';
import { rowKey } from './row-key';

const OUT_BATCH = 65536;

export class Join implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  constructor(
    readonly type: 'inner' | 'left' | 'cross',
    readonly left: PlanNode, readonly right: PlanNode,
    readonly leftKeys: readonly BoundExpr[], readonly rightKeys: readonly BoundExpr[],
    /** Over the joined layout (left columns then right columns). */
    readonly condition: BoundExpr | undefined,
  ) {
    this.children = [left, right];
    this.columns = [...left.columns, ...right.columns];
    this.timestampIndex = left.timestampIndex;
  }
  get label(): string { return `${this.leftKeys.length ? 'HashJoin' : 'NestedLoopJoin'}(${this.type})`; }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const parts: ColumnBatch[] = [];
    for await (const b of this.right.execute(context)) parts.push(b);
    const rightTypes = this.right.columns.map((c) => c.type);
    const right = parts.length ? concatBatches(rightTypes, parts) : { rowCount: 0, vectors: rightTypes.map((t) => new VectorBuilder(t, 1).build()) };
    const table = new Map<string, number[]>();
    if (this.leftKeys.length) {
      const keys = this.rightKeys.map((k) => evaluate(k, right, context));
      for (let i = 0; i < right.rowCount; i++) {
        const key = rowKey(keys, i);
        if (key.includes('\u0001')) continue; // null keys never match
        const list = table.get(key);
        if (list) list.push(i); else table.set(key, [i]);
      }
    }
    const all = Array.from({ length: right.rowCount }, (_x, i) => i);
    for await (const lb of this.left.execute(context)) {
      const keys = this.leftKeys.map((k) => evaluate(k, lb, context));
      let li: number[] = [], ri: number[] = [];
      for (let i = 0; i < lb.rowCount; i++) {
        const matches = this.leftKeys.length ? (table.get(rowKey(keys, i)) ?? []) : all;
        let kept = 0;
        if (this.condition && matches.length) {
          const cand = this.pairs(lb, right, Array(matches.length).fill(i), matches);
          const mask = evaluate(this.condition, cand, context).data;
          for (let m = 0; m < matches.length; m++) if (mask[m]) { li.push(i); ri.push(matches[m]); kept++; }
        } else {
          for (const r of matches) { li.push(i); ri.push(r); kept++; }
        }
        if (kept === 0 && this.type === 'left') { li.push(i); ri.push(-1); }
        if (li.length >= OUT_BATCH) { yield this.pairs(lb, right, li, ri); li = []; ri = []; }
      }
      if (li.length) yield this.pairs(lb, right, li, ri);
    }
  }

  private pairs(left: ColumnBatch, right: ColumnBatch, li: readonly number[], ri: readonly number[]): ColumnBatch {
    const n = li.length;
    const lsel = Int32Array.from(li);
    const vectors: Vector[] = left.vectors.map((v) => gather(v, lsel, n));
    const hasNull = ri.some((r) => r < 0);
    for (const v of right.vectors) {
      if (!hasNull) { vectors.push(gather(v, Int32Array.from(ri), n)); continue; }
      const b = new VectorBuilder(v.type, Math.max(1, n), v.symbols);
      for (const r of ri) if (r < 0) b.appendNull(); else b.appendFrom(v, r);
      vectors.push(b.build());
    }
    return { rowCount: n, vectors };
  }
}
