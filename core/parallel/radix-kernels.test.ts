import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AggregateKernelShape, NullKind } from './kernel-shape';
import { KernelOutput } from './kernel-task';
import { allAggregates, column, Expected, KINDS, random, reference, run, same } from './kernel-reference.fixture';
import { ordinalRanks } from './ordinal-order';
import { partitionTasks } from './radix-aggregate';
import { recordStride, scatterKernelSource } from './radix-kernel-source';

/** Data sets: random rows cut into ranges (one of them empty), a single row, an empty scan. */
const CASES: readonly { name: string; n: number; cuts: number[]; distinct: number }[] = [
  { name: 'random rows in three ranges', n: 40_000, cuts: [0, 13_000, 13_000, 40_000], distinct: 5_000 },
  { name: 'few keys (empty partitions)', n: 5_000, cuts: [0, 2_500, 5_000], distinct: 3 },
  { name: 'a single row', n: 1, cuts: [0, 1], distinct: 1 },
  { name: 'no rows', n: 0, cuts: [0, 0], distinct: 1 },
];

/** Keys of a kind with nulls (NaN for doubles, with -0 beside 0), `distinct` values apart from those. */
function keyColumn(kind: NullKind, n: number, distinct: number, rnd: () => number): Float64Array | Int32Array {
  const nul = (): boolean => rnd() < 0.05;
  const v = (): number => Math.floor(rnd() * distinct);
  if (kind === 'int') return Int32Array.from({ length: n }, () => (nul() ? -2147483648 : v() - 7));
  if (kind === 'long') return Float64Array.from({ length: n }, () => (nul() ? -9223372036854775808 : v() * 1e7));
  return Float64Array.from({ length: n }, (_x, i) => (nul() ? NaN : i % 89 === 0 ? -0 : v() / 16));
}

/** The scatter and partition steps on this thread, their partials put back in scan order. */
function radix(shape: AggregateKernelShape, columns: readonly (Float64Array | Int32Array | Int16Array)[], cuts: readonly number[],
  args: readonly number[], bits: number): { out: KernelOutput; ranks: Int32Array } {
  const n = cuts[cuts.length - 1];
  const records = new Float64Array(new SharedArrayBuffer(Math.max(1, n * recordStride(shape)) * 8));
  const starts: number[] = [], counts: Float64Array[] = [];
  for (let r = 0; r + 1 < cuts.length; r++) {
    starts.push(cuts[r]);
    const o = run(scatterKernelSource(shape, bits), [...columns, records], cuts[r], cuts[r + 1], [...args, cuts[r]]);
    counts.push(o.partitionRows as Float64Array);
  }
  const outputs = partitionTasks(counts, starts, bits, 3, shape, records)
    .map((t) => run(t.source, t.columns, t.lo, t.hi, [...t.args]));
  const cat = (pick: (o: KernelOutput) => Float64Array | undefined): Float64Array => {
    const parts = outputs.map((o) => pick(o) ?? new Float64Array(0));
    const all = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
    parts.reduce((at, p) => { all.set(p, at); return at + p.length; }, 0);
    return all;
  };
  const fields = (outputs[0].fields ?? []).map((_f, k) => cat((o) => (o.fields ?? [])[k]));
  const out: KernelOutput = { keys: cat((o) => o.keys), presence: cat((o) => o.presence), firsts: cat((o) => o.firsts), fields };
  return { out, ranks: ordinalRanks(out.firsts as Float64Array) };
}

for (const filtered of [false, true]) {
  const label = filtered ? 'with a filter' : 'without a filter';
  // The filter: column 0 (DOUBLE) above a0; NaN rows never pass.
  const filter = filtered ? { body: '(c0[i] > a0)', args: 1 } : undefined;
  const args = filtered ? [-20] : [];
  for (const c of CASES) {
    for (const keyKind of ['nan', 'int', 'long'] as const) {
      test(`radix scatter and partition kernels (${keyKind} key, ${label}) match the naive reference on ${c.name}, groups in scan order`, () => {
        const rnd = random(c.n * 5 + c.distinct + keyKind.length + (filtered ? 1 : 0));
        const cols = KINDS.map((k) => column(k, c.n, rnd));
        const key = keyColumn(keyKind, c.n, c.distinct, rnd);
        const aggs = allAggregates();
        const shape: AggregateKernelShape = { key: 'number', keyColumn: cols.length, filter, aggregates: aggs, columns: cols.length + 1 };
        const { out, ranks } = radix(shape, [...cols.map((x) => x.data as Float64Array | Int32Array | Int16Array), key], c.cuts, args, 3);
        const keyOf = (i: number): string => { const x = Number(key[i]); return x !== x ? 'NaN' : String(x + 0); };
        const keep = (i: number): boolean => !filtered || Number(cols[0].data[i]) > -20;
        const expected = reference(keyOf, keep, aggs, cols, 0, c.n);
        const order = [...expected.keys()];
        assert.equal(out.keys?.length, order.length);
        const at = new Int32Array(order.length);
        ranks.forEach((rank, r) => { at[rank] = r; });
        order.forEach((k, rank) => {
          const r = at[rank], got = (out.keys as Float64Array)[r];
          assert.equal(got !== got ? 'NaN' : String(got), k, `group ${rank} key`);
          same(out, r, expected.get(k) as Expected, aggs, `group ${k}`);
        });
      });
    }
  }
}

test('ordinal ranks equal a sort\'s, for ordinals past 2^32 and for none', () => {
  const rnd = random(11);
  const seen = new Set<number>();
  const values: number[] = [];
  while (values.length < 20_000) {
    const v = Math.floor(rnd() * 2 ** 20) * (values.length % 3 === 0 ? 2 ** 21 : 1);
    if (!seen.has(v)) { seen.add(v); values.push(v); }
  }
  const ranks = ordinalRanks(Float64Array.from(values));
  const sorted = [...values].sort((a, b) => a - b);
  values.forEach((v, i) => assert.equal(sorted[ranks[i]], v));
  assert.equal(ordinalRanks(new Float64Array(0)).length, 0);
  assert.deepEqual([...ordinalRanks(Float64Array.of(0))], [0]);
});
