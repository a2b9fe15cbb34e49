import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numericBinary } from './numeric-cells';

/** Decodes numeric_send's bytes back to text, as a client's numeric_recv would. */
function decode(b: Uint8Array): string {
  const buf = Buffer.from(b);
  const n = buf.readInt16BE(0), weight = buf.readInt16BE(2), sign = buf.readUInt16BE(4), dscale = buf.readInt16BE(6);
  let intPart = '', frac = '';
  for (let k = 0; k < n; k++) {
    const group = String(buf.readInt16BE(8 + 2 * k)).padStart(4, '0');
    if (weight - k >= 0) intPart += group; else frac += group;
  }
  for (let k = n; k <= weight; k++) intPart += '0000';
  if (weight < -1) frac = '0000'.repeat(-weight - 1) + frac;
  intPart = intPart.replace(/^0+/, '') || '0';
  frac = frac.padEnd(dscale, '0').slice(0, dscale);
  return (sign === 0x4000 ? '-' : '') + intPart + (dscale > 0 ? `.${frac}` : '');
}

test('numeric binary round-trips through numeric_recv', () => {
  const cases: [bigint, number, string][] = [
    [0n, 0, '0'], [0n, 2, '0.00'], [1250n, 2, '12.50'], [-1250n, 2, '-12.50'], [123456789n, 0, '123456789'],
    [10000n, 0, '10000'], [1n, 6, '0.000001'], [-5n, 1, '-0.5'], [123456789012345678901234567890n, 10, '12345678901234567890.1234567890'],
  ];
  for (const [unscaled, scale, text] of cases) assert.equal(decode(numericBinary(unscaled, scale)), text, text);
});

test('numeric binary header: 12.50 is one digit group per side, weight 0, dscale 2', () => {
  const b = Buffer.from(numericBinary(1250n, 2));
  assert.deepEqual([b.readInt16BE(0), b.readInt16BE(2), b.readUInt16BE(4), b.readInt16BE(6)], [2, 0, 0, 2]);
  assert.deepEqual([b.readInt16BE(8), b.readInt16BE(10)], [12, 5000]);
});
