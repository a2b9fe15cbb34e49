import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';

const { DOUBLE, VARCHAR } = Types;
import { batchRowsFor, MAX_BATCH_ROWS } from './batch-rows';

test('a narrow table keeps full 64K-row batches', () => assert.equal(batchRowsFor([DOUBLE, DOUBLE, VARCHAR], 16 << 20), MAX_BATCH_ROWS));
test('a 20,000-column table gets batches that fit the budget', () => {
  const rows = batchRowsFor(Array.from({ length: 20000 }, () => VARCHAR), 16 << 20);
  assert.equal(rows, Math.floor((16 << 20) / (2 * 20000 * 24)));
  assert.ok(rows * 20000 * 24 * 2 <= 16 << 20);
});
test('a row wider than the budget still makes one-row batches', () => assert.equal(batchRowsFor([VARCHAR], 1), 1));
