/**
 * SAMPLE BY (sql-dialect.md §2.3): one pass over time-ordered batches. Each row's bucket is found by
 * comparing with the current bucket's bounds (the clock is consulted only when a row leaves it), so the
 * hot loop is typed-array arithmetic. Groups are numbered in bucket order — keyed queries get one group
 * per (bucket, key) through a per-key stamp array — and aggregate states fold rows by group id.
 * Output layout matches GroupBy: aggregates first, then the bucket timestamp, then the other keys.
 */
import { ColumnBatch } from '../../data/column-batch';
import { TypeTag } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { MemorySymbolTable } from '../../data/symbol-table';
import { Vector } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';
import { SampleClock } from '../../time/sample-clock';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { castVector } from '../vector/cast-vector';
import { gather, sliceBatch } from '../vector/vector-ops';
import { BoundAggregate } from './group-by';
import { GroupKeyIndex } from './group-key-index';
import { fillBuckets, FillSpec, SampledGroups } from './sample-fill';

export interface SampleBySpec {
  readonly child: PlanNode;
  /** Index of the designated timestamp in the child's columns. */
  readonly timestamp: number;
  readonly keys: readonly BoundExpr[];
  readonly aggregates: readonly BoundAggregate[];
  readonly columns: readonly ResultColumn[];
  /** Builds the bucket clock; `first` is the first row's timestamp (ALIGN TO FIRST OBSERVATION). */
  readonly clock: (first: number) => SampleClock;
  /** One per aggregate; all `none` means empty buckets are skipped. */
  readonly fills: readonly FillSpec[];
  /** FROM (inclusive) / TO (exclusive) in µs: rows outside are skipped, fills extend to them. */
  readonly from?: number;
  readonly to?: number;
}

const OUT_BATCH = 65536;

export class SampleBy implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly label = 'SampleBy';

  constructor(readonly spec: SampleBySpec) {
    this.children = [spec.child];
    this.columns = spec.columns;
  }

  get timestampIndex(): number {
    return this.spec.aggregates.length;
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const spec = this.spec;
    const states = spec.aggregates.map((a) => a.fn.create(a.args.map((x) => x.type), a.type, a.constants));
    const builders = spec.keys.map((k) => new VectorBuilder(k.type, 1024, k.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined));
    const index = new GroupKeyIndex(builders);
    const keyed = spec.keys.length > 0;
    const from = spec.from ?? -Infinity, to = spec.to ?? Infinity;
    let clock: SampleClock | undefined;
    let bucketTs = new Float64Array(1024);
    let groupKey = new Int32Array(keyed ? 1024 : 0);
    let stamp = new Int32Array(0), slot = new Int32Array(0);
    let groups = new Int32Array(0), keyIds = new Int32Array(0);
    let count = 0, ordinal = 0, lo = Infinity, hi = -Infinity, current = -1;
    for await (const batch of spec.child.execute(context)) {
      checkAborted(context.signal);
      const n = batch.rowCount;
      if (n === 0) continue;
      const ts = batch.vectors[spec.timestamp].data;
      if (groups.length < n) { groups = new Int32Array(n); keyIds = new Int32Array(n); }
      if (keyed) {
        index.assign(spec.keys.map((k) => evaluate(k, batch, context)), n, keyIds);
        if (stamp.length < index.count) {
          const grown = Math.max(index.count, stamp.length * 2);
          const s2 = new Int32Array(grown), l2 = new Int32Array(grown);
          s2.set(stamp); l2.set(slot);
          stamp = s2; slot = l2;
        }
      }
      let skipped = false;
      for (let i = 0; i < n; i++) {
        const t = ts[i];
        if (t < from || t >= to) { groups[i] = -1; skipped = true; continue; }
        if (t >= hi || t < lo) {
          clock ??= spec.clock(spec.from ?? t);
          lo = clock.bucketOf(t);
          hi = clock.next(lo);
          ordinal++;
          if (!keyed) current = -1;
        }
        let g: number;
        if (keyed) {
          const k = keyIds[i];
          if (stamp[k] !== ordinal) {
            stamp[k] = ordinal;
            g = slot[k] = count++;
            if (groupKey.length <= g) { groupKey = grow32(groupKey); bucketTs = grow64(bucketTs); }
            groupKey[g] = k;
            bucketTs[g] = lo;
          } else g = slot[k];
        } else {
          if (current < 0) {
            current = count++;
            if (bucketTs.length <= current) bucketTs = grow64(bucketTs);
            bucketTs[current] = lo;
          }
          g = current;
        }
        groups[i] = g;
      }
      for (const s of states) s.init(count);
      const sel = skipped ? compact(groups, n) : undefined;
      const rows = sel ? sel.n : n;
      const part = sel ? gatherRows(batch, sel.rows, rows) : batch;
      const ids = sel ? sel.groups : groups;
      for (let a = 0; a < states.length; a++) {
        const args = spec.aggregates[a].args.map((x) => evaluate(x, part, context));
        states[a].add(args, ids, rows);
      }
    }
    const values = states.map((s, a) => castVector(s.value(count), spec.aggregates[a].type, count));
    const keyVectors = builders.map((b) => b.build());
    const sampled: SampledGroups = { count, bucketTs, groupKey, keyCount: index.count, values, keyVectors };
    const all = spec.fills.every((f) => f.mode === 'none')
      ? plainOutput(sampled, spec)
      : fillBuckets(sampled, spec.fills, clock ?? spec.clock(spec.from ?? 0), spec.from, spec.to, spec.aggregates.map((a) => a.type));
    for (let o = 0; o < all.rowCount; o += OUT_BATCH) yield sliceBatch(all, o, Math.min(all.rowCount, o + OUT_BATCH));
  }
}

function plainOutput(s: SampledGroups, spec: SampleBySpec): ColumnBatch {
  const tsType = spec.columns[spec.aggregates.length].type;
  const keys = s.keyVectors.map((v) => gather(v, s.groupKey, s.count));
  return { rowCount: s.count, vectors: [...s.values, { type: tsType, data: s.bucketTs.slice(0, s.count) }, ...keys] };
}

function compact(groups: Int32Array, n: number): { rows: Int32Array; groups: Int32Array; n: number } {
  const rows = new Int32Array(n), out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) if (groups[i] >= 0) { rows[k] = i; out[k++] = groups[i]; }
  return { rows, groups: out, n: k };
}

function gatherRows(b: ColumnBatch, sel: Int32Array, n: number): ColumnBatch {
  return { rowCount: n, vectors: b.vectors.map((v: Vector) => gather(v, sel, n)) };
}

function grow64(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(Math.max(1024, a.length * 2));
  b.set(a);
  return b;
}

function grow32(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(1024, a.length * 2));
  b.set(a);
  return b;
}
