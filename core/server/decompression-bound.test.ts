import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DECOMPRESSION_GRACE, decompressionRefusal } from './decompression-bound';

test('a body within the grace passes whatever its ratio', () => {
  assert.equal(decompressionRefusal('gzip request body', 1, DECOMPRESSION_GRACE, 1000), undefined);
});

test('past the grace a body expanding more than the ratio is refused, naming the key', () => {
  const refusal = decompressionRefusal('gzip request body', 20_000, 20_000 * 1001, 1000);
  assert.match(refusal ?? '', /^gzip request body expands more than 1000 times \(20020000 bytes from 20000, 1001x\) \[http\.decompression\.ratio\.limit=1000\]$/);
  assert.equal(decompressionRefusal('gzip request body', 20_000, 20_000 * 1000, 1000), undefined);
});

test('a ratio of 0 turns the bound off', () => {
  assert.equal(decompressionRefusal('br request body', 1, 1e12, 0), undefined);
});
