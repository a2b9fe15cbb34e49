/**
 * sum, min and max of LONG-family input, exact beyond 2^53 (core/data/exact-longs.ts). They fold doubles
 * while that is exact and switch a state to BigInt slots for good once it is not: min/max when an input
 * carries `exact`, sum when an input carries it or the running bound Σ|x| could pass 2^53 (every partial
 * sum stays below the bound, so the double sums are exact until then). Sums wrap at 64 bits like Java.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { exactAt, fromExactLongs } from '../../../core/data/exact-longs';
import { LONG_NULL, LONG_NULL_BIG, MAX_SAFE_LONG } from '../../../core/data/null-values';
import { Vector } from '../../../core/data/vector';
import { AggregateState, FusedAggregate } from '../../../core/extension/sql-function';
import { extremumLoop, FlatLoop, GroupedLoop, sumLoop } from './aggregate-loops';
import { growF64 } from './grow';

function growBig(a: BigInt64Array, n: number): BigInt64Array {
  if (n <= a.length) return a;
  const b = new BigInt64Array(Math.max(n, a.length * 2, 16));
  b.set(a);
  return b;
}

/** Σ|x| over the non-null rows: an upper bound of how far the batch can move any group's sum. */
function absoluteSum(d: ArrayLike<number>, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) { const x = d[i]; if (x !== LONG_NULL) s += x < 0 ? -x : x; }
  return s;
}

/** sum(LONG): not fused, so every batch passes the exactness check first. */
export class LongSumState implements AggregateState {
  sums = new Float64Array(16);
  counts = new Float64Array(16);
  private exact: BigInt64Array | undefined;
  private bound = 0;

  init(groups: number): void {
    this.sums = growF64(this.sums, groups);
    this.counts = growF64(this.counts, groups);
    if (this.exact) this.exact = growBig(this.exact, groups);
  }

  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const v = args[0];
    if (!this.exact && !v.exact) {
      const bound = this.bound + absoluteSum(v.data, n);
      if (bound <= MAX_SAFE_LONG) {
        this.bound = bound;
        if (groups) (sumLoop('long', true) as GroupedLoop)(v.data, groups, n, this.sums, this.counts);
        else (sumLoop('long', false) as FlatLoop)(v.data, n, this.sums, this.counts);
        return;
      }
    }
    const exact = this.exactSlots();
    for (let i = 0; i < n; i++) {
      const x = exactAt(v, i);
      if (x === LONG_NULL_BIG) continue;
      const g = groups ? groups[i] : 0;
      exact[g] = BigInt.asIntN(64, exact[g] + x);
      this.counts[g]++;
    }
  }

  /** Kernel partials bounded below 2^53 (AggregateState.partials) add into the double sums. */
  partials(): FusedAggregate | undefined {
    return this.exact ? undefined : { op: 'sum', nulls: 'long', acc: this.sums, counts: this.counts };
  }

  merge(o: AggregateState, from: number, to: number): void {
    const other = o as LongSumState;
    if (!this.exact && !other.exact && this.bound + other.bound <= MAX_SAFE_LONG) {
      this.sums[to] += other.sums[from];
      this.bound += other.bound;
    } else {
      const exact = this.exactSlots();
      exact[to] = BigInt.asIntN(64, exact[to] + (other.exact ? other.exact[from] : BigInt(other.sums[from])));
    }
    this.counts[to] += other.counts[from];
  }

  value(groups: number): Vector {
    if (!this.exact) {
      const out = new Float64Array(groups);
      for (let g = 0; g < groups; g++) out[g] = this.counts[g] === 0 ? LONG_NULL : this.sums[g];
      return { type: Types.LONG, data: out };
    }
    const out = new BigInt64Array(groups);
    for (let g = 0; g < groups; g++) out[g] = this.counts[g] === 0 ? LONG_NULL_BIG : this.exact[g];
    return fromExactLongs(Types.LONG, out);
  }

  /** The BigInt slots, created from the (so far exact) double sums on first use. */
  private exactSlots(): BigInt64Array {
    if (!this.exact) {
      this.exact = new BigInt64Array(this.sums.length);
      for (let g = 0; g < this.sums.length; g++) this.exact[g] = BigInt(this.sums[g]);
    }
    return this.exact;
  }
}

/** min/max of LONG, DATE or TIMESTAMP: fused while exact, BigInt slots once an input carries `exact`. */
export class LongExtremumState implements AggregateState {
  values = new Float64Array(16);
  seen = new Float64Array(16);
  private exact: BigInt64Array | undefined;

  constructor(private readonly type: ColumnType, private readonly max: boolean) {}

  init(groups: number): void {
    this.values = growF64(this.values, groups);
    this.seen = growF64(this.seen, groups);
    if (this.exact) this.exact = growBig(this.exact, groups);
  }

  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const v = args[0];
    if (!this.exact && !v.exact) {
      if (groups) (extremumLoop('long', this.max, true) as GroupedLoop)(v.data, groups, n, this.values, this.seen);
      else (extremumLoop('long', this.max, false) as FlatLoop)(v.data, n, this.values, this.seen);
      return;
    }
    for (let i = 0; i < n; i++) this.fold(groups ? groups[i] : 0, exactAt(v, i));
  }

  fusion(): FusedAggregate | undefined {
    return this.exact ? undefined : { op: this.max ? 'max' : 'min', nulls: 'long', acc: this.values, counts: this.seen };
  }

  merge(o: AggregateState, from: number, to: number): void {
    const other = o as LongExtremumState;
    if (!other.seen[from]) return;
    this.fold(to, other.exact ? other.exact[from] : BigInt(other.values[from]));
  }

  value(groups: number): Vector {
    if (!this.exact) {
      const out = new Float64Array(groups);
      for (let g = 0; g < groups; g++) out[g] = this.seen[g] ? this.values[g] : LONG_NULL;
      return { type: this.type, data: out };
    }
    const out = new BigInt64Array(groups);
    for (let g = 0; g < groups; g++) out[g] = this.seen[g] ? this.exact[g] : LONG_NULL_BIG;
    return fromExactLongs(this.type, out);
  }

  private fold(g: number, x: bigint): void {
    if (x === LONG_NULL_BIG) return;
    if (!this.exact) {
      this.exact = new BigInt64Array(this.values.length);
      for (let k = 0; k < this.values.length; k++) this.exact[k] = this.seen[k] ? BigInt(this.values[k]) : 0n;
    }
    const e = this.exact;
    if (!this.seen[g] || (this.max ? x > e[g] : x < e[g])) { e[g] = x; this.seen[g] = 1; }
  }
}
