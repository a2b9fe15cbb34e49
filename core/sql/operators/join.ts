/**
 * Inner, left and cross joins. Equality keys use a hash join:
 * the right side is built into one batch, its keys into a GroupKeyIndex with each key's rows chained
 * through typed arrays (no JS Map: any number of keys, bounded by `cairo.sql.hash.max.memory`); left
 * rows stream through and look their key up.
 * Without keys every left row pairs with every right row. A residual ON condition filters the pairs
 * (inner joins; for left joins it decides matches). Output: left columns then right columns.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ResultColumn } from '../../data/result-set';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { concatBatches, gather, sliceVector } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';
import { CHECK_EVERY_ROWS } from '../query-cancellation';

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
    for await (const b of this.right.execute(context)) { checkAborted(context); parts.push(b); }
    const rightTypes = this.right.columns.map((c) => c.type);
    const right = parts.length ? concatBatches(rightTypes, parts) : { rowCount: 0, vectors: rightTypes.map((t) => new VectorBuilder(t, 1).build()) };
    const table = this.leftKeys.length ? this.build(right, context) : undefined;
    const all = new Int32Array(right.rowCount);
    for (let i = 0; i < all.length; i++) all[i] = i;
    let ids = new Int32Array(0);
    for await (const lb of this.left.execute(context)) {
      checkAborted(context);
      const keys = this.leftKeys.map((k) => evaluate(k, lb, context));
      if (table) {
        if (ids.length < lb.rowCount) ids = new Int32Array(lb.rowCount);
        table.index.lookup(keys, lb.rowCount, ids);
      }
      let li: number[] = [], ri: number[] = [];
      for (let i = 0; i < lb.rowCount; i++) {
        if ((i & (CHECK_EVERY_ROWS - 1)) === 0) checkAborted(context);
        let kept = 0;
        const first = table ? (ids[i] < 0 ? -1 : table.first[ids[i]]) : (all.length ? 0 : -1);
        const next = table ? table.next : undefined;
        if (this.condition && first >= 0) {
          const matches: number[] = [];
          for (let r = first; r >= 0; r = next ? next[r] : (r + 1 < all.length ? r + 1 : -1)) matches.push(r);
          const cand = this.pairs(lb, right, Array<number>(matches.length).fill(i), matches);
          const mask = evaluate(this.condition, cand, context).data;
          for (let m = 0; m < matches.length; m++) if (mask[m]) { li.push(i); ri.push(matches[m]); kept++; }
        } else {
          for (let r = first; r >= 0; r = next ? next[r] : (r + 1 < all.length ? r + 1 : -1)) { li.push(i); ri.push(r); kept++; }
        }
        if (kept === 0 && this.type === 'left') { li.push(i); ri.push(-1); }
        if (li.length >= OUT_BATCH) { yield this.pairs(lb, right, li, ri); li = []; ri = []; checkAborted(context); }
      }
      if (li.length) yield this.pairs(lb, right, li, ri);
    }
  }

  /** The hash side: a group id per distinct right key, and each key's rows chained in input order. */
  private build(right: ColumnBatch, context: ExecContext): { index: GroupKeyIndex; first: Int32Array; next: Int32Array } {
    const n = right.rowCount;
    const index = new GroupKeyIndex([], context.memory, 'join keys');
    const keys = this.rightKeys.map((k) => evaluate(k, right, context));
    const ids = new Int32Array(n);
    context.memory.grow(n * 8, 'join keys');
    // In slices, so a cancelled query stops within one slice of a large build side.
    for (let lo = 0; lo < n; lo += CHECK_EVERY_ROWS) {
      checkAborted(context);
      const hi = Math.min(n, lo + CHECK_EVERY_ROWS);
      index.assign(keys.map((k) => sliceVector(k, lo, hi)), hi - lo, ids.subarray(lo, hi));
    }
    const first = new Int32Array(index.count).fill(-1), next = new Int32Array(n).fill(-1);
    for (let i = n - 1; i >= 0; i--) {
      if ((i & (CHECK_EVERY_ROWS - 1)) === 0) checkAborted(context);
      // QuestDB matches a NULL key with a NULL key (its = is true for two NULLs), as any other value.
      next[i] = first[ids[i]];
      first[ids[i]] = i;
    }
    return { index, first, next };
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
