import assert from 'node:assert/strict';
import test from 'node:test';
import { Types } from '../../data/column-type';
import { normalizeParameter } from './parameter-conversion';

test('a TIMESTAMP given as text is exact beyond 2^53 µs (after 2255), not rounded through a double', () => {
  assert.equal(normalizeParameter('9999-12-31T23:59:59.999999Z', Types.TIMESTAMP), 253402300799999999n);
  assert.equal(normalizeParameter('9999-12-31 23:59:59.999999', Types.TIMESTAMP), 253402300799999999n);
  assert.equal(normalizeParameter('2300-01-01T00:00:00.000001+01:00', Types.TIMESTAMP), 10413788400000001n);
  assert.equal(normalizeParameter('2024-01-01T00:00:00.5Z', Types.TIMESTAMP), 1704067200500000);
});

test('a DATE given as timestamp text keeps its milliseconds, rounded down, also after 2255', () => {
  assert.equal(normalizeParameter('9999-12-31T23:59:59.999999Z', Types.DATE), 253402300799999);
  assert.equal(normalizeParameter('1969-12-31T23:59:59.9995Z', Types.DATE), -1);
  assert.equal(normalizeParameter('2024-01-01', Types.DATE), 1704067200000);
});
