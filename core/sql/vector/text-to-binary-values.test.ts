import assert from 'node:assert/strict';
import test from 'node:test';
import { parseGeohash, parseLong256 } from './text-to-binary-values';

test('a hex LONG256 fills the least significant bytes first', () => {
  const b = parseLong256('0x1a2b');
  assert.ok(b);
  assert.deepEqual([...b.subarray(0, 3)], [0x2b, 0x1a, 0]);
  assert.ok(b.subarray(2).every((x) => x === 0));
});

test('an odd number of hex digits keeps the leading digit as the high nibble', () => {
  const b = parseLong256('0xabc');
  assert.ok(b);
  assert.deepEqual([...b.subarray(0, 2)], [0xbc, 0x0a]);
});

test('a full 64-digit LONG256 puts its first digits in the most significant word', () => {
  const b = parseLong256('0x' + 'ff' + '00'.repeat(30) + '01');
  assert.ok(b);
  assert.equal(b[0], 1);
  assert.equal(b[31], 0xff);
});

test('text without 0x, with non-hex digits or over 64 digits is not a LONG256', () => {
  assert.equal(parseLong256('1a2b'), undefined);
  assert.equal(parseLong256('0xz1'), undefined);
  assert.equal(parseLong256('0x' + '1'.repeat(65)), undefined);
});

test('geohash characters become 5 bits each', () => {
  // u=26, 3=3, 3=3, d=12 → 26·32³ + 3·32² + 3·32 + 12
  assert.equal(parseGeohash('u33d', 20), 26 * 32768 + 3 * 1024 + 3 * 32 + 12);
});

test('a longer geohash is truncated to the precision and bit precisions keep the top bits', () => {
  assert.equal(parseGeohash('u33dzz', 20), parseGeohash('u33d', 20));
  assert.equal(parseGeohash('u', 4), 0b1101);
});

test('a 50-bit geohash stays exact', () => {
  assert.equal(parseGeohash('zzzzzzzzzz', 50), 2 ** 50 - 1);
});

test('a too short geohash or a character outside the alphabet gives undefined', () => {
  assert.equal(parseGeohash('u3', 20), undefined);
  assert.equal(parseGeohash('u3ad', 20), undefined);
});
