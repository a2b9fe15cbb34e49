import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { BlockCache } from './block-cache';
import { ColdObjectSource, VerifiedObjects } from './cold-object-source';
import { S3ObjectStore } from './s3-object-store';
import { S3TestServer } from './s3-test-server';

const server = new S3TestServer();
const dir = mkdtempSync(join(tmpdir(), 'svc-cold-source-'));
let store: S3ObjectStore;
const DATA = Buffer.alloc(300_000);
for (let i = 0; i < DATA.length; i++) DATA[i] = (i * 13) & 0xff;

before(async () => {
  await server.start();
  store = new S3ObjectStore(server.settings('src'));
});
after(async () => {
  store.close();
  await server.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(key: string): Promise<{ key: string; size: number; checksum: string }> {
  const info = await store.putBytes(key, DATA);
  return { key, size: info.size, checksum: `etag:${info.etag}` };
}

function source(remote: { key: string; size: number; checksum: string }, blockSize = 64 * 1024): ColdObjectSource {
  const cache = new BlockCache(join(dir, remote.key.replace(/\//g, '_')), 1 << 20, blockSize);
  cache.reset();
  return new ColdObjectSource(store, cache, new VerifiedObjects(), remote);
}

test('reads come back exactly, in shared memory, with ranged GETs of whole blocks', async () => {
  const s = source(await upload('a/ok.parquet'));
  server.resetRequests();
  const got = await s.read(299_990, 10);
  assert.ok(got.buffer instanceof SharedArrayBuffer);
  assert.deepEqual(Buffer.from(got), DATA.subarray(299_990));
  assert.equal(server.requests.heads, 1);
  assert.equal(server.requests.rangedGets, 1);
  assert.ok(server.requests.rangeBytes <= 64 * 1024);
  await s.read(299_000, 100);
  assert.equal(server.requests.rangedGets, 1, 'the second read came from the cache');
  assert.equal(server.requests.heads, 1, 'the object is checked once');
});

test('an object shorter than _txn recorded fails with 502 before any byte is used', async () => {
  const remote = await upload('a/short.parquet');
  truncateSync(server.objectFile('src/a/short.parquet'), 1000);
  rmSync(server.objectFile('src/a/short.parquet') + '.md5', { force: true });
  await assert.rejects(source(remote).read(0, 10), (e: unknown) => e instanceof SvcError && e.statusCode === 502 && /corrupt/.test(e.message));
});

test('an object replaced by other bytes of the same size fails with 502 (its ETag changed)', async () => {
  const remote = await upload('a/replaced.parquet');
  writeFileSync(server.objectFile('src/a/replaced.parquet'), Buffer.alloc(DATA.length, 1));
  rmSync(server.objectFile('src/a/replaced.parquet') + '.md5', { force: true });
  await assert.rejects(source(remote).read(0, 10), (e: unknown) => e instanceof SvcError && e.statusCode === 502 && /ETag/.test(e.message));
});

test('a deleted object fails with 502 saying it is missing', async () => {
  const remote = await upload('a/gone.parquet');
  await store.delete('a/gone.parquet');
  await assert.rejects(source(remote).read(0, 10), (e: unknown) => e instanceof SvcError && e.statusCode === 502 && /missing/.test(e.message));
});

test('a store that went down fails reads with 503; they work again when it is back', async () => {
  const s = source(await upload('a/outage.parquet'));
  server.mode = 'down';
  try {
    await assert.rejects(s.read(0, 10), (e: unknown) => e instanceof SvcError && e.statusCode === 503);
  } finally {
    server.release();
  }
  assert.deepEqual(Buffer.from(await s.read(0, 10)), DATA.subarray(0, 10));
});
