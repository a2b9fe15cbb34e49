import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { BlockCache, RangeFetch } from './block-cache';

const root = mkdtempSync(join(tmpdir(), 'svc-block-cache-'));
after(() => rmSync(root, { recursive: true, force: true }));

const OBJECT = Buffer.alloc(10_000);
for (let i = 0; i < OBJECT.length; i++) OBJECT[i] = (i * 7) & 0xff;

function counting(): { fetch: RangeFetch; calls: [number, number][] } {
  const calls: [number, number][] = [];
  return {
    calls,
    fetch: async (offset, length) => {
      calls.push([offset, length]);
      await new Promise((r) => setTimeout(r, 5));
      return OBJECT.subarray(offset, offset + length);
    },
  };
}

let n = 0;
function cache(maxBytes: number, blockSize: number): BlockCache {
  const c = new BlockCache(join(root, `c${++n}`), maxBytes, blockSize);
  c.reset();
  return c;
}

function diskBytes(dir: string): number {
  let total = 0;
  for (const sub of readdirSync(dir)) for (const f of readdirSync(join(dir, sub))) total += statSync(join(dir, sub, f)).size;
  return total;
}

test('a read fetches only the aligned blocks covering it, in one GET', async () => {
  const c = cache(1 << 20, 1000);
  const { fetch, calls } = counting();
  const got = await c.read('o', OBJECT.length, 2500, 1000, fetch);
  assert.deepEqual(Buffer.from(got), OBJECT.subarray(2500, 3500));
  assert.deepEqual(calls, [[2000, 2000]]);
});

test('the same range read again comes from the cache', async () => {
  const c = cache(1 << 20, 1000);
  const { fetch, calls } = counting();
  await c.read('o', OBJECT.length, 100, 50, fetch);
  const got = await c.read('o', OBJECT.length, 120, 10, fetch);
  assert.deepEqual(Buffer.from(got), OBJECT.subarray(120, 130));
  assert.equal(calls.length, 1);
  assert.equal(c.stats().hits, 1);
});

test('a read over cached and missing blocks fetches only the missing ones', async () => {
  const c = cache(1 << 20, 1000);
  const { fetch, calls } = counting();
  await c.read('o', OBJECT.length, 3000, 10, fetch);
  const got = await c.read('o', OBJECT.length, 1500, 4000, fetch);
  assert.deepEqual(Buffer.from(got), OBJECT.subarray(1500, 5500));
  assert.deepEqual(calls, [[3000, 1000], [1000, 2000], [4000, 2000]]);
});

test('the last block is as short as the object', async () => {
  const c = cache(1 << 20, 3000);
  const { fetch, calls } = counting();
  const got = await c.read('o', OBJECT.length, 9990, 10, fetch);
  assert.deepEqual(Buffer.from(got), OBJECT.subarray(9990));
  assert.deepEqual(calls, [[9000, 1000]]);
});

test('concurrent reads of one missing block share one GET', async () => {
  const c = cache(1 << 20, 1000);
  const { fetch, calls } = counting();
  const [a, b] = await Promise.all([c.read('o', OBJECT.length, 10, 5, fetch), c.read('o', OBJECT.length, 20, 5, fetch)]);
  assert.deepEqual(Buffer.from(a), OBJECT.subarray(10, 15));
  assert.deepEqual(Buffer.from(b), OBJECT.subarray(20, 25));
  assert.equal(calls.length, 1);
});

test('the cache never holds more than its bound: least recently used blocks go first', async () => {
  const dirBefore = n + 1;
  const c = cache(3000, 1000);
  const { fetch, calls } = counting();
  for (let b = 0; b < 10; b++) await c.read('o', OBJECT.length, b * 1000, 1000, fetch);
  assert.ok(c.stats().cachedBytes <= 3000);
  assert.ok(diskBytes(join(root, `c${dirBefore}`)) <= 3000);
  await c.read('o', OBJECT.length, 9000, 10, fetch); // newest: still cached
  assert.equal(calls.length, 10);
  const got = await c.read('o', OBJECT.length, 0, 10, fetch); // oldest: evicted, fetched again
  assert.deepEqual(Buffer.from(got), OBJECT.subarray(0, 10));
  assert.equal(calls.length, 11);
});

test('objects are told apart by id', async () => {
  const c = cache(1 << 20, 1000);
  const other = Buffer.alloc(10_000, 9);
  await c.read('a', OBJECT.length, 0, 10, counting().fetch);
  const got = await c.read('b', other.length, 0, 10, async (o, l) => other.subarray(o, o + l));
  assert.deepEqual(Buffer.from(got), other.subarray(0, 10));
});

test('a failed fetch fails the read and caches nothing', async () => {
  const c = cache(1 << 20, 1000);
  await assert.rejects(c.read('o', OBJECT.length, 0, 10, async () => { throw new Error('store down'); }), /store down/);
  const { fetch, calls } = counting();
  await c.read('o', OBJECT.length, 0, 10, fetch);
  assert.equal(calls.length, 1);
});
