import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lz4BlockCompress } from './lz4-block';
import { snappyCompress } from './snappy';

function sample(n: number): Uint8Array {
  const b = new Uint8Array(n);
  let seed = 3;
  for (let i = 0; i < n; i++) { seed = (seed * 1103515245 + 12345) % 2147483648; b[i] = i % 7 === 0 ? seed & 255 : 65 + (i % 13); }
  return b;
}

test('snappy output is smaller than repetitive input and starts with the input length', () => {
  const input = sample(200_000);
  const out = snappyCompress(input);
  assert.ok(out.length < input.length / 2);
  let len = 0, shift = 0, i = 0;
  for (;;) { const b = out[i++]; len += (b & 0x7f) * 2 ** shift; if (b < 0x80) break; shift += 7; }
  assert.equal(len, input.length);
});

test('LZ4 blocks of repetitive input are smaller and end in literals', () => {
  const input = sample(200_000);
  const out = lz4BlockCompress(input);
  assert.ok(out.length < input.length / 2);
  assert.deepEqual([...out.subarray(out.length - 5)], [...input.subarray(input.length - 5)]);
});
