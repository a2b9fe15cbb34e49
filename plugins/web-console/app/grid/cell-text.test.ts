import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnWidths } from './column-widths';
import { cellText, isNumericType } from './cell-text';

test('null reads as null; numbers, booleans and strings as themselves; arrays as JSON', () => {
  assert.equal(cellText(null), 'null');
  assert.equal(cellText(1.5), '1.5');
  assert.equal(cellText('9007199254740993'), '9007199254740993');
  assert.equal(cellText(false), 'false');
  assert.equal(cellText([[1, 2], [3, 4]]), '[[1,2],[3,4]]');
});

test('numeric types are right-aligned', () => {
  assert.ok(isNumericType('LONG') && isNumericType('DECIMAL(7,1)'));
  assert.ok(!isNumericType('TIMESTAMP') && !isNumericType('SYMBOL'));
});

test('widths follow the longest value, within bounds', () => {
  const w = columnWidths([{ name: 'x', type: 'INT' }, { name: 'text', type: 'VARCHAR' }], [[1, 'a'.repeat(500)]]);
  assert.equal(w[0], 64);
  assert.equal(w[1], 460);
});
