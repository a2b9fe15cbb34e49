import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Types } from '../../data/column-type';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { QueryMemory } from '../query-memory';
import { SvcError } from '../../errors';
import { GroupKeyIndex } from './group-key-index';

function texts(values: readonly (string | null)[], type = Types.VARCHAR): Vector {
  const b = new VectorBuilder(type, values.length, type === Types.SYMBOL ? new MemorySymbolTable() : undefined);
  for (const v of values) if (v === null) b.appendNull(); else b.appendString(v);
  return b.build();
}

const longs = (values: readonly number[]): Vector => ({ type: Types.LONG, data: Float64Array.from(values) });

function ids(index: GroupKeyIndex, keys: readonly Vector[], n: number, lookup = false): number[] {
  const out = new Int32Array(n);
  if (lookup) index.lookup(keys, n, out); else index.assign(keys, n, out);
  return [...out];
}

test('equal texts of a SYMBOL and a VARCHAR are one key', () => {
  const index = new GroupKeyIndex([]);
  assert.deepEqual(ids(index, [texts(['a', 'b', 'a', null], Types.SYMBOL)], 4), [0, 1, 0, 2]);
  assert.deepEqual(ids(index, [texts(['b', 'c', null])], 3), [1, 3, 2]);
  assert.deepEqual(ids(index, [texts(['c', 'zz'])], 2, true), [3, -1]);
});

test('composite keys treat INT 1 and LONG 1 as one value and nulls as equal', () => {
  const index = new GroupKeyIndex([]);
  const ints: Vector = { type: Types.INT, data: Int32Array.of(1, 1, -2147483648) };
  assert.deepEqual(ids(index, [ints, texts(['x', 'y', null])], 3), [0, 1, 2]);
  assert.deepEqual(ids(index, [longs([1, 1]), texts(['y', 'x'])], 2), [1, 0]);
  assert.deepEqual(ids(index, [longs([2]), texts(['x'])], 1, true), [-1]);
});

test('new groups record their key values', () => {
  const builders = [new VectorBuilder(Types.LONG, 4)];
  const index = new GroupKeyIndex(builders);
  ids(index, [longs([5, 7, 5, 9])], 4);
  assert.deepEqual([...builders[0].build().data], [5, 7, 9]);
});

test('a million distinct composite keys stay typed arrays and the memory limit is a 400', () => {
  const n = 1_000_000;
  const index = new GroupKeyIndex([]);
  const a = new Float64Array(n), b = new Float64Array(n);
  for (let i = 0; i < n; i++) { a[i] = i; b[i] = i % 7; }
  const out = new Int32Array(n);
  index.assign([{ type: Types.LONG, data: a }, { type: Types.LONG, data: b }], n, out);
  assert.equal(index.count, n);
  const small = new GroupKeyIndex([], new QueryMemory(1 << 20), 'GROUP BY keys');
  assert.throws(() => small.assign([{ type: Types.LONG, data: a }], n, out), (e: unknown) =>
    e instanceof SvcError && e.statusCode === 400 && /query memory limit exceeded \[what=GROUP BY keys, limit=1048576 bytes \(cairo.sql.hash.max.memory\)\]/.test(e.message));
});

test('SYMBOL tuples group through a direct table over their dictionaries; other dictionaries with equal texts meet the same groups', () => {
  const index = new GroupKeyIndex([]);
  const a = texts(['x', 'y', 'x', null, 'y'], Types.SYMBOL), b = texts(['p', 'p', 'p', 'q', null], Types.SYMBOL);
  assert.deepEqual(ids(index, [a, b], 5), [0, 1, 0, 2, 3]);
  // Dictionaries of 1,000 and 500 values: (1,000 + 1) × (500 + 1) slots of 4 bytes, for two rows.
  const wide = new GroupKeyIndex([]);
  const many = (n: number): MemorySymbolTable => new MemorySymbolTable(Array.from({ length: n }, (_x, k) => `v${k}`));
  const left: Vector = { type: Types.SYMBOL, data: Int32Array.of(3, 999), symbols: many(1000) };
  const right: Vector = { type: Types.SYMBOL, data: Int32Array.of(-1, 499), symbols: many(500) };
  assert.deepEqual(ids(wide, [left, right], 2), [0, 1]);
  assert.ok(wide.bytes >= 1001 * 501 * 4, `${wide.bytes} bytes`);
  // Same texts in dictionaries of another order: the groups of the encoded rows.
  const c = texts([null, 'y', 'x'], Types.SYMBOL), e = texts(['q', null, 'p'], Types.SYMBOL);
  assert.deepEqual(ids(index, [c, e], 3), [2, 3, 0]);
  assert.deepEqual(ids(index, [a, b], 5), [0, 1, 0, 2, 3]);
  assert.deepEqual(ids(index, [c, e], 3, true), [2, 3, 0]);
});
