import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayType, decimalType, geohashType, TypeTag, typeName, Types } from '../../data/column-type';
import { LONG_NULL } from '../../data/null-values';
import { VectorBuilder } from '../../data/vector-builder';
import { nullVector } from '../vector/cast-vector';
import { gatherOrNull, NullVectors } from './gather-or-null';

test('-1 selects a null row of the column type', () => {
  const v = gatherOrNull({ type: Types.TIMESTAMP, data: Float64Array.of(5, 6) }, Int32Array.of(1, -1, 0), 3);
  assert.deepEqual([...v.data], [6, LONG_NULL, 5]);
});

test('var-size columns gather through a builder', () => {
  const b = new VectorBuilder(Types.STRING, 2);
  b.appendString('a'); b.appendString('bc');
  const v = gatherOrNull(b.build(), Int32Array.of(-1, 1), 2);
  assert.deepEqual(v.nulls ? [...v.nulls] : [], [1, 0]);
});

test('shared null vectors are views of the requested length', () => {
  const nulls = new NullVectors();
  const v = nulls.get(Types.DOUBLE, 3);
  assert.equal(v.data.length, 3);
  assert.ok(Number.isNaN(v.data[0]));
});

test('a null vector equals the same nulls appended row by row, for every type', () => {
  const types = [...Object.values(Types), geohashType(20, true), arrayType(TypeTag.DOUBLE, 1), decimalType(20, 2)];
  for (const type of types) {
    const b = new VectorBuilder(type, 5);
    for (let i = 0; i < 5; i++) b.appendNull();
    const expected = b.build();
    const got = nullVector(type, 5);
    assert.deepEqual({ ...got, data: [...got.data] }, { ...expected, data: [...expected.data] }, typeName(type));
  }
});
