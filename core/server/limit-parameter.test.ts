import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLimitParameter } from './limit-parameter';

test('n is the first n rows', () => assert.deepEqual(parseLimitParameter('20'), { lo: 0, hi: 20 }));
test('a,b is rows a..b inclusive counted from 1', () => assert.deepEqual(parseLimitParameter('10,20'), { lo: 9, hi: 20 }));
test('0,b and 1,b equal b', () => {
  assert.deepEqual(parseLimitParameter('0,20'), { lo: 0, hi: 20 });
  assert.deepEqual(parseLimitParameter('1,20'), { lo: 0, hi: 20 });
});
test('a, runs to the end', () => assert.deepEqual(parseLimitParameter('5,'), { lo: 4 }));
test('0 is no rows', () => assert.deepEqual(parseLimitParameter('0'), { lo: 0, hi: 0 }));
test('b before a is empty', () => assert.deepEqual(parseLimitParameter('10,5'), { lo: 9, hi: 9 }));
test('-n is the last n rows', () => assert.deepEqual(parseLimitParameter('-20'), { lo: -20 }));
test('-m,-n is SQL LIMIT -m,-n, either order', () => {
  assert.deepEqual(parseLimitParameter('-5,-3'), { lo: -5, hi: -3 });
  assert.deepEqual(parseLimitParameter('-3,-5'), { lo: -5, hi: -3 });
});
test('m,-n drops m first and n last rows', () => assert.deepEqual(parseLimitParameter('2,-1'), { lo: 2, hi: -1 }));
test('text that is no limit is ignored', () => {
  for (const t of [null, '', 'abc', '1,x', '1.5', '1,2,3', '99999999999999999999']) assert.equal(parseLimitParameter(t), undefined, String(t));
});
