import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Field, Float64, Int32, List, Utf8, vectorFromArray } from 'apache-arrow';
import { arrayType, TypeTag } from '../../core/data/column-type';
import { arrayVector, listDepth } from './array-columns';

const doubles = new List(new Field('element', new Float64(), true));
const grids = new List(new Field('element', doubles, true));

test('lists of numbers nest to their depth; lists of text are not arrays', () => {
  assert.equal(listDepth(doubles), 1);
  assert.equal(listDepth(grids), 2);
  assert.equal(listDepth(new List(new Field('element', new Int32(), true))), 1);
  assert.equal(listDepth(new List(new Field('element', new Utf8(), true))), undefined);
  assert.equal(listDepth(new Float64()), undefined);
});

test('a 1-dimensional list keeps its elements, a null element is NaN and a null row is null', () => {
  const data = vectorFromArray([[1, 2.5], null, [], [null, 4]], doubles).data[0];
  const { vector, bad } = arrayVector(data, 4, arrayType(TypeTag.DOUBLE, 1), 1);
  assert.equal(bad, undefined);
  assert.deepEqual([...(vector.offsets ?? [])], [0, 2, 2, 2, 4]);
  assert.deepEqual([...vector.data], [1, 2.5, NaN, 4]);
  assert.deepEqual([...(vector.nulls ?? [])], [0, 1, 0, 0]);
  assert.equal(vector.shapes, undefined);
});

test('nested lists keep their shape row by row, and a ragged row is a bad value', () => {
  const data = vectorFromArray([[[1, 2, 3], [4, 5, 6]], [[7], [8, 9]], [[0.5]], [], [[]]], grids).data[0];
  const { vector, bad } = arrayVector(data, 5, arrayType(TypeTag.DOUBLE, 2), 2);
  assert.deepEqual([...(bad ?? [])], [0, 1, 0, 0, 0]);
  assert.deepEqual([...(vector.nulls ?? [])], [0, 1, 0, 0, 0]);
  assert.deepEqual([...(vector.offsets ?? [])], [0, 6, 6, 7, 7, 7]);
  assert.deepEqual([...vector.data], [1, 2, 3, 4, 5, 6, 0.5]);
  assert.deepEqual([...(vector.shapes ?? [])], [2, 3, 0, 0, 1, 1, 0, 0, 1, 0]);
});

test('a slice of a column (a batch at an offset) reads its own rows', () => {
  const whole = vectorFromArray([[[1], [2]], [[3, 4]], [[5], [6]]], grids);
  const data = whole.slice(1).data[0];
  const { vector } = arrayVector(data, 2, arrayType(TypeTag.DOUBLE, 2), 2);
  assert.deepEqual([...vector.data], [3, 4, 5, 6]);
  assert.deepEqual([...(vector.shapes ?? [])], [1, 2, 2, 1]);
});
