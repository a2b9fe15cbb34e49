/**
 * stddev/stddev_samp, stddev_pop, variance/var_samp, var_pop with Welford's
 * update per group and Chan's formula to merge; sample variants are null below 2 rows.
 */
import { Types } from '../../../core/data/column-type';
import { Vector } from '../../../core/data/vector';
import { AggregateFunction, AggregateState } from '../../../core/extension/sql-function';
import { growF64 } from './grow';

class VarianceState implements AggregateState {
  n = new Float64Array(16);
  mean = new Float64Array(16);
  m2 = new Float64Array(16);
  constructor(private readonly sample: boolean, private readonly root: boolean) {}
  init(groups: number): void { this.n = growF64(this.n, groups); this.mean = growF64(this.mean, groups); this.m2 = growF64(this.m2, groups); }
  add(args: readonly Vector[], groups: Int32Array | undefined, count: number): void {
    const d = args[0].data;
    for (let i = 0; i < count; i++) {
      const x = d[i];
      if (x !== x) continue;
      const g = groups ? groups[i] : 0;
      const k = ++this.n[g];
      const delta = x - this.mean[g];
      this.mean[g] += delta / k;
      this.m2[g] += delta * (x - this.mean[g]);
    }
  }
  merge(o: AggregateState, from: number, to: number): void {
    const b = o as VarianceState;
    const na = this.n[to], nb = b.n[from];
    if (nb === 0) return;
    const n = na + nb;
    const delta = b.mean[from] - this.mean[to];
    this.mean[to] += delta * nb / n;
    this.m2[to] += b.m2[from] + delta * delta * na * nb / n;
    this.n[to] = n;
  }
  value(groups: number): Vector {
    const out = new Float64Array(groups);
    for (let g = 0; g < groups; g++) {
      const k = this.n[g];
      const v = this.sample ? (k < 2 ? NaN : this.m2[g] / (k - 1)) : (k < 1 ? NaN : this.m2[g] / k);
      out[g] = this.root ? Math.sqrt(v) : v;
    }
    return { type: Types.DOUBLE, data: out };
  }
}

function variance(name: string, sample: boolean, root: boolean): AggregateFunction {
  return { kind: 'aggregate', name, args: [Types.DOUBLE], returns: Types.DOUBLE, create: () => new VarianceState(sample, root) };
}

export const varianceAggregates: readonly AggregateFunction[] = [
  variance('stddev', true, true), variance('stddev_samp', true, true), variance('stddev_pop', false, true),
  variance('variance', true, false), variance('var_samp', true, false), variance('var_pop', false, false),
];
