import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { S3ObjectStore } from './s3-object-store';
import { S3TestServer } from './s3-test-server';

const server = new S3TestServer();
let store: S3ObjectStore;
const dir = mkdtempSync(join(tmpdir(), 'svc-s3-store-'));

before(async () => {
  await server.start();
  store = new S3ObjectStore(server.settings('unit'));
});
after(async () => {
  store.close();
  await server.dispose();
  rmSync(dir, { recursive: true, force: true });
});

function bytes(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) & 0xff;
  return b;
}

test('a small file is one verified PUT whose ETag is its MD5', async () => {
  const path = join(dir, 'small.bin');
  const data = bytes(100_000, 1);
  writeFileSync(path, data);
  const info = await store.uploadFile('t/small.bin', path);
  assert.equal(info.size, data.length);
  assert.equal(info.etag, createHash('md5').update(data).digest('hex'));
  assert.deepEqual(readFileSync(server.objectFile('unit/t/small.bin')), data);
});

test('a file larger than a part is a multipart upload, verified and complete', async () => {
  const path = join(dir, 'big.bin');
  const data = bytes(11 * 1024 * 1024 + 17, 2);
  writeFileSync(path, data);
  const info = await store.uploadFile('t/big.bin', path);
  assert.equal(info.size, data.length);
  assert.deepEqual(readFileSync(server.objectFile('unit/t/big.bin')), data);
});

test('a ranged read returns exactly the bytes asked', async () => {
  const data = bytes(5000, 3);
  await store.putBytes('t/range.bin', data);
  assert.deepEqual(Buffer.from(await store.read('t/range.bin', 1234, 100)), data.subarray(1234, 1334));
  assert.deepEqual(Buffer.from(await store.read('t/range.bin', 4990, 10)), data.subarray(4990));
});

test('a read past the end of an object is a 502 naming it', async () => {
  await store.putBytes('t/short.bin', bytes(10, 4));
  await assert.rejects(store.read('t/short.bin', 5, 10), (e: unknown) => e instanceof SvcError && e.statusCode === 502 && /short\.bin/.test(e.message));
});

test('head of a missing key is undefined; a read of it is a 502', async () => {
  assert.equal(await store.head('t/none'), undefined);
  await assert.rejects(store.read('t/none', 0, 1), (e: unknown) => e instanceof SvcError && e.statusCode === 502 && /missing/.test(e.message));
});

test('list pages through every key under a prefix', async () => {
  for (let i = 0; i < 3; i++) await store.putBytes(`l/k${i}`, bytes(3, i));
  const keys = (await store.list('l/')).map((o) => o.key).sort();
  assert.deepEqual(keys, ['l/k0', 'l/k1', 'l/k2']);
});

test('wrong credentials are a 503 saying the store refused them', async () => {
  const bad = new S3ObjectStore(server.settings('unit', { secretKey: 'wrong' }));
  try {
    await assert.rejects(bad.read('t/range.bin', 0, 10), (e: unknown) => e instanceof SvcError && e.statusCode === 503 && /refused the credentials/.test(e.message));
  } finally {
    bad.close();
  }
});

test('a missing bucket is a 503 naming it', async () => {
  const bad = new S3ObjectStore(server.settings('unit', { bucket: 'no-such-bucket' }));
  try {
    await assert.rejects(bad.putBytes('x', bytes(3, 0)), (e: unknown) => e instanceof SvcError && e.statusCode === 503 && /bucket does not exist/.test(e.message));
  } finally {
    bad.close();
  }
});

test('an unreachable store is a 503 saying it is unavailable', async () => {
  const bad = new S3ObjectStore(server.settings('unit', { endpoint: 'http://127.0.0.1:9', maxAttempts: 1, requestTimeoutMs: 2000 }));
  try {
    await assert.rejects(bad.read('t/range.bin', 0, 10), (e: unknown) => e instanceof SvcError && e.statusCode === 503 && /unavailable/.test(e.message));
  } finally {
    bad.close();
  }
});
