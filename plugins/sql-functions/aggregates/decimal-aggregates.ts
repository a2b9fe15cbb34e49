/**
 * sum, avg, min and max of DECIMAL(p,s), exact on BigInt slots: sum is DECIMAL(76, s), avg keeps the scale
 * (rounded half away from zero), min/max keep the type. Not fused: each batch folds row by row.
 */
import { ANY_DECIMAL, ColumnType, decimalType } from '../../../core/data/column-type';
import { decimalAt, MAX_DECIMAL_PRECISION, scaleOf, setDecimal } from '../../../core/data/decimal';
import { Vector } from '../../../core/data/vector';
import { AggregateFunction, AggregateState } from '../../../core/extension/sql-function';

type Fold = 'sum' | 'avg' | 'min' | 'max';

class DecimalState implements AggregateState {
  private values: (bigint | null)[] = [];
  private counts: number[] = [];

  constructor(private readonly fold: Fold, private readonly type: ColumnType) {}

  init(groups: number): void {
    while (this.values.length < groups) { this.values.push(null); this.counts.push(0); }
  }

  add(args: readonly Vector[], groups: Int32Array | undefined, n: number): void {
    const d = args[0].data as Uint8Array;
    for (let i = 0; i < n; i++) this.take(groups ? groups[i] : 0, decimalAt(d, i), 1);
  }

  merge(o: AggregateState, from: number, to: number): void {
    const other = o as DecimalState;
    const x = other.values[from];
    if (x === null) return;
    if (this.fold === 'sum' || this.fold === 'avg') { this.values[to] = (this.values[to] ?? 0n) + x; this.counts[to] += other.counts[from]; }
    else this.take(to, x, other.counts[from]);
  }

  value(groups: number): Vector {
    const out = new Uint8Array(groups * 32);
    for (let g = 0; g < groups; g++) {
      const x = this.values[g] ?? null;
      // avg: the sum's unscaled value / count, rounded at the input scale (same scale in and out).
      setDecimal(out, g, x !== null && this.fold === 'avg' ? roundDiv(x, BigInt(this.counts[g])) : x);
    }
    return { type: this.type, data: out };
  }

  private take(g: number, x: bigint | null, count: number): void {
    if (x === null) return;
    const cur = this.values[g];
    this.counts[g] += count;
    if (cur === null) { this.values[g] = x; return; }
    switch (this.fold) {
      case 'sum': case 'avg': this.values[g] = cur + x; break;
      case 'min': if (x < cur) this.values[g] = x; break;
      case 'max': if (x > cur) this.values[g] = x; break;
    }
  }
}

/** x / n rounded half away from zero. */
function roundDiv(x: bigint, n: bigint): bigint {
  const q = x / n, r = x % n;
  return (r < 0n ? -r : r) * 2n >= n ? q + (x < 0n ? -1n : 1n) : q;
}

function decimalAggregate(name: Fold, returns: (t: ColumnType) => ColumnType): AggregateFunction {
  return { kind: 'aggregate', name, args: [ANY_DECIMAL], returns: (a) => returns(a[0]), create: (_a, t) => new DecimalState(name, t) };
}

export const decimalAggregates: readonly AggregateFunction[] = [
  decimalAggregate('sum', (t) => decimalType(MAX_DECIMAL_PRECISION, scaleOf(t))),
  decimalAggregate('avg', (t) => t),
  decimalAggregate('min', (t) => t),
  decimalAggregate('max', (t) => t),
];
