import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DecimalRead, DecimalReader } from './decimal-reader';

/** [status, text] of `text` read with the given target. */
function read(text: string, precision = -1, scale = -1, strict = false): [DecimalRead, string] {
  const r = new DecimalReader();
  const b = Buffer.from(text, 'latin1');
  const status = r.read(b, 0, b.length, precision, scale, strict);
  return [status, status === DecimalRead.VALUE ? r.text() : ''];
}

test('plain, signed, exponent and suffixed decimals', () => {
  assert.deepEqual(read('123.45'), [DecimalRead.VALUE, '123.45']);
  assert.deepEqual(read('-0.5'), [DecimalRead.VALUE, '-0.5']);
  assert.deepEqual(read('+7'), [DecimalRead.VALUE, '7']);
  assert.deepEqual(read('.25'), [DecimalRead.VALUE, '0.25']);
  assert.deepEqual(read('1.5e3'), [DecimalRead.VALUE, '1500']);
  assert.deepEqual(read('123e-2'), [DecimalRead.VALUE, '1.23']);
  assert.deepEqual(read('1.55E1'), [DecimalRead.VALUE, '15.5']);
  assert.deepEqual(read('  2.5d'), [DecimalRead.VALUE, '2.5']);
  assert.deepEqual(read('000'), [DecimalRead.VALUE, '0']);
});

test('trailing zeros count only when strict (or with the m suffix)', () => {
  assert.deepEqual(read('1.500'), [DecimalRead.VALUE, '1.5']);
  assert.deepEqual(read('1.500', -1, -1, true), [DecimalRead.VALUE, '1.500']);
  assert.deepEqual(read('1.500m'), [DecimalRead.VALUE, '1.500']);
});

test('a target scale pads, refuses dropping digits, and a precision bounds the digits', () => {
  assert.deepEqual(read('1.5', 10, 3), [DecimalRead.VALUE, '1.500']);
  assert.deepEqual(read('1.500', 10, 2), [DecimalRead.VALUE, '1.50']);
  assert.equal(read('1.505', 10, 2)[0], DecimalRead.SCALE_LOSS);
  assert.equal(read('12345.6', 5, 1)[0], DecimalRead.TOO_PRECISE);
  assert.deepEqual(read('1234.5', 5, 1), [DecimalRead.VALUE, '1234.5']);
});

test('NaN and Infinity are null; anything else malformed is invalid', () => {
  assert.equal(read('NaN')[0], DecimalRead.NULL);
  assert.equal(read('-Infinity')[0], DecimalRead.NULL);
  for (const bad of ['', ' ', '-', '.', 'abc', '1.2.3', '1e', '1e+', '1x', '1e5x', '--1', '1e9999999', '1e80']) {
    assert.equal(read(bad)[0], DecimalRead.INVALID, bad);
  }
  assert.equal(read(`0.${'1'.repeat(77)}`)[0], DecimalRead.INVALID);
});

test('more than 15 digits stay exact', () => {
  assert.deepEqual(read('-123456789012345678901234567890.123456789'), [DecimalRead.VALUE, '-123456789012345678901234567890.123456789']);
  assert.deepEqual(read('9007199254740993'), [DecimalRead.VALUE, '9007199254740993']);
  assert.deepEqual(read('1e70'), [DecimalRead.VALUE, `1${'0'.repeat(70)}`]);
});

test('leading zeros, before or after the point, need no precision', () => {
  assert.deepEqual(read('0.000000000000000001', 18, 18), [DecimalRead.VALUE, '0.000000000000000001']);
  assert.deepEqual(read('-0.5', 1, 1), [DecimalRead.VALUE, '-0.5']);
  assert.deepEqual(read('-0.00123', 3, 5), [DecimalRead.VALUE, '-0.00123']);
  assert.deepEqual(read('000123.45', 5, 2), [DecimalRead.VALUE, '123.45']);
  assert.deepEqual(read('0.0', 1, 1), [DecimalRead.VALUE, '0.0']);
  assert.deepEqual(read('0.01e1', 1, 1), [DecimalRead.VALUE, '0.1']);
  assert.deepEqual(read(`0.${'0'.repeat(75)}1`), [DecimalRead.VALUE, `0.${'0'.repeat(75)}1`]);
  // The digits from the first non-zero one on still count, and so do the zeros a target scale adds.
  assert.equal(read('0.1234', 3, 4)[0], DecimalRead.TOO_PRECISE);
  assert.equal(read('5', 3, 3)[0], DecimalRead.TOO_PRECISE);
  assert.equal(read('0.5', 1, 2)[0], DecimalRead.TOO_PRECISE);
  assert.equal(read(`1${'0'.repeat(76)}`)[0], DecimalRead.INVALID);
});
