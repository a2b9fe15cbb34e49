/**
 * LATEST ON ts PARTITION BY keys: the most recent row per distinct key, output in
 * timestamp order. Over a backwards table scan (WHERE already applied) the first row seen per key wins
 * and the walk stops once every key of a SYMBOL dictionary has been found, so a table whose keys all
 * occur near its end is answered from its last rows (the NULL key too, unless the column holds none). Other inputs are read forwards and keep, per key,
 * the row with the greatest timestamp.
 */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { splitNanosVector } from '../../data/nanos-split';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { concatBatches, gather, gatherBatch, sliceBatch } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';

export interface LatestOnSpec {
  readonly child: PlanNode;
  /** True when the child yields rows newest first (a reversed table scan). */
  readonly backwards: boolean;
  /** Index of the LATEST ON timestamp in the child's columns. */
  readonly timestamp: number;
  readonly keys: readonly BoundExpr[];
  /** The designated timestamp index of the output (-1 when the input had none). */
  readonly timestampIndex: number;
  readonly columns: readonly ResultColumn[];
  /** Keys WHERE allows at most (constants it pins the key to): the walk stops after finding them. */
  readonly expectedKeys?: number;
  /**
   * For a single SYMBOL key read backwards: whether its column may hold NULL in the rows read. When not, the
   * walk ends once every dictionary key was found instead of searching the rest for a NULL key (under a WHERE,
   * which the scan cannot take its newest rows through).
   */
  readonly keyNulls?: (context: ExecContext) => boolean;
}

const OUT_BATCH = 65536;

export class LatestOn implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  readonly label: string;

  constructor(readonly spec: LatestOnSpec) {
    this.children = [spec.child];
    this.columns = spec.columns;
    this.timestampIndex = spec.timestampIndex;
    this.label = spec.backwards ? 'LatestOn(backwards)' : 'LatestOn';
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const all = this.spec.backwards ? await this.walkBackwards(context) : await this.keepGreatest(context);
    for (let o = 0; o < all.rowCount; o += OUT_BATCH) yield sliceBatch(all, o, Math.min(all.rowCount, o + OUT_BATCH));
  }

  private newIndex(context: ExecContext): GroupKeyIndex {
    return new GroupKeyIndex(this.spec.keys.map((k) => new VectorBuilder(k.type, 64, k.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined)), context.memory, 'LATEST ON keys');
  }

  private async walkBackwards(context: ExecContext): Promise<ColumnBatch> {
    const index = this.newIndex(context);
    const types = this.spec.columns.map((c) => c.type);
    const found: ColumnBatch[] = [];
    let seen = new Uint8Array(1024);
    let ids = new Int32Array(0), sel = new Int32Array(0);
    let total = 0, distinct = 0, nullOnly = false;
    for await (const batch of this.spec.child.execute(context)) {
      checkAborted(context);
      const n = batch.rowCount;
      if (ids.length < n) { ids = new Int32Array(n); sel = new Int32Array(n); }
      const keys = this.spec.keys.map((k) => evaluate(k, batch, context));
      if (nullOnly) {
        // Every named key was found: only the newest NULL key is still missing.
        const at = (keys[0].data as Int32Array).indexOf(-1);
        if (at < 0) continue;
        found.push(gatherBatch(batch, Int32Array.of(at), 1));
        break;
      }
      let k = 0, count: number;
      if (keys.length === 1 && keys[0].type.tag === TypeTag.SYMBOL && keys[0].symbols) {
        // One table's SYMBOL column (a backwards scan has one dictionary): the key itself is the slot.
        const d = keys[0].data;
        const size = keys[0].symbols.size + 1;
        if (seen.length < size) { const s2 = new Uint8Array(size * 2); s2.set(seen); seen = s2; }
        for (let i = 0; i < n; i++) {
          const g = d[i] + 1;
          if (seen[g] === 0) { seen[g] = 1; sel[k++] = i; if (g > 0) distinct++; }
        }
        count = distinct;
      } else {
        index.assign(keys, n, ids);
        if (seen.length < index.count) { const s2 = new Uint8Array(index.count * 2); s2.set(seen); seen = s2; }
        for (let i = 0; i < n; i++) {
          const g = ids[i];
          if (seen[g] === 0) { seen[g] = 1; sel[k++] = i; }
        }
        count = index.count;
      }
      if (k > 0) found.push(gatherBatch(batch, sel, k));
      // Every key of a single SYMBOL column is known from its dictionary: stop once all were seen, and NULL
      // (a key too, as in QuestDB) was seen or the rest of the rows are searched for it alone.
      if (keys.length === 1 && keys[0].type.tag === TypeTag.SYMBOL && keys[0].symbols) total = keys[0].symbols.size;
      if (total > 0 && count >= total) {
        if (seen[0] === 1 || this.spec.keyNulls?.(context) === false) break;
        nullOnly = true;
      }
      if (this.spec.expectedKeys !== undefined && count >= this.spec.expectedKeys) break;
    }
    const rows = concatBatches(types, found);
    const order = new Int32Array(rows.rowCount);
    for (let i = 0; i < order.length; i++) order[i] = order.length - 1 - i;
    return gatherBatch(rows, order, order.length);
  }

  private async keepGreatest(context: ExecContext): Promise<ColumnBatch> {
    const index = this.newIndex(context);
    const types = this.spec.columns.map((c) => c.type);
    const batches: ColumnBatch[] = [];
    let bestTs = new Float64Array(1024), bestRow = new Int32Array(1024), bestSub = new Uint16Array(1024);
    // A TIMESTAMP_NS compares by (µs, ns within): its doubles tie beyond 2^53.
    const nanos = this.spec.child.columns[this.spec.timestamp].type.tag === TypeTag.TIMESTAMP_NS;
    let micros = new Float64Array(0), subs = new Uint16Array(0);
    let ids = new Int32Array(0);
    let base = 0;
    for await (const batch of this.spec.child.execute(context)) {
      checkAborted(context);
      const n = batch.rowCount;
      if (ids.length < n) ids = new Int32Array(n);
      index.assign(this.spec.keys.map((k) => evaluate(k, batch, context)), n, ids);
      if (bestTs.length < index.count) {
        const t = new Float64Array(index.count * 2).fill(-Infinity), r = new Int32Array(index.count * 2), u = new Uint16Array(index.count * 2);
        t.set(bestTs); r.set(bestRow); u.set(bestSub);
        bestTs = t; bestRow = r; bestSub = u;
      }
      let ts = batch.vectors[this.spec.timestamp].data;
      let used = false;
      if (nanos) {
        if (micros.length < n) { micros = new Float64Array(n); subs = new Uint16Array(n); }
        splitNanosVector(batch.vectors[this.spec.timestamp], 0, n, micros, subs, 0);
        ts = micros;
        for (let i = 0; i < n; i++) {
          const g = ids[i];
          if (bestRow[g] === 0 || ts[i] > bestTs[g] || (ts[i] === bestTs[g] && subs[i] >= bestSub[g])) {
            bestTs[g] = ts[i]; bestSub[g] = subs[i]; bestRow[g] = base + i + 1; used = true;
          }
        }
      } else {
        for (let i = 0; i < n; i++) {
          const g = ids[i];
          if (bestRow[g] === 0 || ts[i] >= bestTs[g]) { bestTs[g] = ts[i]; bestRow[g] = base + i + 1; used = true; }
        }
      }
      // Batches are kept whole only if they hold a candidate; row numbers stay global.
      batches.push(used ? batch : { rowCount: n, vectors: [] });
      base += n;
    }
    const picks = Array.from({ length: index.count }, (_, g) => g).sort((a, b) => bestTs[a] - bestTs[b] || bestSub[a] - bestSub[b] || bestRow[a] - bestRow[b]);
    const kept = batches.map((b) => (b.vectors.length ? b : undefined));
    const starts: number[] = [];
    let s = 0;
    for (const b of batches) { starts.push(s); s += b.rowCount; }
    const out: ColumnBatch[] = [];
    for (const g of picks) {
      const row = bestRow[g] - 1;
      let b = starts.length - 1;
      while (starts[b] > row) b--;
      const batch = kept[b] as ColumnBatch;
      out.push({ rowCount: 1, vectors: batch.vectors.map((v) => gather(v, Int32Array.of(row - starts[b]), 1)) });
    }
    return concatBatches(types, out);
  }
}
