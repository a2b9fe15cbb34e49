import assert from 'node:assert/strict';
import { test } from 'node:test';
import { denseKernelSource, probeKernelSource } from './dense-kernel-source';
import { sampleScale, slotKeys } from './dense-keys';
import { AggregateKernelShape } from './kernel-shape';
import { KernelOutput } from './kernel-task';
import { allAggregates, column, Expected, KINDS, random, reference, run, same } from './kernel-reference.fixture';

/** Data sets: random rows cut into ranges (one of them empty), a single row, an empty scan. */
const CASES: readonly { name: string; n: number; cuts: number[] }[] = [
  { name: 'random rows in three ranges', n: 30_000, cuts: [0, 11_000, 11_000, 30_000] },
  { name: 'a single row', n: 1, cuts: [0, 1] },
  { name: 'no rows', n: 0, cuts: [0, 0] },
];

/** Doubles of at most two decimals with NaN and -0, or whole numbers (as INT). */
function keyColumn(kind: 'nan' | 'int', n: number, rnd: () => number): Float64Array | Int32Array {
  if (kind === 'int') return Int32Array.from({ length: n }, () => Math.floor(rnd() * 900) - 300);
  return Float64Array.from({ length: n }, (_x, i) => (rnd() < 0.05 ? NaN : i % 89 === 0 ? -0 : (Math.floor(rnd() * 4000) - 700) / 100));
}

/** The probe, then the dense kernel per range (with each slot's key); 'collided' when the probe finds an inexact key. */
function dense(shape: AggregateKernelShape, columns: readonly (Float64Array | Int32Array | Int16Array)[], cuts: readonly number[],
  args: readonly number[], scale: number): { outputs: KernelOutput[]; keys: Float64Array } | 'collided' {
  let least = Infinity, greatest = -Infinity;
  for (let r = 0; r + 1 < cuts.length; r++) {
    const range = run(probeKernelSource(shape), columns, cuts[r], cuts[r + 1], [scale]).range as Float64Array;
    if (range[2] === 0) return 'collided';
    least = Math.min(least, range[0]);
    greatest = Math.max(greatest, range[1]);
  }
  const min = least > greatest ? 0 : Math.round(least * scale), slots = least > greatest ? 1 : Math.round(greatest * scale) - min + 2;
  const outputs: KernelOutput[] = [];
  for (let r = 0; r + 1 < cuts.length; r++) outputs.push(run(denseKernelSource(shape), columns, cuts[r], cuts[r + 1], [...args, scale, min, slots, cuts[r]]));
  return { outputs, keys: slotKeys(min, scale, slots) };
}

for (const filtered of [false, true]) {
  const label = filtered ? 'with a filter' : 'without a filter';
  const filter = filtered ? { body: '(c0[i] > a0)', args: 1 } : undefined;
  const args = filtered ? [-20] : [];
  for (const c of CASES) {
    for (const keyKind of ['nan', 'int'] as const) {
      test(`dense probe and kernel (${keyKind} key, ${label}) match the naive reference on ${c.name}, first rows in order`, () => {
        const rnd = random(c.n * 3 + keyKind.length + (filtered ? 1 : 0));
        const cols = KINDS.map((k) => column(k, c.n, rnd));
        const key = keyColumn(keyKind, c.n, rnd);
        const aggs = allAggregates();
        const shape: AggregateKernelShape = { key: 'number', keyColumn: cols.length, filter, aggregates: aggs, columns: cols.length + 1 };
        const scale = c.n === 0 ? 1 : sampleScale(key, c.n);
        assert.ok(scale >= 1 && scale <= (keyKind === 'int' ? 1 : 100), `scale ${scale}`);
        const got = dense(shape, [...cols.map((x) => x.data as Float64Array | Int32Array | Int16Array), key], c.cuts, args, scale);
        assert.notEqual(got, 'collided');
        const { outputs, keys: k } = got as { outputs: KernelOutput[]; keys: Float64Array };
        const keyOf = (i: number): string => { const x = Number(key[i]); return x !== x ? 'NaN' : String(x + 0); };
        const keep = (i: number): boolean => !filtered || Number(cols[0].data[i]) > -20;
        const expected = reference(keyOf, keep, aggs, cols, 0, c.n);
        const firstRow = new Map<string, number>();
        for (let i = 0; i < c.n; i++) if (keep(i) && !firstRow.has(keyOf(i))) firstRow.set(keyOf(i), i);
        // Every expected group is in exactly one slot of each range that saw it; ranges add up.
        const found = new Map<string, Expected>();
        for (const o of outputs) {
          const p = o.presence as Float64Array, f = o.firsts as Float64Array;
          for (let g = 0; g < p.length; g++) {
            if (p[g] === 0) continue;
            const name = g === 0 ? 'NaN' : String(k[g]);
            const want = expected.get(name);
            assert.ok(want, `slot ${g} holds the unexpected key ${name}`);
            if (!found.has(name)) {
              assert.equal(f[g], firstRow.get(name), `first row of ${name}`);
              found.set(name, { rows: 0, acc: [], cnt: [] });
            }
            (found.get(name) as Expected).rows += p[g];
          }
        }
        assert.equal(found.size, expected.size);
        for (const [name, g] of expected) assert.equal(found.get(String(name))?.rows, g.rows, `rows of ${name}`);
        // With one range the slots are the groups: aggregates compare directly.
        if (c.cuts.length === 2 && c.n > 0) {
          const o = outputs[0], p = o.presence as Float64Array;
          for (let g = 0; g < p.length; g++) if (p[g] > 0) same(o, g, expected.get(g === 0 ? 'NaN' : String(k[g])) as Expected, aggs, `slot ${g}`);
        }
      });
    }
  }
}

test('a key with more decimals than the scale makes the dense probe give up (two keys would share a slot)', () => {
  const key = Float64Array.of(1.25, 3, 1.25004, 2);
  const shape: AggregateKernelShape = { key: 'number', keyColumn: 0, aggregates: [{ op: 'count', nulls: 'none', column: -1 }], columns: 1 };
  assert.equal(dense(shape, [key], [0, 4], [], 100), 'collided');
  assert.equal(sampleScale(key, 4), 0);
  assert.equal(sampleScale(Float64Array.of(0.5, NaN, 7), 3), 10);
  // A sample that already spans more than the dense arrays hold: no probe.
  assert.equal(sampleScale(Float64Array.of(1_700_000_000_000_000, 1_700_000_000_500_000), 2), 0);
  assert.equal(sampleScale(Float64Array.of(0.25, 30), 2), 100);
  assert.equal(sampleScale(Float64Array.of(0.25, 3000), 2), 0);
});
