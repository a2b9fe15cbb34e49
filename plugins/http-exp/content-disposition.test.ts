import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentDisposition } from './content-disposition';

test('the default name carries the epoch millis', () =>
  assert.equal(contentDisposition(null, 'csv', 1700000000000), 'attachment; filename="svc-query-1700000000000.csv"'));
test('a filename gets the extension', () => assert.equal(contentDisposition('trades', 'parquet', 0), 'attachment; filename="trades.parquet"'));
test('a filename with the extension keeps it once', () => assert.equal(contentDisposition('x.csv', 'csv', 0), 'attachment; filename="x.csv"'));
test('quotes in a filename cannot break the header', () => assert.equal(contentDisposition('a"b', 'csv', 0), 'attachment; filename="a_b.csv"'));
