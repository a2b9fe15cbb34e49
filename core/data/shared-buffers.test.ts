import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COLLECT_BYTES, followCollections, sharedBuffer, sharedCollections } from './shared-buffers';

test('shared buffers nothing references are freed while more are made: 3 GB made in 32 MB pieces stay within 1 GB', async () => {
  const before = process.memoryUsage.rss();
  const collectionsBefore = sharedCollections();
  let peak = before;
  let last: Uint8Array | undefined;
  for (let made = 0; made < 3 * 1024 ** 3; made += 32 << 20) {
    last = new Uint8Array(sharedBuffer(32 << 20));
    last.fill(1);
    peak = Math.max(peak, process.memoryUsage.rss());
    // A server's thread turns its event loop between batches: the major collection runs as a task.
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(last?.[0], 1);
  assert.ok(sharedCollections() - collectionsBefore >= Math.floor((3 * 1024 ** 3) / COLLECT_BYTES) - 1);
  assert.ok(peak - before < 1024 ** 3, `grew by ${((peak - before) / 1048576).toFixed(0)} MB`);
});

test('a worker collects once per collection of the main thread it has not followed yet, never for buffers it only reads', () => {
  const before = sharedCollections();
  assert.equal(followCollections(0), false);
  assert.equal(followCollections(3), true);
  assert.equal(sharedCollections(), before + 1);
  assert.equal(followCollections(3), false);
  assert.equal(followCollections(2), false);
  assert.equal(followCollections(4), true);
  assert.equal(sharedCollections(), before + 2);
});
