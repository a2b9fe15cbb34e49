import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvcError } from '../../../core/errors';
import { PatternCache } from './pattern-cache';

test('a pattern is compiled once and reused', () => {
  const cache = new PatternCache(4);
  assert.equal(cache.regex('^a+$', 0), cache.regex('^a+$', 0));
  assert.equal(cache.like('a%', false), cache.like('a%', false));
  assert.notEqual(cache.like('a%', false), cache.like('a%', true));
});

test('the least recently used pattern leaves a full cache', () => {
  const cache = new PatternCache(2);
  const a = cache.regex('a', 0);
  cache.regex('b', 0);
  cache.regex('a', 0);
  cache.regex('c', 0);
  assert.equal(cache.regex('a', 0), a);
});

test('the catastrophic pattern of a backtracking engine matches in linear time', () => {
  const re = new PatternCache().regex('^(a|aa)+$', 0);
  const started = performance.now();
  for (let i = 0; i < 2000; i++) assert.equal(re.test(`${'a'.repeat(30)}!`), false);
  assert.equal(re.test('a'.repeat(100_000)), true);
  assert.ok(performance.now() - started < 2000);
});

test('an unsupported construct is a 400 naming it, pointing into the literal', () => {
  assert.throws(() => new PatternCache().regex('(a)\\1', 10), (e: unknown) =>
    e instanceof SvcError && e.statusCode === 400 && e.position === 14 && /unsupported regex construct: backreference \\1/.test(e.message));
});

test('an invalid regex is a 400 at the pattern', () => {
  assert.throws(() => new PatternCache().regex('XJ**', 7), (e: unknown) =>
    e instanceof SvcError && e.statusCode === 400 && e.position === 7 && /^invalid regex: invalid nested repetition operator/.test(e.message));
});
