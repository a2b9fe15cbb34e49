import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BINARY_FAILED, BINARY_NEED_MORE, BinaryValue, decimalText } from './binary-value';
import { IlpType } from './ilp-type';

test('a DOUBLE needs its 8 bytes', () => {
  const v = new BinaryValue();
  const bytes = Buffer.alloc(9);
  bytes[0] = 16;
  bytes.writeDoubleLE(0.1, 1);
  assert.equal(v.parse(bytes, 0, 5), BINARY_NEED_MORE);
  assert.equal(v.need, 9);
  assert.equal(v.parse(bytes, 0, 9), 9);
  assert.deepEqual([v.type, v.number], [IlpType.FLOAT, 0.1]);
});

test('an array announces its size before its elements arrive', () => {
  const v = new BinaryValue();
  const head = Buffer.from([14, 10, 2, 3, 0, 0, 0, 4, 0, 0, 0]);
  assert.equal(v.parse(head, 0, head.length), BINARY_NEED_MORE);
  assert.equal(v.need, head.length + 12 * 8);
});

test('bad arrays and decimals name QuestDB state', () => {
  const v = new BinaryValue();
  assert.equal(v.parse(Buffer.from([14, 6, 1]), 0, 3), BINARY_FAILED);
  assert.equal(v.failure, 'ARRAY_INVALID_TYPE');
  assert.equal(v.parse(Buffer.from([14, 10, 33]), 0, 3), BINARY_FAILED);
  assert.equal(v.failure, 'ARRAY_TOO_MANY_DIMENSIONS');
  assert.equal(v.parse(Buffer.from([23, 77, 1, 1]), 0, 4), BINARY_FAILED);
  assert.equal(v.failure, 'DECIMAL_INVALID_SCALE');
  assert.equal(v.parse(Buffer.from([99]), 0, 1), BINARY_FAILED);
  assert.equal(v.failure, 'UNSUPPORTED_BINARY_FORMAT');
});

test('a decimal is its unscaled two\'s complement value over 10^scale', () => {
  assert.equal(decimalText(Buffer.from([0x30, 0x39]), 0, 2, 2), '123.45');
  assert.equal(decimalText(Buffer.from([0xff, 0x85]), 0, 2, 3), '-0.123');
  assert.equal(decimalText(Buffer.from([0x07]), 0, 1, 0), '7');
});

test('a decimal: NULL, length limits and truncation', () => {
  const v = new BinaryValue();
  assert.equal(v.parse(Buffer.from([23, 2, 0]), 0, 3), 3);
  assert.deepEqual([v.type, v.decimalText], [IlpType.DECIMAL, undefined]);
  assert.equal(v.parse(Buffer.from([23, 2]), 0, 2), BINARY_NEED_MORE);
  assert.equal(v.parse(Buffer.from([23, 2, 4, 1]), 0, 4), BINARY_NEED_MORE);
  assert.equal(v.need, 7);
  // Beyond 32 bytes only leading zeros are allowed.
  const wide = Buffer.alloc(3 + 40);
  wide.set([23, 0, 40]);
  wide[wide.length - 1] = 9;
  assert.equal(v.parse(wide, 0, wide.length), wide.length);
  assert.equal(v.decimalText, '9');
  wide[3] = 1;
  assert.equal(v.parse(wide, 0, wide.length), BINARY_FAILED);
  assert.equal(v.failure, 'DECIMAL_OVERFLOW');
  assert.equal(v.parse(Buffer.from([23, 200, 1, 1]), 0, 4), BINARY_FAILED);
  assert.equal(v.failure, 'DECIMAL_INVALID_SCALE');
});

test('the widest decimals convert exactly', () => {
  const max = Buffer.alloc(32, 0xff);
  max[0] = 0x7f;
  assert.equal(decimalText(max, 0, 32, 0), ((1n << 255n) - 1n).toString());
  const min = Buffer.alloc(32, 0);
  min[0] = 0x80;
  const digits = (1n << 255n).toString();
  assert.equal(decimalText(min, 0, 32, 76), `-${digits[0]}.${digits.slice(1)}`);
  assert.equal(decimalText(Buffer.from([0x80, 0, 0, 0, 0, 0]), 0, 6, 0), String(-(2 ** 47)));
  assert.equal(decimalText(Buffer.from([0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 0, 7, 1), `${(2n ** 55n - 1n) / 10n}.${(2n ** 55n - 1n) % 10n}`);
});

/** Type 14, element type 10, the extents as int32, no elements. */
function arrayHead(shape: readonly number[]): Buffer {
  const b = Buffer.alloc(3 + shape.length * 4);
  b[0] = 14;
  b[1] = 10;
  b[2] = shape.length;
  shape.forEach((s, d) => b.writeInt32LE(s, 3 + d * 4));
  return b;
}

test('a zero extent after huge ones is refused: every prefix product of the shape is bounded', () => {
  const v = new BinaryValue();
  for (const shape of [[2147483647, 2147483647, 0], [100000000, 100000000, 0], [65536, 65536, 0], [-1, 2]]) {
    const b = arrayHead(shape);
    assert.equal(v.parse(b, 0, b.length), BINARY_FAILED, String(shape));
    assert.equal(v.failure, 'ARRAY_TOO_LARGE');
  }
});

test('a zero extent is the empty array, stored with an all-zero shape', () => {
  const v = new BinaryValue();
  const b = arrayHead([3, 0, 5]);
  assert.equal(v.parse(b, 0, b.length), b.length);
  assert.deepEqual([v.elementCount, Array.from(v.shape.subarray(0, 3))], [0, [0, 0, 0]]);
});
