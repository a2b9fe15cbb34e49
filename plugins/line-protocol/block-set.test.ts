import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BlockSet } from './block-set';

const name = (s: string): Uint8Array => Buffer.from(s);

test('a table\'s new block starts with room for as many rows as its last block had', () => {
  const set = new BlockSet(10);
  const a = name('a');
  const first = set.blockFor(a, 0, 1, 1)!;
  assert.equal(first.timestamps.length, 1024);
  for (let i = 0; i < 5000; i++) first.endRow(i, i + 1);
  set.clear();
  const next = set.blockFor(a, 0, 1, 5001)!;
  assert.equal(next.timestamps.length, 8192);
  // A table not seen before, and one whose last block was small, start at the default.
  assert.equal(set.blockFor(name('b'), 0, 1, 5002)!.timestamps.length, 1024);
  next.endRow(0, 5001);
  set.clear();
  assert.equal(set.blockFor(a, 0, 1, 5003)!.timestamps.length, 1024);
});

test('the room is capped at 2^20 rows', () => {
  const set = new BlockSet(10);
  const block = set.blockFor(name('big'), 0, 3, 1)!;
  for (let i = 0; i < 1_200_000; i++) block.endRow(i, i + 1);
  set.clear();
  assert.equal(set.blockFor(name('big'), 0, 3, 1)!.timestamps.length, 1 << 20);
});
