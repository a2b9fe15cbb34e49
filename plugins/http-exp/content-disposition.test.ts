import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentDisposition } from './content-disposition';

test('the default name carries the epoch millis', () =>
  assert.equal(contentDisposition(null, 'csv', 1700000000000), 'attachment; filename="svc-query-1700000000000.csv"'));
test('a filename gets the extension', () => assert.equal(contentDisposition('trades', 'parquet', 0), 'attachment; filename="trades.parquet"'));
test('a filename with the extension keeps it once', () => assert.equal(contentDisposition('x.CSV', 'csv', 0), 'attachment; filename="x.CSV"'));
test('quotes in a filename cannot break the header', () => assert.equal(contentDisposition('a"b', 'csv', 0), 'attachment; filename="a_b.csv"'));
test('control characters become underscores', () =>
  assert.equal(contentDisposition('a\u0000b\u0001c\u007fd\r\ne', 'csv', 0), 'attachment; filename="a_b_c_d__e.csv"'));
test('a non-ASCII name is sent as filename* with an ASCII fallback', () =>
  assert.equal(contentDisposition('€ price', 'csv', 0), 'attachment; filename="_ price.csv"; filename*=UTF-8\'\'%E2%82%AC%20price.csv'));
test('Latin-1 letters go through filename* too', () =>
  assert.equal(contentDisposition('café', 'parquet', 0), 'attachment; filename="caf_.parquet"; filename*=UTF-8\'\'caf%C3%A9.parquet'));
test('characters outside attr-char are percent-encoded in filename*', () =>
  assert.match(contentDisposition("é'()*", 'csv', 0), /filename\*=UTF-8''%C3%A9%27%28%29%2A\.csv$/));
test('every single character of U+0000..U+00FF gives a valid header value', () => {
  for (let c = 0; c < 256; c++) {
    const value = contentDisposition(`x${String.fromCharCode(c)}y`, 'csv', 0);
    assert.match(value, /^[\x20-\x7e]*$/, `char ${c}`);
  }
});
test('a long name is cut to 200 characters before the extension', () => {
  const value = contentDisposition('n'.repeat(5000), 'csv', 0);
  assert.equal(value, `attachment; filename="${'n'.repeat(200)}.csv"`);
});
