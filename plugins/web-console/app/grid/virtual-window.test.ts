import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scrollTopFor, virtualWindow } from './virtual-window';

const base = { viewportHeight: 260, rowHeight: 26, overscan: 2 };

test('only the rows in view and a few around them are rendered', () => {
  const w = virtualWindow({ ...base, scrollTop: 2600, rowCount: 100_000 });
  assert.deepEqual(w, { first: 98, last: 113, top: 98 * 26, bodyHeight: 2_600_000 });
});

test('the window stops at the last row', () => {
  const w = virtualWindow({ ...base, scrollTop: 2_600_000 - 260, rowCount: 100_000 });
  assert.equal(w.last, 100_000);
  assert.ok(w.last - w.first <= 14);
});

test('a result taller than the browser allows maps the scroll range onto all rows', () => {
  const rowCount = 10_000_000;
  const bottom = virtualWindow({ ...base, scrollTop: 8_000_000 - 260, rowCount });
  assert.equal(bottom.bodyHeight, 8_000_000);
  assert.equal(bottom.last, rowCount);
  assert.equal(bottom.top + (rowCount - bottom.first) * 26, 8_000_000 - 260 + 260);
  const middle = virtualWindow({ ...base, scrollTop: (8_000_000 - 260) / 2, rowCount });
  assert.ok(Math.abs(middle.first + 2 - rowCount / 2) < 10);
});

test('scrollTopFor is the inverse of the window', () => {
  for (const rowCount of [1000, 10_000_000]) {
    const row = Math.floor(rowCount / 2);
    const w = virtualWindow({ ...base, scrollTop: scrollTopFor(row, { ...base, rowCount }), rowCount });
    assert.ok(Math.abs(w.first + 2 - row) <= 1, `rowCount=${rowCount} first=${w.first}`);
  }
});
