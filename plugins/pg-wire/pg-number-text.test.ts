import assert from 'node:assert/strict';
import test from 'node:test';
import { PassThrough } from 'node:stream';
import { BackendWriter } from './backend-writer';
import { doubleCell } from './cell-encoder';
import { float4Text, float8Text } from './pg-number-text';

test('float8 prints the shortest round-trip text in PostgreSQL layout', () => {
  assert.deepEqual([0.1, 1.5, 100, 123456789012345, 1e15, 1.5e20, 0.0001, 0.00001, -2.5e-7, 1 / 3].map(float8Text),
    ['0.1', '1.5', '100', '123456789012345', '1e+15', '1.5e+20', '0.0001', '1e-05', '-2.5e-07', '0.3333333333333333']);
  assert.deepEqual([Infinity, -Infinity, NaN].map(float8Text), ['Infinity', '-Infinity', 'NaN']);
});

test('float4 prints the shortest text that reads back to the same float32', () => {
  assert.deepEqual([Math.fround(0.1), Math.fround(1.5), Math.fround(3.14159), Math.fround(1e6), Math.fround(123456)].map(float4Text),
    ['0.1', '1.5', '3.14159', '1e+06', '123456']);
});

test('the digit-by-digit double cell writes exactly float8Text', () => {
  const w = new BackendWriter(new PassThrough(), 1 << 16);
  let seed = 7;
  const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const values = [0.1, 1.5, -2.25, 0.001, 999999999.5, 1e-7, 5e8, 123.456789, 0.30000000000000004];
  for (let i = 0; i < 2000; i++) values.push(Math.round(rnd() * 10 ** (1 + (i % 9))) / 10 ** (i % 7), (rnd() - 0.5) * 10 ** (i % 12));
  for (const x of values) {
    w.pos = 0;
    doubleCell(w, x, float8Text);
    assert.equal(w.buf.toString('latin1', 4, w.pos), float8Text(x), String(x));
  }
});
