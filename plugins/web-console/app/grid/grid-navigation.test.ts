import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextCell } from './grid-navigation';

const size = { rows: 100, cols: 3, page: 20 };

test('arrows move one cell and stop at the edges', () => {
  assert.deepEqual(nextCell('ArrowDown', false, { row: 0, col: 0 }, size), { row: 1, col: 0 });
  assert.deepEqual(nextCell('ArrowLeft', false, { row: 0, col: 0 }, size), { row: 0, col: 0 });
  assert.deepEqual(nextCell('ArrowRight', false, { row: 0, col: 2 }, size), { row: 0, col: 2 });
});

test('pages, row ends and result ends', () => {
  assert.deepEqual(nextCell('PageDown', false, { row: 90, col: 1 }, size), { row: 99, col: 1 });
  assert.deepEqual(nextCell('End', false, { row: 5, col: 0 }, size), { row: 5, col: 2 });
  assert.deepEqual(nextCell('End', true, { row: 5, col: 1 }, size), { row: 99, col: 1 });
  assert.deepEqual(nextCell('Home', true, { row: 5, col: 1 }, size), { row: 0, col: 1 });
});

test('other keys do not move', () => {
  assert.equal(nextCell('a', false, { row: 0, col: 0 }, size), undefined);
});
