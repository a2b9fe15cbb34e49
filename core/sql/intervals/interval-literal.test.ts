import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseIntervalLiteral } from './interval-literal';

const us = (iso: string): number => Date.parse(iso) * 1000;

test('a day is its first to last microsecond', () => {
  assert.deepEqual(parseIntervalLiteral('2025-03-01'), [{ lo: us('2025-03-01T00:00:00Z'), hi: us('2025-03-02T00:00:00Z') - 1 }]);
});

test('a modifier moves the upper bound', () => {
  assert.deepEqual(parseIntervalLiteral('2025-03-01T00;1h'), [{ lo: us('2025-03-01T00:00:00Z'), hi: us('2025-03-01T02:00:00Z') - 1 }]);
});

test('a month covers its calendar days', () => {
  assert.equal(parseIntervalLiteral('2025-02')?.[0].hi, us('2025-03-01T00:00:00Z') - 1);
});

test('period and count repeat the interval', () => {
  const list = parseIntervalLiteral('2025-01-01T00:00;1h;1d;3');
  assert.equal(list?.length, 3);
  assert.equal(list?.[2].lo, us('2025-01-03T00:00:00Z'));
});

test('text that is not a timestamp is not an interval', () => assert.equal(parseIntervalLiteral('abc'), undefined));
