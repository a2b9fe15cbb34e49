import assert from 'node:assert/strict';
import { test } from 'node:test';
import { xxhash64 } from './xxhash64';

const h = (s: string): string => xxhash64(new TextEncoder().encode(s)).toString(16).padStart(16, '0');

test('XXH64 matches QuestDB vectors for short and long inputs', () => {
  assert.equal(h(''), 'ef46db3751d8e999');
  assert.equal(h('a'), 'd24ec4f1a98c6e5b');
  assert.equal(h('abc'), '44bc2cf5ad770999');
  assert.equal(h('Nobody inspects the spammish repetition'), 'fbcea83c8a378bf1');
});
