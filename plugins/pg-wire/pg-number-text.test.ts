import assert from 'node:assert/strict';
import test from 'node:test';
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
