/**
 * Shared by the kernel tests: deterministic random columns with nulls of each kind, a naive reference
 * GROUP BY (one JS object per group, rows in order), and a kernel run on the calling thread.
 */
import assert from 'node:assert/strict';
import { INT_NULL, LONG_NULL } from '../data/null-values';
import { FixedArray } from '../data/vector';
import { KernelAggregate, NullKind } from './kernel-shape';
import { KernelArg, KernelOutput } from './kernel-task';
import { runKernel } from './run-kernel';

/** A deterministic random source, so a failure can be replayed. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export interface Column { readonly data: FixedArray; readonly nulls: NullKind }

/** Values with ~10% nulls of the column's kind (and a NaN among FLOAT/DOUBLE values either way). */
export function column(kind: NullKind, n: number, rnd: () => number): Column {
  const pick = (): boolean => rnd() < 0.1;
  switch (kind) {
    case 'nan': return { nulls: kind, data: Float64Array.from({ length: n }, () => (pick() ? NaN : Math.round((rnd() - 0.5) * 2000) / 8)) };
    case 'int': return { nulls: kind, data: Int32Array.from({ length: n }, () => (pick() ? INT_NULL : Math.floor((rnd() - 0.5) * 1000))) };
    case 'long': return { nulls: kind, data: Float64Array.from({ length: n }, () => (pick() ? LONG_NULL : Math.floor((rnd() - 0.5) * 1e12))) };
    default: return { nulls: kind, data: Int16Array.from({ length: n }, () => Math.floor((rnd() - 0.5) * 200)) };
  }
}

export function isNull(x: number, kind: NullKind): boolean {
  return kind === 'nan' ? x !== x : kind === 'int' ? x === INT_NULL : kind === 'long' ? x === LONG_NULL : false;
}

export interface Expected { rows: number; acc: number[]; cnt: number[] }

/** The naive reference: one JS object per group, every row looked at once, in order. */
export function reference(keyOf: (i: number) => number | string, keep: (i: number) => boolean, aggs: readonly KernelAggregate[],
  cols: readonly Column[], lo: number, hi: number): Map<number | string, Expected> {
  const groups = new Map<number | string, Expected>();
  for (let i = lo; i < hi; i++) {
    if (!keep(i)) continue;
    const k = keyOf(i);
    let g = groups.get(k);
    if (!g) { g = { rows: 0, acc: aggs.map(() => 0), cnt: aggs.map(() => 0) }; groups.set(k, g); }
    g.rows++;
    aggs.forEach((a, j) => {
      if (a.op === 'count') { g.cnt[j]++; return; }
      const x = Number(cols[a.column].data[i]);
      if (isNull(x, a.nulls)) return;
      if (a.op === 'sum') g.acc[j] += x;
      else if (g.cnt[j] === 0 || (a.op === 'max' ? x > g.acc[j] : x < g.acc[j])) g.acc[j] = x;
      g.cnt[j]++;
    });
  }
  return groups;
}

export function run(source: string, cols: readonly FixedArray[], lo: number, hi: number, args: KernelArg[], selection?: Int32Array): KernelOutput {
  const budget = new Int32Array(new SharedArrayBuffer(8));
  budget[1] = 0x7fffffff;
  const reply = runKernel({ id: 1, source, columns: cols, lo, hi, args, cancel: new Int32Array(new SharedArrayBuffer(4)), memory: budget, selection });
  if (!reply.ok) throw new Error(reply.message);
  return reply.output;
}

export function close(actual: number, expected: number, what: string): void {
  const tolerance = 1e-9 * Math.max(1, Math.abs(expected));
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} != ${expected}`);
}

/** Compares one partial group (row r of the output) with the reference group. */
export function same(out: KernelOutput, r: number, g: Expected, aggs: readonly KernelAggregate[], what: string): void {
  assert.equal(out.presence?.[r], g.rows, `${what} rows`);
  aggs.forEach((a, j) => {
    const acc = (out.fields ?? [])[2 * j][r], cnt = (out.fields ?? [])[2 * j + 1][r];
    if (a.op === 'count') { assert.equal(cnt, g.cnt[j], `${what} count`); return; }
    assert.equal(cnt > 0, g.cnt[j] > 0, `${what} ${a.op} seen`);
    if (a.op === 'sum') assert.equal(cnt, g.cnt[j], `${what} sum count`);
    if (g.cnt[j] > 0) close(acc, g.acc[j], `${what} ${a.op}`);
  });
}

export const KINDS: NullKind[] = ['nan', 'int', 'long', 'none'];
export const OPS: KernelAggregate['op'][] = ['sum', 'min', 'max'];

/** Every op over every null kind, plus count(*): columns 0..3 are the kinds, column 4 the key. */
export function allAggregates(): KernelAggregate[] {
  const out: KernelAggregate[] = [{ op: 'count', nulls: 'none', column: -1 }];
  KINDS.forEach((nulls, column) => OPS.forEach((op) => out.push({ op, nulls, column })));
  return out;
}
