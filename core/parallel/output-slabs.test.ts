import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KernelRuntime } from './kernel-runtime';
import { returnSlabs, takeSlab } from './output-slabs';

function runtime(slab?: Float64Array): KernelRuntime {
  const budget = new Int32Array(new SharedArrayBuffer(8));
  budget[1] = 0x7fffffff;
  return new KernelRuntime(new Int32Array(new SharedArrayBuffer(4)), budget, 'slab test', 100, undefined, slab);
}

test('a slab is shared memory, and a returned one serves the next request that fits', () => {
  const a = takeSlab(1000);
  assert.ok(a.buffer instanceof SharedArrayBuffer);
  assert.ok(a.length >= 1000);
  returnSlabs([a]);
  assert.equal(takeSlab(500), a, 'the kept slab is reused');
  const b = takeSlab(500);
  assert.notEqual(b, a, 'a slab is handed out once');
  returnSlabs([a, b]);
});

test('a kernel carves zeroed arrays out of its slab, stale contents and all, then falls back to fresh ones', () => {
  const slab = new Float64Array(new SharedArrayBuffer(10 * 8)).fill(7);
  const rt = runtime(slab);
  const x = rt.zeros(4), y = rt.zeros(6), z = rt.zeros(3);
  assert.deepEqual([...x], [0, 0, 0, 0]);
  assert.deepEqual([...y], [0, 0, 0, 0, 0, 0]);
  assert.equal(x.buffer, slab.buffer);
  assert.equal(y.buffer, slab.buffer);
  assert.equal(y.byteOffset, 4 * 8, 'arrays do not overlap');
  assert.notEqual(z.buffer, slab.buffer, 'past the slab: a fresh array');
  assert.deepEqual([...z], [0, 0, 0]);
  assert.notEqual(runtime().zeros(2).buffer instanceof SharedArrayBuffer, true);
});
