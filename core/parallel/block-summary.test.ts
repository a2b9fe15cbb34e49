import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../data/column-batch';
import { Types } from '../data/column-type';
import { settle } from '../data/settled-arrays';
import { FixedArray } from '../data/vector';
import { AggregatePlan } from './aggregate-plan';
import { blockCount, keepSummaries, knownSummary, missingSummaries, RECORD, SUMMARY_BLOCK } from './block-summary';
import { close, Expected, random, reference, run, same } from './kernel-reference.fixture';
import { KernelAggregate } from './kernel-shape';
import { aggregateKernelSource } from './kernel-source';
import { KernelOutput } from './kernel-task';
import { TaskSpec } from './query-workers';
import { splitFrames, summaryRuns, summaryShape } from './summary-aggregate';

const AGGS: KernelAggregate[] = [
  { op: 'count', nulls: 'none', column: -1 },
  { op: 'sum', nulls: 'nan', column: 0 }, { op: 'min', nulls: 'nan', column: 0 }, { op: 'max', nulls: 'nan', column: 0 },
  { op: 'sum', nulls: 'nan', column: 1 }, { op: 'min', nulls: 'nan', column: 1 }, { op: 'max', nulls: 'nan', column: 1 },
];

function plan(aggregates = AGGS, filter = false): AggregatePlan {
  return {
    scan: undefined as never, slots: [0, 1], filter: filter ? ({} as never) : undefined,
    shape: { key: 'none', keyColumn: -1, aggregates, columns: 2, filter: filter ? { body: 'true', args: 0 } : undefined },
  };
}

/** A settled DOUBLE and FLOAT pair of `n` rows: NaN (null) at `nulls` of the rows, whole blocks of NaN, infinities. */
function columns(n: number, seed: number, nulls = 0.1): FixedArray[] {
  const rnd = random(seed);
  const value = (i: number): number => {
    if (Math.floor(i / SUMMARY_BLOCK) === 2) return NaN;
    const r = rnd();
    return r < nulls ? NaN : r > 0.9995 ? (r > 0.99975 ? Infinity : -Infinity) : Math.round((rnd() - 0.5) * 2000) / 8;
  };
  const d = Float64Array.from({ length: n }, (_x, i) => value(i));
  const f = Float32Array.from({ length: n }, (_x, i) => value(i));
  settle(d);
  settle(f);
  return [d, f];
}

function frame(cols: FixedArray[]): ColumnBatch {
  return { rowCount: cols[0].length, vectors: [{ type: Types.DOUBLE, data: cols[0] }, { type: Types.FLOAT, data: cols[1] }] };
}

/** Builds the summaries `cols` lack on this thread, in about `pieces` tasks; the number of tasks. */
function build(cols: FixedArray[], pieces: number): number {
  const { builds } = splitFrames(plan(), [frame(cols)], aggregateKernelSource(plan().shape), pieces);
  for (const s of builds.specs) assert.equal(s.lo % SUMMARY_BLOCK, 0, 'tasks start at a block');
  keepSummaries(builds, runAll(builds.specs));
  return builds.specs.length;
}

function runAll(specs: readonly TaskSpec[]): KernelOutput[] {
  return specs.map((s) => run(s.source, s.columns, s.lo, s.hi, [...s.args]));
}

/** The ungrouped aggregate of `frames` as the workers would run it: summaries built, summed frames folded, edges and other frames scanned. */
function aggregate(frames: ColumnBatch[], aggs = AGGS): { out: KernelOutput; summed: number; edges: number } {
  const p = plan(aggs);
  const source = aggregateKernelSource(p.shape);
  const split = splitFrames(p, frames, source, 3);
  keepSummaries(split.builds, runAll(split.builds.specs));
  const outputs = [...split.summed.map((f) => summaryRuns(p, [f])), ...runAll(split.edges)];
  for (const f of split.scanned) outputs.push(run(source, p.slots.map((c) => f.vectors[c].data), 0, f.rowCount, []));
  const acc = aggs.map(() => 0), cnt = aggs.map(() => 0);
  let rows = 0;
  for (const o of outputs) {
    rows += o.presence?.[0] ?? 0;
    aggs.forEach((a, j) => {
      const [x, n] = [o.fields?.[2 * j][0] ?? 0, o.fields?.[2 * j + 1][0] ?? 0];
      if (a.op === 'count' || a.op === 'sum') { acc[j] += x; cnt[j] += n; return; }
      if (n > 0 && (cnt[j] === 0 || (a.op === 'min' ? x < acc[j] : x > acc[j]))) acc[j] = x;
      cnt[j] += n;
    });
  }
  return { out: { presence: Float64Array.of(rows), fields: aggs.flatMap((_a, j) => [Float64Array.of(acc[j]), Float64Array.of(cnt[j])]) }, summed: split.summed.length, edges: split.edges.length };
}

/** Compares an ungrouped output with the reference, infinities included (sums of both signs are NaN in both). */
function matches(out: KernelOutput, expected: Expected, what: string): void {
  assert.equal(out.presence?.[0], expected.rows, `${what}: rows`);
  AGGS.forEach((a, j) => {
    if (a.op === 'count') return;
    const [acc, cnt] = [out.fields?.[2 * j][0] ?? NaN, out.fields?.[2 * j + 1][0] ?? NaN];
    const name = `${what}: ${a.op} of column ${a.column}`;
    assert.equal(cnt > 0, expected.cnt[j] > 0, `${name}: seen`);
    if (a.op === 'sum') assert.equal(cnt, expected.cnt[j], `${name}: count`);
    if (Number.isFinite(expected.acc[j])) close(acc, expected.acc[j], name);
    else assert.ok(Object.is(acc, expected.acc[j]), `${name}: ${acc} != ${expected.acc[j]}`);
  });
}

function expect(cols: FixedArray[], lo: number, hi: number): Expected {
  const e = reference(() => 0, () => true, AGGS, cols.map((data) => ({ data, nulls: 'nan' as const })), lo, hi).get(0);
  assert.ok(e);
  return e;
}

test('a frame folded from block summaries equals the naive reference: nulls, a block of nulls, infinities, a partial last block', () => {
  for (const [n, pieces, seed] of [[SUMMARY_BLOCK * 5 + 123, 3, 1], [SUMMARY_BLOCK * 3, 8, 2], [SUMMARY_BLOCK * 7 - 1, 1, 3]]) {
    const cols = columns(n, seed);
    assert.ok(build(cols, pieces) >= Math.min(pieces, blockCount(n)));
    const { out, summed, edges } = aggregate([frame(cols)]);
    assert.deepEqual([summed, edges], [1, 0], 'a whole partition has no edges');
    matches(out, expect(cols, 0, n), `${n} rows in ${pieces} tasks`);
  }
});

test('an interval\'s part of a partition folds its whole blocks and scans its edges; a part without a whole block is scanned', () => {
  const n = SUMMARY_BLOCK * 6 + 77;
  const cols = columns(n, 4);
  // The rows an interval keeps are subarrays of the partition's settled arrays, as the storage slices them.
  const part = (lo: number, hi: number): ColumnBatch => frame(cols.map((c) => c.subarray(lo, hi)));
  for (const [lo, hi, summed, edges] of [[100, n - 5, 1, 2], [SUMMARY_BLOCK, 3 * SUMMARY_BLOCK, 1, 0], [5, n, 1, 1], [10, SUMMARY_BLOCK + 10, 0, 0], [3 * SUMMARY_BLOCK + 1, 4 * SUMMARY_BLOCK + 2, 0, 0]]) {
    const got = aggregate([part(lo, hi)]);
    assert.deepEqual([got.summed, got.edges], [summed, edges], `[${lo}, ${hi})`);
    matches(got.out, expect(cols, lo, hi), `[${lo}, ${hi})`);
  }
  // Two parts of one partition and a whole other partition in one scan.
  const other = columns(SUMMARY_BLOCK * 2 + 9, 5);
  const both = aggregate([part(1000, 2 * SUMMARY_BLOCK + 50), frame(other)]);
  const [e1, e2] = [expect(cols, 1000, 2 * SUMMARY_BLOCK + 50), expect(other, 0, other[0].length)];
  matches(both.out, { rows: e1.rows + e2.rows, acc: AGGS.map((a, j) => (a.op === 'sum' ? e1.acc[j] + e2.acc[j] : a.op === 'min' ? Math.min(e1.acc[j], e2.acc[j]) : a.op === 'max' ? Math.max(e1.acc[j], e2.acc[j]) : 0)), cnt: AGGS.map((_a, j) => e1.cnt[j] + e2.cnt[j]) }, 'two frames');
});

test('block records hold each block\'s non-null sum, count, least and greatest', () => {
  const n = SUMMARY_BLOCK * 3 + 10;
  const d = Float64Array.from({ length: n }, (_x, i) => (i % 7 === 0 ? NaN : (i % 1000) - 500));
  settle(d);
  build([d, d], 2);
  const records = knownSummary(d);
  assert.ok(records);
  assert.equal(records.length, blockCount(n) * RECORD);
  for (let b = 0; b < blockCount(n); b++) {
    let s = 0, c = 0, lo = Infinity, hi = -Infinity;
    for (let i = b * SUMMARY_BLOCK; i < Math.min(n, (b + 1) * SUMMARY_BLOCK); i++) {
      if (Number.isNaN(d[i])) continue;
      s += d[i]; c++; lo = Math.min(lo, d[i]); hi = Math.max(hi, d[i]);
    }
    close(records[b * RECORD], s, `block ${b} sum`);
    assert.deepEqual([...records.subarray(b * RECORD + 1, b * RECORD + 4)], [c, lo, hi], `block ${b}`);
  }
});

test('an all-null column and a single-row column fold to what the kernels give', () => {
  const empty = Float64Array.from({ length: SUMMARY_BLOCK + 5 }, () => NaN);
  const one = Float64Array.of(2.5);
  for (const d of [empty, one]) settle(d);
  for (const cols of [[empty, empty], [one, one]]) {
    const { out, summed } = aggregate([frame(cols)]);
    assert.equal(summed, 1);
    same(out, 0, expect(cols, 0, cols[0].length), AGGS, `${cols[0].length} rows`);
  }
});

test('summaries are kept per settled array and built once; other views, unsettled arrays, keys, filters and INT columns get none', () => {
  const cols = columns(SUMMARY_BLOCK * 2, 9);
  assert.ok(build(cols, 2) > 0);
  assert.equal(build(cols, 2), 0, 'a second query builds nothing');
  // Columns whose views start at different rows of their arrays, a view of an unsettled array and a fresh copy are scanned.
  const source = aggregateKernelSource(plan().shape);
  const shifted = frame([cols[0].subarray(0, SUMMARY_BLOCK + 100), cols[1].subarray(1, SUMMARY_BLOCK + 101)]);
  assert.equal(splitFrames(plan(), [shifted], source, 2).scanned.length, 1);
  const loose = Float64Array.from(cols[0]);
  assert.equal(splitFrames(plan(), [frame([loose.subarray(0, SUMMARY_BLOCK + 100), cols[1].subarray(0, SUMMARY_BLOCK + 100)])], source, 2).scanned.length, 1);
  assert.equal(splitFrames(plan(), [frame([loose, cols[1]])], source, 2).scanned.length, 1);
  const looseBuild = missingSummaries([loose], 1);
  assert.equal(keepSummaries(looseBuild, runAll(looseBuild.specs)), 0);
  assert.equal(knownSummary(loose), undefined);
  assert.equal(summaryShape(plan(AGGS, true)), false);
  assert.equal(summaryShape({ ...plan(), shape: { ...plan().shape, key: 'symbol', keyColumn: 0 } }), false);
  assert.equal(summaryShape(plan([{ op: 'sum', nulls: 'int', column: 0 }])), false);
  assert.equal(summaryShape(plan()), true);
});
