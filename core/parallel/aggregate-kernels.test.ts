import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INT_NULL } from '../data/null-values';
import { AggregateKernelShape } from './kernel-shape';
import { aggregateKernelSource, filterKernelSource, runsKernelSource } from './kernel-source';
import { allAggregates, Column, column, Expected, KINDS, random, reference, run, same } from './kernel-reference.fixture';

/** Data sets: random with nulls, a single row, and an empty range. */
const CASES: readonly { name: string; n: number; lo: number; hi: number }[] = [
  { name: 'random rows', n: 50_000, lo: 0, hi: 50_000 },
  { name: 'a middle range', n: 40_000, lo: 1_234, hi: 37_001 },
  { name: 'a single row', n: 1, lo: 0, hi: 1 },
  { name: 'an empty range', n: 100, lo: 40, hi: 40 },
];

/** Runs of random lengths up to `longest` (empty ones too) over `n` rows; a task's [lo, hi) clips them. */
function randomRuns(n: number, longest: number, rnd: () => number): { starts: number[]; ends: number[] } {
  const starts: number[] = [], ends: number[] = [];
  for (let a = 0; a < n;) {
    const b = Math.min(n, a + Math.floor(rnd() * longest));
    starts.push(a); ends.push(b);
    a = b === a ? a + 1 : b;
  }
  return { starts, ends };
}

for (const filtered of [false, true]) {
  const label = filtered ? 'with a filter' : 'without a filter';
  // The filter: column 0 (DOUBLE) above a0; NaN rows never pass.
  const filter = filtered ? { body: '(c0[i] > a0)', args: 1 } : undefined;
  const keep = (cols: readonly Column[]) => (i: number): boolean => !filtered || Number(cols[0].data[i]) > -20;
  const args = filtered ? [-20] : [];

  for (const c of CASES) {
    test(`the ungrouped kernel ${label} matches the naive reference on ${c.name}`, () => {
      const rnd = random(c.n + (filtered ? 1 : 0));
      const cols = KINDS.map((k) => column(k, c.n, rnd));
      const aggs = allAggregates();
      const shape: AggregateKernelShape = { key: 'none', keyColumn: -1, filter, aggregates: aggs, columns: cols.length };
      const out = run(aggregateKernelSource(shape), cols.map((x) => x.data), c.lo, c.hi, args);
      const expected = reference(() => 0, keep(cols), aggs, cols, c.lo, c.hi).get(0) ?? { rows: 0, acc: aggs.map(() => 0), cnt: aggs.map(() => 0) };
      same(out, 0, expected, aggs, 'flat');
    });

    test(`the runs kernel ${label} matches the naive reference run by run on ${c.name}, runs clipped to the task`, () => {
      const rnd = random(c.n * 5 + (filtered ? 1 : 0));
      const cols = KINDS.map((k) => column(k, c.n, rnd));
      const { starts, ends } = randomRuns(c.n, 3000, rnd);
      const aggs = allAggregates();
      const shape: AggregateKernelShape = { key: 'none', keyColumn: -1, filter, aggregates: aggs, columns: cols.length };
      const out = run(runsKernelSource(shape), [...cols.map((x) => x.data), Int32Array.from(starts), Int32Array.from(ends)], c.lo, c.hi, args);
      assert.equal(out.presence?.length, starts.length);
      const empty = { rows: 0, acc: aggs.map(() => 0), cnt: aggs.map(() => 0) };
      starts.forEach((a, r) => {
        const lo = Math.max(a, c.lo), hi = Math.min(ends[r], c.hi);
        const expected = hi > lo ? reference(() => 0, keep(cols), aggs, cols, lo, hi).get(0) ?? empty : empty;
        same(out, r, expected, aggs, `run ${r}`);
      });
    });

    test(`the symbol-keyed runs kernel ${label} matches the naive reference per run and slot on ${c.name}, first rows included`, () => {
      const rnd = random(c.n * 11 + (filtered ? 1 : 0));
      const cols = KINDS.map((k) => column(k, c.n, rnd));
      const symbols = 9;
      const keys = Int32Array.from({ length: c.n }, () => Math.floor(rnd() * (symbols + 1)) - 1);
      const { starts, ends } = randomRuns(c.n, 2000, rnd);
      const aggs = allAggregates();
      const shape: AggregateKernelShape = { key: 'symbol', keyColumn: cols.length, filter, aggregates: aggs, columns: cols.length + 1 };
      const out = run(runsKernelSource(shape), [...cols.map((x) => x.data), keys, Int32Array.from(starts), Int32Array.from(ends)], c.lo, c.hi, [...args, symbols + 1]);
      assert.equal(out.presence?.length, starts.length * (symbols + 1));
      starts.forEach((a, r) => {
        const lo = Math.max(a, c.lo), hi = Math.min(ends[r], c.hi);
        const expected = hi > lo ? reference((i) => keys[i], keep(cols), aggs, cols, lo, hi) : new Map();
        for (let slot = 0; slot <= symbols; slot++) {
          const at = r * (symbols + 1) + slot;
          const g = expected.get(slot - 1);
          if (!g) { assert.equal(out.presence?.[at], 0, `run ${r} slot ${slot}`); continue; }
          same(out, at, g, aggs, `run ${r} slot ${slot}`);
          let firstRow = lo;
          while (keys[firstRow] !== slot - 1 || !keep(cols)(firstRow)) firstRow++;
          assert.equal(out.firsts?.[at], firstRow, `run ${r} slot ${slot} first row`);
        }
      });
    });

    test(`the symbol-keyed kernel ${label} matches the naive reference on ${c.name}`, () => {
      const rnd = random(c.n * 3 + (filtered ? 1 : 0));
      const cols = KINDS.map((k) => column(k, c.n, rnd));
      const symbols = 37;
      // Keys -1 (null) .. 36, the dense slot is key + 1.
      const keys = Int32Array.from({ length: c.n }, () => Math.floor(rnd() * (symbols + 1)) - 1);
      const aggs = allAggregates();
      const shape: AggregateKernelShape = { key: 'symbol', keyColumn: cols.length, filter, aggregates: aggs, columns: cols.length + 1 };
      const out = run(aggregateKernelSource(shape), [...cols.map((x) => x.data), keys], c.lo, c.hi, [...args, symbols + 1]);
      const expected = reference((i) => keys[i], keep(cols), aggs, cols, c.lo, c.hi);
      assert.equal(out.presence?.length, symbols + 1);
      for (let slot = 0; slot <= symbols; slot++) {
        const g = expected.get(slot - 1);
        if (!g) { assert.equal(out.presence?.[slot], 0); continue; }
        same(out, slot, g, aggs, `slot ${slot}`);
      }
    });

    for (const keyKind of ['nan', 'int', 'long'] as const) {
      test(`the ${keyKind}-keyed hash kernel ${label} matches the naive reference on ${c.name}, groups in first-seen order`, () => {
        const rnd = random(c.n * 7 + keyKind.length + (filtered ? 1 : 0));
        const cols = KINDS.map((k) => column(k, c.n, rnd));
        // Few enough distinct keys to repeat, many enough to grow the table past its first capacity; -0 and 0 are one key.
        const key = column(keyKind, c.n, rnd);
        if (keyKind === 'nan') for (let i = 0; i < c.n; i += 97) key.data[i] = i % 2 ? -0 : 0;
        const aggs = allAggregates();
        const shape: AggregateKernelShape = { key: 'number', keyColumn: cols.length, filter, aggregates: aggs, columns: cols.length + 1 };
        const out = run(aggregateKernelSource(shape), [...cols.map((x) => x.data), key.data], c.lo, c.hi, args);
        // Map keys NaN and -0 the way SQL groups them: one NaN group, 0 for -0.
        const keyOf = (i: number): string => { const x = Number(key.data[i]); return x !== x ? 'NaN' : String(x + 0); };
        const expected = reference(keyOf, keep(cols), aggs, cols, c.lo, c.hi);
        const order = [...expected.keys()];
        assert.equal(out.keys?.length, order.length);
        order.forEach((k, r) => {
          const got = (out.keys as Float64Array)[r];
          assert.equal(got !== got ? 'NaN' : String(got), k, `group ${r} key`);
          same(out, r, expected.get(k) as Expected, aggs, `group ${k}`);
        });
      });
    }
  }
}

test('the filter kernel writes the matching rows of its range, in order', () => {
  const rnd = random(5);
  const n = 70_000;
  const x = column('nan', n, rnd).data, y = column('int', n, rnd).data;
  const source = filterKernelSource({ filter: { body: '(c0[i] > a0 && c1[i] !== -2147483648 && c1[i] < a1)', args: 2 }, columns: 2 });
  const selection = new Int32Array(new SharedArrayBuffer(n * 4));
  const out = run(source, [x, y], 1_000, 69_000, [10, 100], selection);
  const expected: number[] = [];
  for (let i = 1_000; i < 69_000; i++) if (x[i] > 10 && y[i] !== INT_NULL && y[i] < 100) expected.push(i);
  assert.equal(out.selected, expected.length);
  assert.deepEqual([...selection.subarray(0, expected.length)], expected);
});

test('the blocked DOUBLE max and min skip null blocks and keep an infinity that is the extreme', () => {
  const B = 16_384;
  const n = 3 * B + 5;
  // Block 0 all null; block 1 only -Infinity, +Infinity and nulls; block 2 plain values; the tail one value.
  const data = new Float64Array(n).fill(NaN);
  for (let i = B; i < 2 * B; i += 7) data[i] = i % 2 === 0 ? -Infinity : Infinity;
  for (let i = 2 * B; i < 3 * B; i++) data[i] = (i % 1000) - 500;
  // Unique extremes in the second and third of four interleaved chains, and in the last.
  data[2 * B + 4 * 1000 + 1] = 10_000;
  data[2 * B + 4 * 2000 + 2] = -10_000;
  data[2 * B + 4 * 3000 + 3] = 10_001;
  data[n - 2] = 777;
  const aggs = [{ op: 'max' as const, nulls: 'nan' as const, column: 0 }, { op: 'min' as const, nulls: 'nan' as const, column: 0 }];
  const shape: AggregateKernelShape = { key: 'none', keyColumn: -1, aggregates: aggs, columns: 1 };
  const at = (lo: number, hi: number): number[] => {
    const out = run(aggregateKernelSource(shape), [data], lo, hi, []);
    const f = out.fields ?? [];
    return [f[1][0] > 0 ? f[0][0] : NaN, f[3][0] > 0 ? f[2][0] : NaN];
  };
  assert.deepEqual(at(0, B), [NaN, NaN]);
  assert.deepEqual(at(0, 2 * B), [Infinity, -Infinity]);
  assert.deepEqual(at(B, 3 * B), [Infinity, -Infinity]);
  assert.deepEqual(at(2 * B, 3 * B), [10_001, -10_000]);
  assert.deepEqual(at(2 * B, 2 * B + 4 * 2500), [10_000, -10_000]);
  assert.deepEqual(at(0, n), [Infinity, -Infinity]);
  assert.deepEqual(at(3 * B, n), [777, 777]);
  // Only -Infinity among nulls: the max is -Infinity, seen.
  const low = new Float64Array(B).fill(NaN);
  low[100] = -Infinity;
  const out = run(aggregateKernelSource(shape), [low], 0, B, []);
  assert.deepEqual([out.fields?.[0][0], (out.fields?.[1][0] ?? 0) > 0], [-Infinity, true]);
});

test('the symbol-keyed kernel keeps a negative max, a positive min and an all-null group unseen', () => {
  // Slot = key + 1: key 0 all negative, key 1 all positive, key 2 all null, key -1 (null) mixed.
  const keys = Int32Array.from({ length: 4000 }, (_, i) => (i % 4) - 1);
  const values = Float64Array.from({ length: 4000 }, (_, i) => {
    const k = (i % 4) - 1;
    return k === 0 ? -1 - (i % 97) : k === 1 ? 1 + (i % 89) : k === 2 ? NaN : (i % 3 === 0 ? NaN : i % 50);
  });
  const ints = Int32Array.from(values, (v) => (v !== v ? INT_NULL : v));
  const aggs = [
    { op: 'max' as const, nulls: 'nan' as const, column: 0 }, { op: 'min' as const, nulls: 'nan' as const, column: 0 },
    { op: 'sum' as const, nulls: 'nan' as const, column: 0 }, { op: 'max' as const, nulls: 'int' as const, column: 1 },
    { op: 'min' as const, nulls: 'int' as const, column: 1 }, { op: 'count' as const, nulls: 'none' as const, column: -1 },
  ];
  const shape: AggregateKernelShape = { key: 'symbol', keyColumn: 2, aggregates: aggs, columns: 3 };
  const out = run(aggregateKernelSource(shape), [values, ints, keys], 0, keys.length, [4]);
  const f = out.fields ?? [];
  const seen = (j: number, slot: number): number => (f[2 * j + 1][slot] > 0 ? f[2 * j][slot] : NaN);
  // Per slot: max, min, sum (with its non-null count), int max, int min.
  const row = (slot: number): number[] => [seen(0, slot), seen(1, slot), seen(2, slot), f[5][slot], seen(3, slot), seen(4, slot)];
  const expect = (k: number): number[] => {
    const v: number[] = [];
    for (let i = 0; i < values.length; i++) if (keys[i] === k && values[i] === values[i]) v.push(values[i]);
    return v.length === 0 ? [NaN, NaN, NaN, 0, NaN, NaN] : [Math.max(...v), Math.min(...v), v.reduce((a, b) => a + b, 0), v.length, Math.max(...v), Math.min(...v)];
  };
  for (const k of [-1, 0, 1, 2]) assert.deepEqual(row(k + 1), expect(k), `key ${k}`);
  assert.equal(out.presence?.[3], 1000);
});

test('DOUBLE sums folded two to a loop match the naive reference, nulls in some blocks and not others', () => {
  const rnd = random(77);
  const n = 70_000;
  const cols: Column[] = [0, 1, 2].map(() => column('nan', n, rnd));
  // Column 1 without a null in its first two blocks, so its pair partner's nulls alone send a block to the row loop.
  for (let i = 0; i < 2 * 16_384; i++) if (cols[1].data[i] !== cols[1].data[i]) cols[1].data[i] = i % 13;
  const aggs = [
    { op: 'sum' as const, nulls: 'nan' as const, column: 0 }, { op: 'sum' as const, nulls: 'nan' as const, column: 1 },
    { op: 'count' as const, nulls: 'none' as const, column: -1 }, { op: 'sum' as const, nulls: 'nan' as const, column: 2 },
  ];
  const shape: AggregateKernelShape = { key: 'none', keyColumn: -1, aggregates: aggs, columns: cols.length };
  for (const [lo, hi] of [[0, n], [5, 33_001], [16_384, 16_387]]) {
    const out = run(aggregateKernelSource(shape), cols.map((x) => x.data), lo, hi, []);
    const expected = reference(() => 0, () => true, aggs, cols, lo, hi).get(0) as Expected;
    same(out, 0, expected, aggs, `[${lo}, ${hi})`);
  }
});
