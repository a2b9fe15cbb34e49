import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Types } from '../../../core/data/column-type';
import { MemorySymbolTable } from '../../../core/data/symbol-table';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { Vector } from '../../../core/data/vector';
import { QueryMemory } from '../../../core/sql/query-memory';
import { DistinctCountState } from './count-distinct';

const doubles = (values: readonly number[]): Vector => ({ type: Types.DOUBLE, data: Float64Array.from(values) });

test('count_distinct counts distinct non-null numbers', () => {
  const s = new DistinctCountState(Types.DOUBLE);
  s.init(1);
  s.add([doubles([1, 2, NaN, 2, 3])], undefined, 5);
  s.add([doubles([3, 4, NaN])], undefined, 3);
  assert.deepEqual([...s.value(1).data], [4]);
});

test('count_distinct per group counts each group on its own', () => {
  const s = new DistinctCountState(Types.VARCHAR);
  s.init(2);
  const b = new VectorBuilder(Types.VARCHAR, 5);
  for (const v of ['a', 'b', 'a', null, 'a']) if (v === null) b.appendNull(); else b.appendString(v);
  s.add([b.build()], Int32Array.of(0, 0, 0, 1, 1), 5);
  assert.deepEqual([...s.value(2).data], [2, 1]);
});

test('merging another state adds its distinct values to a group', () => {
  const a = new DistinctCountState(Types.DOUBLE), b = new DistinctCountState(Types.DOUBLE);
  a.init(1); b.init(1);
  a.add([doubles([1, 2])], undefined, 2);
  b.add([doubles([2, 3, NaN])], undefined, 3);
  a.merge(b, 0, 0);
  assert.deepEqual([...a.value(1).data], [3]);
});

/** A deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Random batches of (group, symbol) rows, ~10% null symbols, over `tables` dictionaries in turn; the naive reference as JS sets of texts. */
function batches(tables: readonly MemorySymbolTable[], groups: number, seed: number): { batches: { keys: Vector; groups: Int32Array }[]; expected: number[] } {
  const rnd = random(seed);
  const sets = Array.from({ length: groups }, () => new Set<string>());
  const out = Array.from({ length: 12 }, (_x, b) => {
    const table = tables[b % tables.length], n = 1 + Math.floor(rnd() * 500);
    const keys = Int32Array.from({ length: n }, () => (rnd() < 0.1 ? -1 : Math.floor(rnd() * table.size)));
    const owners = Int32Array.from({ length: n }, () => Math.floor(rnd() * groups));
    keys.forEach((k, i) => { if (k >= 0) sets[owners[i]].add(table.value(k) ?? ''); });
    return { keys: { type: Types.SYMBOL, data: keys, symbols: table }, groups: owners };
  });
  return { batches: out, expected: sets.map((s) => s.size) };
}

const dictionary = (values: readonly string[]): MemorySymbolTable => new MemorySymbolTable(values);

test('count_distinct of a SYMBOL per group (bit sets over its dictionary) equals the naive reference, null keys uncounted', () => {
  const table = dictionary(Array.from({ length: 300 }, (_x, k) => `v${k}`));
  for (const groups of [1, 7, 40]) {
    const { batches: bs, expected } = batches([table], groups, groups);
    const s = new DistinctCountState(Types.SYMBOL);
    for (const b of bs) { s.init(groups); s.add([b.keys], b.groups, b.groups.length); }
    assert.deepEqual([...s.value(groups).data], expected);
  }
});

test('a second dictionary moves the bit sets into the hash table: equal texts count once, as the naive reference', () => {
  const one = dictionary(Array.from({ length: 50 }, (_x, k) => `v${k}`));
  const two = dictionary(Array.from({ length: 80 }, (_x, k) => `v${79 - k}`));
  const { batches: bs, expected } = batches([one, two], 9, 3);
  const s = new DistinctCountState(Types.SYMBOL);
  for (const b of bs) { s.init(9); s.add([b.keys], b.groups, b.groups.length); }
  assert.deepEqual([...s.value(9).data], expected);
});

test('merging grouped SYMBOL states unions their sets per group, over one or two dictionaries', () => {
  const one = dictionary(Array.from({ length: 64 }, (_x, k) => `v${k}`));
  const two = dictionary(Array.from({ length: 64 }, (_x, k) => `v${(k * 7) % 64}`));
  for (const tables of [[one, one], [one, two]]) {
    const a = batches([tables[0]], 5, 11), b = batches([tables[1]], 5, 12);
    const left = new DistinctCountState(Types.SYMBOL), right = new DistinctCountState(Types.SYMBOL);
    for (const x of a.batches) { left.init(5); left.add([x.keys], x.groups, x.groups.length); }
    for (const x of b.batches) { right.init(5); right.add([x.keys], x.groups, x.groups.length); }
    for (let g = 0; g < 5; g++) left.merge(right, g, g);
    // The union of texts per group.
    const texts = (bs: typeof a.batches): Set<string>[] => {
      const sets = Array.from({ length: 5 }, () => new Set<string>());
      for (const x of bs) x.groups.forEach((g, i) => { const k = x.keys.data[i]; if (k >= 0) sets[g].add(x.keys.symbols?.value(k) ?? ''); });
      return sets;
    };
    const l = texts(a.batches), r = texts(b.batches);
    assert.deepEqual([...left.value(5).data], l.map((s, g) => new Set([...s, ...r[g]]).size));
  }
});

test('a grouped SYMBOL count_distinct holds bit sets only: 40 groups of a 300-key dictionary in a few KiB', () => {
  const table = dictionary(Array.from({ length: 300 }, (_x, k) => `v${k}`));
  const memory = new QueryMemory(Infinity);
  const s = new DistinctCountState(Types.SYMBOL, memory);
  const { batches: bs } = batches([table], 40, 5);
  for (const b of bs) { s.init(40); s.add([b.keys], b.groups, b.groups.length); }
  // 40 groups (room for 64) × ⌈300 / 32⌉ words × 4 bytes, and the counts.
  assert.ok(memory.usedBytes <= 64 * 10 * 4 + 8 * 64, `${memory.usedBytes} bytes`);
});
