/**
 * count, sum, avg, min, max, ksum, nsum over numeric vectors, one typed-array slot
 * per group. Inputs arrive already cast to the overload's type (DOUBLE or LONG), so each add() is one
 * loop over the batch with no per-row allocation.
 */
import { ColumnType, Types, TypeTag, isInt64 } from '../../../core/data/column-type';
import { LONG_NULL } from '../../../core/data/null-values';
import { Vector } from '../../../core/data/vector';
import { AggregateFunction, AggregateState, FusedAggregate } from '../../../core/extension/sql-function';
import { readValue } from '../../../core/sql/vector/sql-value';
import { growF64 } from './grow';
import { LongExtremumState, LongSumState } from './long-aggregates';
import { countLoop, extremumLoop, FlatLoop, GroupedLoop, NullKind, sumLoop } from './aggregate-loops';

function nullKindOf(t: ColumnType): NullKind {
  return t.tag === TypeTag.DOUBLE || t.tag === TypeTag.FLOAT ? 'nan' : t.tag === TypeTag.INT ? 'int' : 'long';
}

class CountState implements AggregateState {
  counts = new Float64Array(16);
  constructor(private readonly column: boolean) {}
  init(groups: number): void { this.counts = growF64(this.counts, groups); }
  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const c = this.counts;
    if (!this.column) {
      if (!groups) { c[0] += n; return; }
      (countLoop('none', true) as GroupedLoop)(groups, groups, n, c, c);
      return;
    }
    const v = args[0];
    const t = v.type.tag;
    const k = t === TypeTag.DOUBLE || t === TypeTag.FLOAT ? 'nan' : t === TypeTag.INT ? 'int' : isInt64(v.type) ? 'long' : undefined;
    // A LONG vector with `exact` may hold -2^63+1 and its neighbours, whose doubles equal the null -2^63.
    if (k === undefined || (k === 'long' && v.exact)) {
      for (let i = 0; i < n; i++) if (readValue(v, i) !== null) c[groups ? groups[i] : 0]++;
      return;
    }
    if (groups) (countLoop(k, true) as GroupedLoop)(v.data, groups, n, c, c);
    else (countLoop(k, false) as FlatLoop)(v.data, n, c, c);
  }
  merge(o: AggregateState, from: number, to: number): void { this.counts[to] += (o as CountState).counts[from]; }
  fusion(): FusedAggregate | undefined {
    return this.column ? undefined : { op: 'count', nulls: 'none', acc: this.counts, counts: this.counts };
  }
  value(groups: number): Vector { return { type: Types.LONG, data: this.counts.slice(0, groups) }; }
}

/** Sum (and, with `average`, mean) of DOUBLE or LONG input; null when a group saw no non-null value. */
class SumState implements AggregateState {
  sums = new Float64Array(16);
  counts = new Float64Array(16);
  /** `float`: sum(FLOAT) is a FLOAT (QuestDB's SumFloat); it adds in doubles and rounds once at the end. */
  constructor(private readonly long: boolean, private readonly average: boolean, private readonly float = false) {}
  init(groups: number): void { this.sums = growF64(this.sums, groups); this.counts = growF64(this.counts, groups); }
  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const k = this.long ? 'long' : 'nan';
    if (groups) (sumLoop(k, true) as GroupedLoop)(args[0].data, groups, n, this.sums, this.counts);
    else (sumLoop(k, false) as FlatLoop)(args[0].data, n, this.sums, this.counts);
  }
  fusion(): FusedAggregate {
    return { op: 'sum', nulls: this.long ? 'long' : 'nan', acc: this.sums, counts: this.counts };
  }
  merge(o: AggregateState, from: number, to: number): void {
    const other = o as SumState;
    this.sums[to] += other.sums[from]; this.counts[to] += other.counts[from];
  }
  value(groups: number): Vector {
    const out = new Float64Array(groups);
    const empty = this.long && !this.average ? LONG_NULL : NaN;
    for (let g = 0; g < groups; g++) out[g] = this.counts[g] === 0 ? empty : this.average ? this.sums[g] / this.counts[g] : this.sums[g];
    if (this.float) return { type: Types.FLOAT, data: Float32Array.from(out) };
    return { type: this.long && !this.average ? Types.LONG : Types.DOUBLE, data: out };
  }
}

/** Kahan (ksum) / Neumaier (nsum) compensated sums. */
class CompensatedSumState implements AggregateState {
  sums = new Float64Array(16);
  comp = new Float64Array(16);
  counts = new Float64Array(16);
  constructor(private readonly neumaier: boolean) {}
  init(groups: number): void { this.sums = growF64(this.sums, groups); this.comp = growF64(this.comp, groups); this.counts = growF64(this.counts, groups); }
  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const d = args[0].data;
    for (let i = 0; i < n; i++) {
      const x = d[i];
      if (x !== x) continue;
      const g = groups ? groups[i] : 0;
      const s = this.sums[g];
      if (this.neumaier) {
        const t = s + x;
        this.comp[g] += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
        this.sums[g] = t;
      } else {
        const y = x - this.comp[g];
        const t = s + y;
        this.comp[g] = (t - s) - y;
        this.sums[g] = t;
      }
      this.counts[g]++;
    }
  }
  merge(o: AggregateState, from: number, to: number): void {
    const other = o as CompensatedSumState;
    this.sums[to] += other.sums[from] + (this.neumaier ? other.comp[from] : -other.comp[from]);
    this.counts[to] += other.counts[from];
  }
  value(groups: number): Vector {
    const out = new Float64Array(groups);
    for (let g = 0; g < groups; g++) out[g] = this.counts[g] === 0 ? NaN : this.neumaier ? this.sums[g] + this.comp[g] : this.sums[g];
    return { type: Types.DOUBLE, data: out };
  }
}

/** min/max of a number-like type; the vector keeps the input type. */
class ExtremumState implements AggregateState {
  values = new Float64Array(16);
  seen = new Float64Array(16);
  constructor(private readonly type: ColumnType, private readonly max: boolean, private readonly nullValue: number) {}
  init(groups: number): void { this.values = growF64(this.values, groups); this.seen = growF64(this.seen, groups); }
  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const k = nullKindOf(this.type);
    if (groups) (extremumLoop(k, this.max, true) as GroupedLoop)(args[0].data, groups, n, this.values, this.seen);
    else (extremumLoop(k, this.max, false) as FlatLoop)(args[0].data, n, this.values, this.seen);
  }
  fusion(): FusedAggregate {
    return { op: this.max ? 'max' : 'min', nulls: nullKindOf(this.type), acc: this.values, counts: this.seen };
  }
  merge(o: AggregateState, from: number, to: number): void {
    const other = o as ExtremumState;
    if (!other.seen[from]) return;
    const x = other.values[from];
    if (!this.seen[to] || (this.max ? x > this.values[to] : x < this.values[to])) { this.values[to] = x; this.seen[to] = 1; }
  }
  value(groups: number): Vector {
    const out = new Float64Array(groups);
    for (let g = 0; g < groups; g++) out[g] = this.seen[g] ? this.values[g] : this.nullValue;
    if (this.type.tag === TypeTag.DOUBLE || this.type.tag === TypeTag.LONG || this.type.tag === TypeTag.TIMESTAMP || this.type.tag === TypeTag.DATE) {
      return { type: this.type, data: out };
    }
    const typed = this.type.tag === TypeTag.FLOAT ? Float32Array.from(out) : Int32Array.from(out);
    return { type: this.type, data: typed };
  }
}

const D = Types.DOUBLE, L = Types.LONG;

function agg(name: string, args: readonly ColumnType[], returns: ColumnType, create: () => AggregateState): AggregateFunction {
  return { kind: 'aggregate', name, args, returns, create };
}

function extremes(): AggregateFunction[] {
  const out: AggregateFunction[] = [];
  const types: [ColumnType, number][] = [[D, NaN], [Types.FLOAT, NaN], [L, LONG_NULL], [Types.INT, -2147483648],
    [Types.TIMESTAMP, LONG_NULL], [Types.DATE, LONG_NULL], [Types.TIMESTAMP_NS, LONG_NULL]];
  for (const max of [false, true]) {
    for (const [t, nul] of types) {
      out.push(agg(max ? 'max' : 'min', [t], t, () => (isInt64(t) ? new LongExtremumState(t, max) : new ExtremumState(t, max, nul))));
    }
  }
  return out;
}

export const numericAggregates: readonly AggregateFunction[] = [
  agg('count', [], L, () => new CountState(false)),
  { kind: 'aggregate', name: 'count', args: ['any'], returns: L, create: () => new CountState(true) },
  agg('sum', [D], D, () => new SumState(false, false)),
  agg('sum', [Types.FLOAT], Types.FLOAT, () => new SumState(false, false, true)),
  agg('sum', [L], L, () => new LongSumState()),
  agg('avg', [D], D, () => new SumState(false, true)),
  agg('ksum', [D], D, () => new CompensatedSumState(false)),
  agg('nsum', [D], D, () => new CompensatedSumState(true)),
  ...extremes(),
];
