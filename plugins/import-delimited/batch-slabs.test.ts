import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../core/data/column-batch';
import { Types } from '../../core/data/column-type';
import { SlabPool } from './batch-slabs';

function batch(rows: number): ColumnBatch {
  const ids = Float64Array.from({ length: rows }, (_, i) => i * 1.5);
  const keys = Int32Array.from({ length: rows }, (_, i) => i % 3);
  const text = new TextEncoder().encode('x'.repeat(rows));
  const offsets = Int32Array.from({ length: rows + 1 }, (_, i) => i);
  const nulls = Uint8Array.from({ length: rows }, (_, i) => (i % 2));
  const exact = BigInt64Array.from({ length: rows }, (_, i) => BigInt(i) << 60n);
  return { rowCount: rows, vectors: [
    { type: Types.DOUBLE, data: ids }, { type: Types.INT, data: keys },
    { type: Types.VARCHAR, data: text, offsets, nulls }, { type: Types.LONG, data: ids, exact },
  ] };
}

test('a shared batch holds the same values, every array a view of its own kind on one slab', () => {
  const source = batch(3000);
  const wire = new SlabPool().share(source);
  assert.equal(wire.rowCount, 3000);
  assert.ok(wire.slab instanceof SharedArrayBuffer);
  wire.vectors.forEach((w, i) => {
    const v = source.vectors[i];
    for (const [a, b] of [[w.data, v.data], [w.offsets, v.offsets], [w.nulls, v.nulls], [w.exact, v.exact]] as const) {
      assert.equal(a?.constructor, b?.constructor);
      if (!a || !b) continue;
      assert.equal(a.buffer, wire.slab);
      assert.equal(a.byteOffset % 8, 0);
      assert.deepEqual(Array.from(a as ArrayLike<number | bigint>), Array.from(b as ArrayLike<number | bigint>));
    }
  });
});

test('a slab given back is reused for a batch that fits, and a larger batch gets a new one', () => {
  const pool = new SlabPool();
  const first = pool.share(batch(3000)).slab;
  assert.ok(first);
  pool.give([first]);
  assert.equal(pool.share(batch(2900)).slab, first);
  pool.give([first]);
  assert.notEqual(pool.share(batch(30000)).slab, first);
});

test('a small batch goes as it is, for postMessage to copy', () => {
  const source = batch(5);
  const wire = new SlabPool().share(source);
  assert.equal(wire.slab, undefined);
  assert.equal(wire.vectors[0].data, source.vectors[0].data);
});
