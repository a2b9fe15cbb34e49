import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capLimit, parseExecLimit } from './exec-limit';

test('limit=n sends rows 1..n', () => assert.deepEqual(parseExecLimit('10'), { kind: 'range', lo: 0, hi: 10 }));
test('limit=a,b sends rows a..b inclusive', () => assert.deepEqual(parseExecLimit('10,20'), { kind: 'range', lo: 9, hi: 20 }));
test('limit=1,10 equals limit=10', () => assert.deepEqual(parseExecLimit('1,10'), parseExecLimit('10')));
test('limit=a, sends rows a..end', () => assert.deepEqual(parseExecLimit('5,'), { kind: 'range', lo: 4, hi: undefined }));
test('limit=0 sends no rows', () => assert.deepEqual(parseExecLimit('0'), { kind: 'range', lo: 0, hi: 0 }));
test('limit=-n sends the last n rows through the engine', () => assert.deepEqual(parseExecLimit('-20'), { kind: 'tail', window: { lo: -20 }, max: undefined }));
test('limit=-m,-n is SQL LIMIT -m,-n', () => assert.deepEqual(parseExecLimit('-5,-3'), { kind: 'tail', window: { lo: -5, hi: -3 }, max: undefined }));
test('an unparseable limit is ignored', () => {
  assert.deepEqual(parseExecLimit('abc'), { kind: 'all' });
  assert.deepEqual(parseExecLimit('1,x'), { kind: 'all' });
  assert.deepEqual(parseExecLimit(null), { kind: 'all' });
});
test('b before a sends no rows', () => assert.deepEqual(parseExecLimit('20,10'), { kind: 'range', lo: 19, hi: 19 }));
test('max response rows caps every form', () => {
  assert.deepEqual(capLimit(parseExecLimit(null), 5), { kind: 'range', lo: 0, hi: 5 });
  assert.deepEqual(capLimit(parseExecLimit('3,'), 5), { kind: 'range', lo: 2, hi: 7 });
  assert.deepEqual(capLimit(parseExecLimit('-9'), 5), { kind: 'tail', window: { lo: -9 }, max: 5 });
  assert.deepEqual(capLimit(parseExecLimit('10'), Number.MAX_SAFE_INTEGER), { kind: 'range', lo: 0, hi: 10 });
});
