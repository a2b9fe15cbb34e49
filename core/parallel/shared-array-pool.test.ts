import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KernelRuntime } from './kernel-runtime';
import { float64Pool, int32Pool } from './shared-array-pool';

function runtime(slab?: Float64Array): KernelRuntime {
  const budget = new Int32Array(new SharedArrayBuffer(8));
  budget[1] = 0x7fffffff;
  return new KernelRuntime(new Int32Array(new SharedArrayBuffer(4)), budget, 'slab test', 100, undefined, slab);
}

test('a returned array serves the next request it is long enough for, once; a shorter one is not used for more', () => {
  const pool = int32Pool(8);
  const a = pool.take(1000);
  assert.ok(a.length >= 1000 && a.buffer instanceof SharedArrayBuffer);
  pool.give([a]);
  assert.equal(pool.take(500), a, 'the kept array is reused');
  assert.notEqual(pool.take(500), a, 'an array is handed out once');
  const small = pool.take(10);
  pool.give([small]);
  const big = pool.take(2000);
  assert.notEqual(big, small);
  assert.ok(big.length >= 2000);
});

test('a full pool keeps the longer arrays, and drops them all after its idle time', async () => {
  const pool = float64Pool(1, 50);
  const short = pool.take(100), long = pool.take(1000);
  assert.ok(long.buffer instanceof SharedArrayBuffer);
  pool.give([short, long]);
  assert.equal(pool.size, 1);
  assert.equal(pool.take(1), long, 'the longer one displaced the shorter');
  pool.give([long]);
  await new Promise((r) => setTimeout(r, 120));
  assert.equal(pool.size, 0);
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

test('a new array can be made with headroom, so a request a little longer than the first still reuses it', () => {
  const pool = float64Pool(4);
  const a = pool.take(1000, 1.25);
  assert.equal(a.length, 1250);
  pool.give([a]);
  assert.equal(pool.take(1200), a);
  assert.equal(pool.take(7, 1).length, 7);
});
