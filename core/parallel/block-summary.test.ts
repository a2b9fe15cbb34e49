import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../data/column-batch';
import { Types } from '../data/column-type';
import { settle } from '../data/settled-arrays';
import { FixedArray } from '../data/vector';
import { AggregatePlan } from './aggregate-plan';
import { blockCount, knownSummary, keepSummary, RECORD, SUMMARY_BLOCK } from './block-summary';
import { close, random, reference, run, same } from './kernel-reference.fixture';
import { KernelAggregate } from './kernel-shape';
import { missingSummaries, summaryOutput, summaryShape, summedArrays } from './summary-aggregate';

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

/** Builds the summaries the frame lacks on this thread, in `pieces` tasks. */
function build(cols: FixedArray[], pieces: number): number {
  const { builds, specs } = missingSummaries(cols, pieces);
  for (const s of specs) {
    assert.equal(s.lo % SUMMARY_BLOCK, 0, 'tasks start at a block');
    run(s.source, s.columns, s.lo, s.hi, [...s.args]);
  }
  builds.forEach(keepSummary);
  return specs.length;
}

test('a frame folded from block summaries equals the naive reference: nulls, a block of nulls, infinities, a partial last block', () => {
  for (const [n, pieces, seed] of [[SUMMARY_BLOCK * 5 + 123, 3, 1], [SUMMARY_BLOCK * 3, 8, 2], [SUMMARY_BLOCK * 7 - 1, 1, 3]]) {
    const cols = columns(n, seed);
    const f = frame(cols);
    assert.deepEqual(summedArrays(plan(), f), [cols[0], cols[0], cols[0], cols[1], cols[1], cols[1]]);
    assert.ok(build(cols, pieces) >= Math.min(pieces, blockCount(n)));
    const expected = reference(() => 0, () => true, AGGS, cols.map((data) => ({ data, nulls: 'nan' as const })), 0, n).get(0);
    assert.ok(expected);
    const out = summaryOutput(plan(), f);
    assert.equal(out.presence?.[0], n);
    AGGS.forEach((a, j) => {
      const [acc, cnt] = [out.fields?.[2 * j][0] ?? NaN, out.fields?.[2 * j + 1][0] ?? NaN];
      const what = `${n} rows in ${pieces} tasks: ${a.op} of column ${a.column}`;
      assert.equal(a.op === 'min' || a.op === 'max' ? cnt > 0 : cnt, a.op === 'min' || a.op === 'max' ? expected.cnt[j] > 0 : expected.cnt[j], `${what}: count`);
      // Infinities: sums of both signs are NaN in both, extremes equal exactly.
      if (a.op === 'count') return;
      if (Number.isFinite(expected.acc[j])) close(acc, expected.acc[j], what);
      else assert.ok(Object.is(acc, expected.acc[j]), `${what}: ${acc} != ${expected.acc[j]}`);
    });
  }
});

test('block records hold each block\'s non-null sum, count, least and greatest', () => {
  const n = SUMMARY_BLOCK * 3 + 10;
  const d = Float64Array.from({ length: n }, (_x, i) => (i % 7 === 0 ? NaN : (i % 1000) - 500));
  settle(d);
  build([d], 2);
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
    build(cols, 4);
    const expected = reference(() => 0, () => true, AGGS, cols.map((data) => ({ data, nulls: 'nan' as const })), 0, cols[0].length).get(0);
    assert.ok(expected);
    same(summaryOutput(plan(), { rowCount: cols[0].length, vectors: [{ type: Types.DOUBLE, data: cols[0] }, { type: Types.DOUBLE, data: cols[1] }] }), 0, expected, AGGS, `${cols[0].length} rows`);
  }
});

test('summaries are kept per settled array and built once; views, unsettled arrays, keys, filters and INT columns get none', () => {
  const cols = columns(SUMMARY_BLOCK * 2, 9);
  assert.ok(build(cols, 2) > 0);
  assert.equal(build(cols, 2), 0, 'a second query builds nothing');
  // A view of part of the column (an interval's frame) and a fresh array are not settled.
  const view = cols[0].subarray(0, 100);
  assert.equal(summedArrays(plan(), { rowCount: 100, vectors: [{ type: Types.DOUBLE, data: view }, { type: Types.FLOAT, data: view }] }), undefined);
  const loose = Float64Array.from(cols[0]);
  assert.equal(summedArrays(plan(), frame([loose, cols[1]])), undefined);
  keepSummary({ data: loose, records: new Float64Array(4) });
  assert.equal(knownSummary(loose), undefined);
  assert.equal(summaryShape(plan(AGGS, true)), false);
  assert.equal(summaryShape({ ...plan(), shape: { ...plan().shape, key: 'symbol', keyColumn: 0 } }), false);
  assert.equal(summaryShape(plan([{ op: 'sum', nulls: 'int', column: 0 }])), false);
  assert.equal(summaryShape(plan()), true);
});
