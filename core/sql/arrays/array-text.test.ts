import assert from 'node:assert/strict';
import test from 'node:test';
import { parseArrayText } from './array-text';

test('PostgreSQL array literals of one and two dimensions', () => {
  assert.deepEqual(parseArrayText('{1,2.5,-3e2}', 1), { elements: [1, 2.5, -300], shape: [3] });
  assert.deepEqual(parseArrayText(' { {1, 2} , {3, 4} } ', 2), { elements: [1, 2, 3, 4], shape: [2, 2] });
  assert.deepEqual(parseArrayText('{}', 1), { elements: [], shape: [0] });
});

test('quoted elements (pgjdbc), NULL, NaN and infinities', () => {
  const v = parseArrayText('{"1.0",NULL,"NaN",Infinity,-Infinity}', 1);
  assert.deepEqual(v?.shape, [5]);
  assert.deepEqual(v?.elements.map((x) => (Number.isNaN(x) ? 'nan' : x)), [1, 'nan', 'nan', Infinity, -Infinity]);
});

test('the bracketed form svc prints', () => {
  assert.deepEqual(parseArrayText('[[1.5,2.0],[3.0,4.5]]', 2), { elements: [1.5, 2, 3, 4.5], shape: [2, 2] });
});

test('text that is not an array of the dimensions asked for is refused', () => {
  for (const [text, dims] of [['{1,{2}}', 1], ['{{1},{2,3}}', 2], ['{1,2}', 2], ['{a}', 1], ['{1,2', 1], ['{1}x', 1], ['1,2', 1], ['{1]', 1]] as const) {
    assert.equal(parseArrayText(text, dims), undefined, text);
  }
});
