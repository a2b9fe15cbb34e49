import assert from 'node:assert/strict';
import { test } from 'node:test';
import { returnSelection, takeSelection } from './selection-pool';

test('a returned selection vector is handed out again, a smaller one is not used for more rows', () => {
  const a = takeSelection(1000);
  assert.ok(a.length >= 1000 && a.buffer instanceof SharedArrayBuffer);
  returnSelection(a);
  assert.equal(takeSelection(500), a);
  const small = takeSelection(10);
  returnSelection(small);
  const big = takeSelection(2000);
  assert.notEqual(big, small);
  assert.ok(big.length >= 2000);
});
