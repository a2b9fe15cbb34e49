/**
 * ASOF and LT joins as a merge of two time-ordered streams: the right side is read
 * once into memory, then a cursor advances through it as left rows arrive, remembering the newest right
 * row per key (an Int32Array indexed by key id). ASOF takes right rows with ts <= the left ts, LT rows with
 * ts < it; TOLERANCE drops matches older than the limit (inclusive). Unmatched left rows get null right
 * columns. Output: left columns then right columns; the left timestamp stays designated.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType, TypeTag } from '../../data/column-type';
import { ResultColumn } from '../../data/result-set';
import { MemorySymbolTable } from '../../data/symbol-table';
import { allocateData, elementsPerRow, FixedArray } from '../../data/vector';
import { float64Pool, int32Pool } from '../../parallel/shared-array-pool';
import { VectorBuilder } from '../../data/vector-builder';
import { BoundExpr } from '../bound-expression';
import { evaluate } from '../evaluate';
import { checkAborted, ExecContext, PlanNode } from '../plan';
import { concatBatches } from '../vector/vector-ops';
import { GroupKeyIndex } from './group-key-index';
import { gatherOrNull, NullVectors } from './gather-or-null';
import { walk } from '../bound-expression';
import { narrowInput } from '../narrow-scan';
import { AsofNanosCursor, isNanos, nanosKeys } from './asof-nanos-cursor';

export interface AsofJoinSpec {
  readonly kind: 'asof' | 'lt';
  readonly left: PlanNode;
  readonly right: PlanNode;
  readonly leftKeys: readonly BoundExpr[];
  readonly rightKeys: readonly BoundExpr[];
  /** µs; undefined = no limit. */
  readonly tolerance?: number;
}

export class AsofJoin implements PlanNode {
  children: readonly PlanNode[];
  readonly columns: readonly ResultColumn[];
  readonly timestampIndex: number;
  readonly label: string;

  constructor(public spec: AsofJoinSpec) {
    this.children = [spec.left, spec.right];
    this.columns = [...spec.left.columns, ...spec.right.columns];
    this.timestampIndex = spec.left.timestampIndex;
    this.label = `${spec.kind === 'lt' ? 'Lt' : 'Asof'}Join${spec.leftKeys.length ? '(keyed)' : ''}`;
  }

  /** Right columns the consumer reads (set by the binder once the query is bound); undefined = all. */
  private rightUsed: boolean[] | undefined;

  /** Marks which output columns the rest of the query reads. */
  prune(used: ReadonlySet<number>): void {
    const { left, right, leftKeys, rightKeys } = this.spec;
    const offset = left.columns.length;
    this.rightUsed = right.columns.map((_c, i) => used.has(offset + i));
    // Each side reads only what the query, the keys and the merge need.
    const needLeft = new Set([...used].filter((i) => i >= 0 && i < offset));
    const needRight = new Set([...used].filter((i) => i >= offset).map((i) => i - offset));
    for (const k of leftKeys) walk(k, (x) => { if (x.kind === 'column') needLeft.add(x.index); });
    for (const k of rightKeys) walk(k, (x) => { if (x.kind === 'column') needRight.add(x.index); });
    needLeft.add(left.timestampIndex);
    needRight.add(right.timestampIndex);
    this.spec = { ...this.spec, left: narrowInput(left, needLeft), right: narrowInput(right, needRight) };
    this.children = [this.spec.left, this.spec.right];
  }

  async *execute(context: ExecContext): AsyncIterable<ColumnBatch> {
    const { right, rightKeys } = this.spec;
    const nulls = new NullVectors();
    const rightTypes = right.columns.map((c) => c.type);
    // Right columns nobody reads are neither kept nor gathered: they travel as shared null vectors.
    const needed = rightTypes.map((_t, c) => this.rightUsed === undefined || this.rightUsed[c] || c === right.timestampIndex
      || rightKeys.some((k) => usesColumn(k, c)));
    const parts: ColumnBatch[] = [];
    for await (const b of right.execute(context)) {
      checkAborted(context);
      parts.push({ rowCount: b.rowCount, vectors: b.vectors.map((v, c) => (needed[c] ? v : nulls.get(v.type, 1))) });
    }
    const taken: Taken = { f64: [], i32: [] };
    try {
      yield* this.merge(context, readRight(parts, rightTypes, needed, nulls, taken), nulls);
    } finally {
      // Nothing reads them any more: the output batches hold gathered copies, never the right side's arrays.
      rightArrays.f64.give(keptArrays(taken.f64));
      rightArrays.i32.give(keptArrays(taken.i32));
    }
  }

  /** Matches the left side's rows against the right side's (`rb`) and yields them with their right rows' values. */
  private async *merge(context: ExecContext, rb: ColumnBatch, nulls: NullVectors): AsyncIterable<ColumnBatch> {
    const { left, right, leftKeys, rightKeys, kind } = this.spec;
    const tolerance = this.spec.tolerance ?? Infinity;
    const rn = rb.rowCount;
    const rts = rb.vectors[right.timestampIndex].data as Float64Array;
    const keyed = leftKeys.length > 0;
    const index = new GroupKeyIndex(rightKeys.map((k) => new VectorBuilder(k.type, 64, k.type.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined)), context.memory, 'join keys');
    const rkeys = new Int32Array(keyed ? rn : 0);
    if (keyed && rn > 0) index.assign(rightKeys.map((k) => evaluate(k, rb, context)), rn, rkeys);
    // A TIMESTAMP_NS on either side: both are matched by exact (µs, ns within) keys instead of doubles.
    const nanos = isNanos(left.columns[left.timestampIndex].type) || isNanos(right.columns[right.timestampIndex].type);
    const cursor = nanos
      ? new AsofNanosCursor(nanosKeys(rb.vectors[right.timestampIndex], rn), rn, keyed ? rkeys : undefined, kind === 'lt', tolerance, index.count)
      : new AsofCursor(rts, rn, keyed ? rkeys : undefined, kind === 'lt', tolerance, index.count);
    let lkeys = new Int32Array(0), match = new Int32Array(0);
    const unmatched = index.count;
    if (keyed) cursor.reserveKeys(unmatched + 1);
    for await (const lb of left.execute(context)) {
      checkAborted(context);
      const n = lb.rowCount;
      if (match.length < n) { match = new Int32Array(n); lkeys = new Int32Array(n); }
      if (keyed) {
        // Left keys are looked up, not added: the index holds only the right side's keys, built before the
        // first row goes out, so no memory limit is met once the answer has begun. A key the right side never
        // had gets `unmatched`, whose newest right row stays none.
        index.lookup(leftKeys.map((k) => evaluate(k, lb, context)), n, lkeys);
        for (let i = 0; i < n; i++) if (lkeys[i] < 0) lkeys[i] = unmatched;
      }
      const lts = lb.vectors[left.timestampIndex];
      if (cursor instanceof AsofNanosCursor) cursor.match(nanosKeys(lts, n), keyed ? lkeys : undefined, n, match);
      else if (keyed) cursor.matchKeyed(lts.data as Float64Array, lkeys, n, match);
      else cursor.match(lts.data as Float64Array, n, match);
      const used = this.rightUsed;
      yield { rowCount: n, vectors: [...lb.vectors, ...rb.vectors.map((v, c) => (used && !used[c] ? nulls.get(v.type, n) : gatherOrNull(v, match, n)))] };
    }
  }
}

/**
 * The merge state: a cursor into the right side and the newest right row per key. The cursor steps over
 * right rows two at a time while both are due, then takes at most one more without a branch (`Number` of
 * the test; V8 compiles `b ? 1 : 0` to a jump, measured 18 ms against 12): the number
 * of right rows due before each left row varies at random, and a loop that tests them one by one
 * mispredicts its exit (2.2M left rows against 1.1M right ones: 21 → 12 ms without keys, 24 → 20 ms with).
 * TOLERANCE drops matches in a second pass.
 */
class AsofCursor {
  private p = 0;
  private last: Int32Array;

  constructor(private readonly rts: Float64Array, private readonly rn: number, private readonly rkeys: Int32Array | undefined,
    private readonly strict: boolean, private readonly tolerance: number, keys: number) {
    this.last = new Int32Array(Math.max(16, keys)).fill(-1);
  }

  reserveKeys(keys: number): void {
    if (this.last.length >= keys) return;
    const l = new Int32Array(keys * 2).fill(-1);
    l.set(this.last);
    this.last = l;
  }

  match(lts: Float64Array, n: number, out: Int32Array): void {
    const rts = this.rts, rn = this.rn;
    let p = this.p;
    if (this.strict) {
      for (let i = 0; i < n; i++) {
        const t = lts[i];
        while (p + 1 < rn && rts[p + 1] < t) p += 2;
        p += Number(p < rn && rts[p] < t);
        out[i] = p - 1;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const t = lts[i];
        while (p + 1 < rn && rts[p + 1] <= t) p += 2;
        p += Number(p < rn && rts[p] <= t);
        out[i] = p - 1;
      }
    }
    this.p = p;
    this.dropBeyondTolerance(lts, n, out);
  }

  matchKeyed(lts: Float64Array, lkeys: Int32Array, n: number, out: Int32Array): void {
    const rts = this.rts, rn = this.rn, rkeys = this.rkeys as Int32Array, last = this.last;
    let p = this.p;
    if (this.strict) {
      for (let i = 0; i < n; i++) {
        const t = lts[i];
        while (p + 1 < rn && rts[p + 1] < t) { last[rkeys[p]] = p; last[rkeys[p + 1]] = p + 1; p += 2; }
        if (p < rn && rts[p] < t) { last[rkeys[p]] = p; p++; }
        out[i] = last[lkeys[i]];
      }
    } else {
      for (let i = 0; i < n; i++) {
        const t = lts[i];
        while (p + 1 < rn && rts[p + 1] <= t) { last[rkeys[p]] = p; last[rkeys[p + 1]] = p + 1; p += 2; }
        if (p < rn && rts[p] <= t) { last[rkeys[p]] = p; p++; }
        out[i] = last[lkeys[i]];
      }
    }
    this.p = p;
    this.dropBeyondTolerance(lts, n, out);
  }

  /** Unmatches left rows whose match is older than the tolerance (inclusive limit). */
  private dropBeyondTolerance(lts: Float64Array, n: number, out: Int32Array): void {
    const tol = this.tolerance, rts = this.rts;
    if (tol === Infinity) return;
    for (let i = 0; i < n; i++) {
      const m = out[i];
      if (m >= 0 && lts[i] - rts[m] > tol) out[i] = -1;
    }
  }
}

/**
 * Right columns of one number a row, concatenated into arrays kept between executions: the right side is
 * read whole on every execution (a join of two 1M-row sides made ~18 MB of them a run, and every 64 MB
 * of new ArrayBuffers costs a full garbage collection that the next queries wait on).
 */
const rightArrays = { f64: float64Pool(4), i32: int32Pool(4) };

/** Longer arrays are not kept after their join (they would hold their memory for the pool's idle time). */
export const KEPT_RIGHT_ROWS = 1 << 23;

/** The arrays worth keeping for the next join: at most KEPT_RIGHT_ROWS long. */
export function keptArrays<T extends Float64Array | Int32Array>(arrays: readonly T[]): T[] {
  return arrays.filter((a) => a.length <= KEPT_RIGHT_ROWS);
}

/** The arrays of one execution's right side that go back to the pools when it ends. */
interface Taken { f64: Float64Array[]; i32: Int32Array[] }

/**
 * The right side's rows in one batch: the columns the join reads concatenated (fixed-width columns of
 * doubles or ints into pooled arrays, recorded in `taken`), the others a null row each (never read).
 */
function readRight(parts: readonly ColumnBatch[], types: readonly ColumnType[], needed: readonly boolean[], nulls: NullVectors, taken: Taken): ColumnBatch {
  const kept = types.map((_t, c) => c).filter((c) => needed[c]);
  const joined = parts.length === 0 ? undefined
    : concatBatches(kept.map((c) => types[c]), parts.map((b) => ({ rowCount: b.rowCount, vectors: kept.map((c) => b.vectors[c]) })), pooledData(taken));
  return {
    rowCount: joined?.rowCount ?? 0,
    vectors: types.map((t, c) => {
      if (!needed[c]) return nulls.get(t, 1);
      return joined ? joined.vectors[kept.indexOf(c)] : new VectorBuilder(t, 1).build();
    }),
  };
}

/** An allocator for concatBatches that takes one-number-a-row doubles and ints from the pools and notes them in `taken`. */
function pooledData(taken: Taken): (type: ColumnType, rows: number) => FixedArray {
  return (type, rows) => {
    // The kind allocateData gives the type, from an empty array of it.
    const kind = elementsPerRow(type) === 1 ? allocateData(type, 0) : undefined;
    if (kind instanceof Float64Array) {
      const a = rightArrays.f64.take(rows);
      taken.f64.push(a);
      return a.subarray(0, rows);
    }
    if (kind instanceof Int32Array) {
      const a = rightArrays.i32.take(rows);
      taken.i32.push(a);
      return a.subarray(0, rows);
    }
    return allocateData(type, rows);
  };
}

function usesColumn(e: BoundExpr, index: number): boolean {
  let hit = false;
  walk(e, (x) => { if (x.kind === 'column' && x.index === index) hit = true; });
  return hit;
}
