/**
 * Window functions over the materialised input: rows are ordered by (PARTITION BY,
 * ORDER BY) through a stable permutation, each partition is walked once, and results are written back at
 * the rows' input positions, so output order is input order. Output: input columns, then one column per
 * window call. Frames: ROWS/RANGE with UNBOUNDED, CURRENT ROW or offsets (RANGE offsets on the single
 * ORDER BY value, e.g. the designated timestamp in µs); default frame is RANGE UNBOUNDED PRECEDING to
 * CURRENT ROW with ORDER BY (peers included), the whole partition without.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { Vector } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { concatBatches, sliceBatch } from '../vector/vector-ops';
import { rowComparator, rowEquality, SortKey } from './row-comparator';
import { sortPermutation } from './permutation-sort';
import { CHECK_EVERY_ROWS } from '../query-cancellation';
import { computeWindow, PartitionView } from './window-frames';

export type WindowFunctionName = 'row_number' | 'rank' | 'dense_rank' | 'percent_rank' | 'cume_dist' | 'ntile' | 'lag' | 'lead'
  | 'first_value' | 'last_value' | 'nth_value' | 'sum' | 'avg' | 'min' | 'max' | 'count';

export type FrameEdge = { readonly kind: 'unbounded' } | { readonly kind: 'current' } | { readonly kind: 'offset'; readonly amount: number };

export interface BoundWindowCall {
  readonly name: WindowFunctionName;
  readonly args: readonly BoundExpr[];
  readonly partition: readonly BoundExpr[];
  readonly order: readonly { readonly expr: BoundExpr; readonly descending: boolean }[];
  readonly type: ColumnType;
  /** lag/lead distance, nth_value position, ntile bucket count. */
  readonly offset: number;
  /** `IGNORE NULLS` (value functions): null argument rows are skipped. */
  readonly ignoreNulls: boolean;
  readonly rows: boolean;
  readonly explicitFrame: boolean;
  readonly start: FrameEdge;
  readonly end: FrameEdge;
}

const OUT_BATCH = 65536;

export class Window implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  readonly label = 'Window';

  constructor(readonly child: PlanNode, readonly calls: readonly BoundWindowCall[]) {
    this.children = [child];
    this.columns = [...child.columns, ...calls.map((c, k) => ({ name: `win${k}`, type: c.type }))];
    this.timestampIndex = child.timestampIndex;
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const types = this.child.columns.map((c) => c.type);
    const parts: ColumnBatch[] = [];
    for await (const b of this.child.execute(context)) { checkAborted(context); parts.push(b); }
    const input = parts.length ? concatBatches(types, parts) : { rowCount: 0, vectors: types.map((t) => new VectorBuilder(t, 1).build()) };
    const extra: Vector[] = [];
    for (const call of this.calls) extra.push(await this.compute(call, input, context));
    const all: ColumnBatch = { rowCount: input.rowCount, vectors: [...input.vectors, ...extra] };
    for (let o = 0; o < all.rowCount; o += OUT_BATCH) yield sliceBatch(all, o, Math.min(all.rowCount, o + OUT_BATCH));
  }

  private async compute(call: BoundWindowCall, input: ColumnBatch, context: ExecContext): Promise<Vector> {
    const n = input.rowCount;
    const partVectors = call.partition.map((p) => evaluate(p, input, context));
    const orderVectors = call.order.map((o) => evaluate(o.expr, input, context));
    const keys: SortKey[] = [
      ...partVectors.map((_v, i) => ({ index: i, descending: false })),
      ...call.order.map((o, i) => ({ index: partVectors.length + i, descending: o.descending })),
    ];
    let perm: Int32Array = new Int32Array(n);
    for (let i = 0; i < n; i++) perm[i] = i;
    if (keys.length > 0) perm = await sortPermutation(perm, n, rowComparator([...partVectors, ...orderVectors], keys), context);
    const samePartition = partVectors.length > 0;
    const sameKey = rowEquality(partVectors), peer = rowEquality(orderVectors);
    const args = call.args.map((a) => evaluate(a, input, context));
    const out = new WindowOutput(call.type, n, args[0]);
    const orderValues = orderVectors.length === 1 ? orderVectors[0].data : undefined;
    const descending = call.order.length === 1 && call.order[0].descending;
    let nextCheck = CHECK_EVERY_ROWS;
    for (let lo = 0; lo < n;) {
      if (lo >= nextCheck) { checkAborted(context); nextCheck = lo + CHECK_EVERY_ROWS; }
      let hi = lo + 1;
      while (hi < n && samePartition && sameKey(perm[lo], perm[hi])) hi++;
      if (!samePartition) hi = n;
      const view: PartitionView = { perm, lo, hi, args, orderValues, descending, peer };
      computeWindow(call, view, out);
      lo = hi;
    }
    return out.build();
  }
}

/** Results by input row: numbers in a Float64Array plus null flags, or copied rows of an argument. */
export class WindowOutput {
  readonly values: Float64Array;
  readonly nulls: Uint8Array;
  /** Row of the argument to copy (lag/lead/first_value/last_value), -1 = null, -2 = use `values`, -3 = the fallback. */
  readonly source: Int32Array;
  private fallback: Vector | undefined;

  /** lag/lead default values (the third argument, one row per input row). */
  useFallback(v: Vector): void {
    this.fallback = v;
  }

  constructor(readonly type: ColumnType, readonly n: number, readonly arg: Vector | undefined) {
    this.values = new Float64Array(n);
    this.nulls = new Uint8Array(n);
    this.source = new Int32Array(n).fill(-2);
  }

  build(): Vector {
    const b = new VectorBuilder(this.type, Math.max(1, this.n), this.arg?.symbols);
    for (let i = 0; i < this.n; i++) {
      const s = this.source[i];
      if (s >= 0) b.appendFrom(this.arg as Vector, s);
      else if (s === -3) b.appendFrom(this.fallback as Vector, i);
      else if (s === -1 || this.nulls[i] === 1) b.appendNull();
      else b.appendNumber(this.values[i]);
    }
    return b.build();
  }
}
