/**
 * SAMPLE BY: one pass over time-ordered batches. Each row's bucket is found by
 * comparing with the current bucket's bounds (the clock is consulted only when a row leaves it), so the
 * hot loop is typed-array arithmetic. Groups are numbered in bucket order — keyed queries get one group
 * per (bucket, key) through a per-key stamp array — and aggregate states fold rows by group id.
 * Output layout matches GroupBy: aggregates first, then the bucket timestamp, then the other keys.
 * Buckets are µs: a TIMESTAMP_NS timestamp is bucketed by its µs (core/data/nanos-split.ts) and the
 * bucket timestamps are scaled back to ns on output.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType, TypeTag } from '../../data/column-type';
import { joinNanos, splitNanosVector } from '../../data/nanos-split';
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
import { fusedFlatLoop, fusedLoop } from './fused-aggregation';
import { AggregateState, FusedAggregate } from '../../extension/sql-function';
import { fillBuckets, FillSpec, SampledGroups } from './sample-fill';
import { BucketAssigner } from './sample-buckets';
import { parallelSample } from '../../parallel/parallel-sample';

export interface SampleBySpec {
  readonly child: PlanNode;
  /** Index of the designated timestamp in the child's columns. */
  readonly timestamp: number;
  readonly keys: readonly BoundExpr[];
  readonly aggregates: readonly BoundAggregate[];
  readonly columns: readonly ResultColumn[];
  /** Builds the bucket clock; `first` is the first row's timestamp (ALIGN TO FIRST OBSERVATION). */
  readonly clock: (first: number) => SampleClock;
  /** The clock depends on the first row (ALIGN TO FIRST OBSERVATION, or a time zone's offset at it). */
  readonly clockFromFirstRow?: boolean;
  /** One per aggregate; all `none` means empty buckets are skipped. */
  readonly fills: readonly FillSpec[];
  /** FROM (inclusive) / TO (exclusive) in µs: rows outside are skipped, fills extend to them. */
  readonly from?: number;
  readonly to?: number;
  /** Only the first this many groups are wanted (`LIMIT n`, no FILL: sample-limit.ts): reading stops once they are complete. */
  readonly rowLimit?: number;
}

/** The sampled groups before their values: per group its bucket and key, the keys by key id, the clock used. */
export type BucketGroups = Omit<SampledGroups, 'values'> & { readonly clock: SampleClock | undefined };

const OUT_BATCH = 65536;

export class SampleBy implements PlanNode {
  readonly children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly label: string;

  constructor(readonly spec: SampleBySpec) {
    this.children = [spec.child];
    this.columns = spec.columns;
    this.label = spec.rowLimit === undefined ? 'SampleBy' : `SampleBy(first ${spec.rowLimit})`;
  }

  get timestampIndex(): number {
    return this.spec.aggregates.length;
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const spec = this.spec;
    const states = spec.aggregates.map((a) => a.fn.create(a.args.map((x) => x.type), a.type, a.constants, context.memory));
    const tsType = spec.columns[spec.aggregates.length].type;
    const nanos = tsType.tag === TypeTag.TIMESTAMP_NS;
    // Big scans of a simple shape fold in the worker pool (core/parallel).
    const groups = (nanos || spec.rowLimit !== undefined ? undefined : await parallelSample(spec, states, context)) ?? await this.fold(states, nanos, context);
    const count = groups.count;
    const values = states.map((s, a) => castVector(s.value(count), spec.aggregates[a].type, count));
    const sampled: SampledGroups = { ...groups, values };
    const all = spec.fills.every((f) => f.mode === 'none')
      ? plainOutput(sampled, spec)
      : fillBuckets(sampled, spec.fills, groups.clock ?? spec.clock(spec.from ?? 0), spec.from, spec.to, spec.aggregates.map((a) => a.type));
    const out = nanos ? withNanosBuckets(all, spec.aggregates.length, tsType) : all;
    for (let o = 0; o < out.rowCount; o += OUT_BATCH) yield sliceBatch(out, o, Math.min(out.rowCount, o + OUT_BATCH));
  }

  /** The child's batches folded here, into `states`: the groups' buckets and keys. */
  private async fold(states: readonly AggregateState[], nanos: boolean, context: ExecContext): Promise<BucketGroups> {
    const spec = this.spec;
    const builders = spec.keys.map((k) => new VectorBuilder(k.type, 1024, k.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined));
    const index = new GroupKeyIndex(builders, context.memory, 'SAMPLE BY keys');
    const keyed = spec.keys.length > 0;
    const b = new BucketAssigner(spec.clock, spec.from, spec.to, keyed);
    let groups = new Int32Array(0), keyIds = new Int32Array(0);
    let micros = new Float64Array(0), subs = new Uint16Array(0);
    for await (const batch of spec.child.execute(context)) {
      checkAborted(context);
      const n = batch.rowCount;
      if (n === 0) continue;
      if (groups.length < n) { groups = new Int32Array(n); keyIds = new Int32Array(n); }
      if (keyed) {
        index.assign(spec.keys.map((k) => evaluate(k, batch, context)), n, keyIds);
        b.reserveKeys(index.count);
      }
      let ts = batch.vectors[spec.timestamp].data as Float64Array;
      if (nanos) {
        if (micros.length < n) { micros = new Float64Array(n); subs = new Uint16Array(n); }
        splitNanosVector(batch.vectors[spec.timestamp], 0, n, micros, subs, 0);
        ts = micros;
      }
      const skipped = keyed ? b.assignKeyed(ts, keyIds, n, groups) : b.assign(ts, n, groups);
      const count = b.count;
      for (const s of states) s.init(count);
      const sel = skipped ? compact(groups, n) : undefined;
      const rows = sel ? sel.n : n;
      const part = sel ? gatherRows(batch, sel.rows, rows) : batch;
      const ids = sel ? sel.groups : groups;
      const argVectors = spec.aggregates.map((agg) => agg.args.map((x) => evaluate(x, part, context)));
      const runs = keyed || skipped ? undefined : b;
      const fused: FusedAggregate[] = [], fusedArgs: (readonly Vector[])[] = [];
      for (let a = 0; a < states.length; a++) {
        // A fused loop reads doubles only: exact 64-bit values go through add() (exact-longs.ts).
        const f = argVectors[a].some((x) => x.exact) ? undefined : states[a].fusion?.();
        if (f) { fused.push(f); fusedArgs.push(argVectors[a]); continue; }
        const name = spec.aggregates[a].fn.name;
        // first/last of a bucket are its first/last row: fold one row per run instead of every row.
        if (runs && (name === 'first' || name === 'last')) foldEnds(states[a], argVectors[a], runs, name === 'last');
        else states[a].add(argVectors[a], ids, rows);
      }
      if (fused.length > 0) foldFused(fused, fusedArgs, ids, rows, runs);
      // Groups are numbered in bucket order: once a later bucket than the wanted last group's has begun, those groups are complete.
      const limit = spec.rowLimit;
      if (limit !== undefined && b.count > limit && b.bucketTs[b.count - 1] > b.bucketTs[limit - 1]) break;
    }
    for (const s of states) s.init(b.count);
    return { count: b.count, bucketTs: b.bucketTs, groupKey: b.groupKey, keyCount: index.count, keyVectors: builders.map((k) => k.build()), clock: b.clock };
  }
}

/**
 * Simple aggregates (count/sum/avg/min/max) fold in one generated loop (fused-aggregation.ts). Without
 * keys a bucket's rows are one contiguous run, so each run folds with the flat loop into its slot.
 */
function foldFused(slots: readonly FusedAggregate[], args: readonly (readonly Vector[])[], ids: Int32Array, n: number, runs: BucketAssigner | undefined): void {
  const cols = args.map((v) => (v.length ? v[0].data : ids));
  const acc = slots.map((f) => f.acc), counts = slots.map((f) => f.counts);
  if (!runs) { fusedLoop(slots)(ids, n, cols, acc, counts); return; }
  const flat = fusedFlatLoop(slots);
  for (let r = 0; r < runs.runCount; r++) {
    const a = runs.runStart[r], b = runs.runEnd[r], g = runs.runGroup[r];
    flat(b - a, cols.map((c) => c.subarray(a, b)), acc.map((x) => x.subarray(g)), counts.map((x) => x.subarray(g)));
  }
}


/** Folds only the first (or last) row of each run into the run's group (first/last aggregates). */
function foldEnds(state: AggregateState, args: readonly Vector[], runs: BucketAssigner, last: boolean): void {
  const n = runs.runCount;
  const sel = new Int32Array(n);
  for (let r = 0; r < n; r++) sel[r] = last ? runs.runEnd[r] - 1 : runs.runStart[r];
  state.add(args.map((v) => gather(v, sel, n)), runs.runGroup.subarray(0, n), n);
}

function plainOutput(s: SampledGroups, spec: SampleBySpec): ColumnBatch {
  const tsType = spec.columns[spec.aggregates.length].type;
  const keys = s.keyVectors.map((v) => gather(v, s.groupKey, s.count));
  return { rowCount: s.count, vectors: [...s.values, { type: tsType, data: s.bucketTs.slice(0, s.count) }, ...keys] };
}

/** The µs bucket timestamps at `index` as the TIMESTAMP_NS column `type`. */
function withNanosBuckets(b: ColumnBatch, index: number, type: ColumnType): ColumnBatch {
  const vectors = [...b.vectors];
  vectors[index] = joinNanos(type, b.vectors[index].data as Float64Array, undefined, b.rowCount);
  return { rowCount: b.rowCount, vectors };
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
