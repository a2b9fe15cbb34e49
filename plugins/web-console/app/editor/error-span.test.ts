import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorSpan } from './error-span';

test('the word at the position is underlined', () => {
  const sql = 'select x frm t';
  assert.deepEqual(errorSpan(sql, 9), { from: 9, to: 12 });
});

test('a quoted string is underlined to its closing quote', () => {
  assert.deepEqual(errorSpan("select 'abc' x", 7), { from: 7, to: 12 });
});

test('an operator is one character', () => {
  assert.deepEqual(errorSpan('select 1 ) 2', 9), { from: 9, to: 10 });
});

test('an error at the end of the text underlines the last character', () => {
  assert.deepEqual(errorSpan('select * from', 13), { from: 12, to: 13 });
  assert.deepEqual(errorSpan('select (\n', 9), { from: 7, to: 8 });
});
