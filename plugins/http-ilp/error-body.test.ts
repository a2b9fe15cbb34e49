import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineError } from '../line-protocol/line-error';
import { errorBody } from './error-body';

test('a line error names its line after QuestDB\'s prefix', () => {
  assert.equal(errorBody(new LineError('No fields were provided', 3), 'abcdef012345-7'),
    '{"code":"invalid","message":"failed to parse line protocol:errors encountered on line(s):\\nerror in line 3: No fields were provided","line":3,"errorId":"abcdef012345-7"}');
});

test('a request-level error has the prefix, no line break and line 0 (QuestDB 9.4.4)', () => {
  assert.equal(errorBody(LineError.request('unsupported precision', 'not supported', 400), 'x-1'),
    '{"code":"not supported","message":"failed to parse line protocol:errors encountered on line(s):unsupported precision","line":0,"errorId":"x-1"}');
});

test('an error of the commit has neither prefix nor line', () => {
  assert.equal(errorBody(new LineError('table busy', undefined, 'retry operation'), 'x-3'),
    '{"code":"retry operation","message":"table busy","errorId":"x-3"}');
});

test('quotes, control characters and long values are escaped and cut', () => {
  const body = JSON.parse(errorBody(new LineError(`v "${'z'.repeat(10000)}\u0001`, 1), 'x-2')) as { message: string };
  assert.ok(body.message.length < 4300);
  assert.ok(body.message.endsWith('...'));
});
