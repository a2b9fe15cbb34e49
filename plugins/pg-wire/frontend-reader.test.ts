import assert from 'node:assert/strict';
import test from 'node:test';
import { serialize } from 'pg-protocol';
import { FrontendReader } from './frontend-reader';

test('messages are cut from any split of the byte stream', () => {
  const bytes = Buffer.concat([serialize.query('SELECT 1'), serialize.sync(), serialize.query('SELECT 2')]);
  const r = new FrontendReader(1024);
  r.startup = false;
  const got: string[] = [];
  for (let i = 0; i < bytes.length; i++) {
    r.push(bytes.subarray(i, i + 1));
    for (let m = r.next(); m; m = r.next()) got.push(`${String.fromCharCode(m.type)}:${m.body.toString('latin1')}`);
  }
  assert.deepEqual(got, ['Q:SELECT 1\u0000', 'S:', 'Q:SELECT 2\u0000']);
});

test('a declared length past the limit is refused before its bytes arrive', () => {
  const r = new FrontendReader(1024);
  r.startup = false;
  const head = Buffer.from([0x51, 0x7f, 0xff, 0xff, 0xff]);
  r.push(head);
  assert.throws(() => r.next(), /message too large \[length=2147483647, max=1024\]/);
});

test('start-up packets have no type byte and a 10,000-byte limit', () => {
  const r = new FrontendReader(1 << 20);
  r.push(serialize.startup({ user: 'admin' }));
  const m = r.next();
  assert.equal(m?.type, 0);
  const big = Buffer.alloc(8);
  big.writeInt32BE(20_000, 0);
  r.push(big);
  assert.throws(() => r.next(), /message too large/);
});
