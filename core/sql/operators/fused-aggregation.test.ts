import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FusedAggregate } from '../../extension/sql-function';
import { fusedFlatLoop } from './fused-aggregation';

const slot = (op: FusedAggregate['op'], nulls: FusedAggregate['nulls']): FusedAggregate =>
  ({ op, nulls, acc: new Float64Array(1), counts: new Float64Array(1) });

function run(slots: FusedAggregate[], cols: Float64Array[]): void {
  fusedFlatLoop(slots)(cols[0].length, cols, slots.map((s) => s.acc), slots.map((s) => s.counts));
}

test('DOUBLE sums without nulls count every row', () => {
  const a = slot('sum', 'nan');
  const b = slot('sum', 'nan');
  run([a, b], [Float64Array.of(1, 2, 3), Float64Array.of(0.5, 0.25, 0.25)]);
  assert.deepEqual([a.acc[0], a.counts[0], b.acc[0], b.counts[0]], [6, 3, 1, 3]);
});

test('DOUBLE sums skip NaN nulls and count only the values', () => {
  const a = slot('sum', 'nan');
  const b = slot('max', 'nan');
  run([a, b], [Float64Array.of(1, NaN, 3, NaN), Float64Array.of(NaN, 7, NaN, 2)]);
  assert.deepEqual([a.acc[0], a.counts[0], b.acc[0], b.counts[0]], [4, 2, 7, 1]);
});

test('an all-null DOUBLE column sums to nothing', () => {
  const a = slot('sum', 'nan');
  const c = slot('count', 'none');
  run([a, c], [Float64Array.of(NaN, NaN), Float64Array.of(0, 0)]);
  assert.deepEqual([a.acc[0], a.counts[0], c.counts[0]], [0, 0, 2]);
});

test('+Infinity and -Infinity are values, not nulls', () => {
  const a = slot('sum', 'nan');
  const b = slot('sum', 'nan');
  run([a, b], [Float64Array.of(Infinity, 1), Float64Array.of(Infinity, -Infinity)]);
  assert.deepEqual([a.acc[0], a.counts[0]], [Infinity, 2]);
  assert.ok(Number.isNaN(b.acc[0]));
  assert.equal(b.counts[0], 2);
});
