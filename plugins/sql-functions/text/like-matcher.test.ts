import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LikeMatcher } from './like-matcher';

const like = (pattern: string, value: string, insensitive = false): boolean => new LikeMatcher(pattern, insensitive).test(value);

test('% matches any run and _ exactly one character', () => {
  assert.equal(like('a%c', 'abbbc'), true);
  assert.equal(like('a%c', 'abbbd'), false);
  assert.equal(like('a_c', 'abc'), true);
  assert.equal(like('a_c', 'abbc'), false);
  assert.equal(like('%', ''), true);
  assert.equal(like('', ''), true);
  assert.equal(like('', 'x'), false);
  assert.equal(like('%b%', 'abc'), true);
  assert.equal(like('%%b%%', 'abc'), true);
  assert.equal(like('a%', 'a'), true);
  assert.equal(like('%a', 'ba'), true);
  assert.equal(like('%ab%ab', 'ab'), false);
  assert.equal(like('%ab%ab', 'abab'), true);
});

test('wildcard segments are found leftmost and the last one sits at the end', () => {
  assert.equal(like('%a_c%', 'xxabcxx'), true);
  assert.equal(like('%a_c', 'xxabcxaxc'), true);
  assert.equal(like('%a_c', 'xxabcxax'), false);
  assert.equal(like('_%_', 'ab'), true);
  assert.equal(like('_%_', 'a'), false);
  assert.equal(like('%_b_%', 'abc'), true);
});

test('a backslash makes % and _ literal', () => {
  assert.equal(like('100\\%', '100%'), true);
  assert.equal(like('100\\%', '1000'), false);
  assert.equal(like('a\\_b', 'a_b'), true);
  assert.equal(like('a\\_b', 'axb'), false);
});

test('_ takes a whole code point and ILIKE ignores case', () => {
  assert.equal(like('a_b', 'a😀b'), true);
  assert.equal(like('ABC%', 'abcdef', true), true);
  assert.equal(like('%ÉTÉ', 'un été', true), true);
  assert.equal(like('ABC%', 'abcdef'), false);
});

test('many % over a long value that does not match runs in linear time', () => {
  const value = 'a'.repeat(200_000);
  const started = performance.now();
  assert.equal(like('%a%a%a%a%a%a%a%b', value), false);
  assert.equal(like('%a_a%a_a%a_a%a_b', value), false);
  assert.ok(performance.now() - started < 2000);
});
