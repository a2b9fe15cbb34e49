/**
 * ORDER BY: materialises the input, sorts a permutation and emits in order. With a LIMIT of n rows
 * (top-N) it keeps only the best n candidates per batch, so memory stays bounded by n + batch size; once n
 * rows are kept, a batch's rows that cannot beat the worst of them by the first key are cut off by one typed
 * loop before any copy (top-threshold.ts).
 * Full sorts go through sortPermutation, which a cancelled query stops part-way.
 */
import { ColumnBatch } from '../../data/column-batch';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { CHECK_EVERY_ROWS } from '../query-cancellation';
import { sortPermutation } from './permutation-sort';
import { concatBatches, gatherBatch, sliceBatch } from '../vector/vector-ops';
import { rowComparator, SortKey } from './row-comparator';
import { candidates, cuttable } from './top-threshold';

const OUT_BATCH = 65536;

export class Sort implements PlanNode {
  readonly children: readonly PlanNode[];
  constructor(readonly child: PlanNode, readonly keys: readonly SortKey[], readonly topN: number | undefined, readonly timestampIndex: number) {
    this.children = [child];
  }
  get columns(): PlanNode['columns'] { return this.child.columns; }
  get label(): string { return this.topN !== undefined ? `Sort(top ${this.topN})` : 'Sort'; }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const types = this.columns.map((c) => c.type);
    let kept: ColumnBatch | undefined;
    const pending: ColumnBatch[] = [];
    let pendingRows = 0;
    // The first key's value in the worst kept row, once `topN` rows are kept and that key can be cut by value.
    let cut: number | undefined;
    let sel = new Int32Array(0);
    const first = this.keys[0];
    const flush = async (): Promise<void> => {
      const all = concatBatches(types, kept ? [kept, ...pending] : pending);
      pending.length = 0; pendingRows = 0;
      const cutNow = this.topN !== undefined && all.rowCount > this.topN;
      kept = cutNow && this.topN !== undefined ? await this.sorted(all, this.topN, context) : all;
      // Sorted, best first: the worst kept row is the last.
      const worst = first ? kept.vectors[first.index] : undefined;
      cut = cutNow && this.topN !== undefined && this.topN > 0 && worst && cuttable(worst) ? Number(worst.data[kept.rowCount - 1]) : undefined;
    };
    for await (const input of this.child.execute(context)) {
      checkAborted(context);
      let batch = input;
      const key = first ? batch.vectors[first.index] : undefined;
      if (cut !== undefined && key && cuttable(key)) {
        if (sel.length < batch.rowCount) sel = new Int32Array(batch.rowCount);
        const k = candidates(key.data, batch.rowCount, cut, first.descending, sel);
        if (k === 0) continue;
        if (k < batch.rowCount) batch = gatherBatch(batch, sel, k);
      }
      pending.push(batch);
      pendingRows += batch.rowCount;
      if (this.topN !== undefined && pendingRows >= Math.max(this.topN, OUT_BATCH)) await flush();
    }
    if (pending.length) await flush();
    if (!kept || kept.rowCount === 0) return;
    const out = await this.sorted(kept, this.topN ?? kept.rowCount, context);
    for (let lo = 0; lo < out.rowCount; lo += OUT_BATCH) yield sliceBatch(out, lo, Math.min(out.rowCount, lo + OUT_BATCH));
  }

  private async sorted(batch: ColumnBatch, limit: number, context: ExecContext): Promise<ColumnBatch> {
    const n = batch.rowCount;
    if (limit * 8 < n) return this.best(batch, limit, context);
    const perm = new Int32Array(n);
    for (let i = 0; i < n; i++) perm[i] = i;
    const order = await sortPermutation(perm, n, rowComparator(batch.vectors, this.keys), context);
    const k = Math.min(limit, n);
    return gatherBatch(batch, order, k);
  }

  /** Top-N by a bounded max-heap (the worst kept row on top): O(n log N) instead of a full sort. */
  private best(batch: ColumnBatch, limit: number, context: ExecContext): ColumnBatch {
    const cmp = rowComparator(batch.vectors, this.keys);
    const heap = new Int32Array(limit);
    let size = 0;
    const siftDown = (at: number): void => {
      let i = at;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let worst = i;
        if (l < size && cmp(heap[l], heap[worst]) > 0) worst = l;
        if (r < size && cmp(heap[r], heap[worst]) > 0) worst = r;
        if (worst === i) return;
        const t = heap[i]; heap[i] = heap[worst]; heap[worst] = t;
        i = worst;
      }
    };
    for (let row = 0; row < batch.rowCount; row++) {
      if ((row & (CHECK_EVERY_ROWS - 1)) === 0) checkAborted(context);
      if (size < limit) {
        let i = size++;
        heap[i] = row;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (cmp(heap[i], heap[p]) <= 0) break;
          const t = heap[i]; heap[i] = heap[p]; heap[p] = t;
          i = p;
        }
      } else if (cmp(row, heap[0]) < 0) {
        heap[0] = row;
        siftDown(0);
      }
    }
    const picked = heap.slice(0, size).sort(cmp);
    return gatherBatch(batch, picked, size);
  }
}
