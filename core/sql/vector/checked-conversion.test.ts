import assert from 'node:assert/strict';
import test from 'node:test';
import { arrayType, Types, TypeTag } from '../../data/column-type';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { arrayRow } from '../arrays/array-rows';
import { convertChecked } from './checked-conversion';

function texts(values: readonly (string | null)[]): Vector {
  const b = new VectorBuilder(Types.STRING, values.length);
  for (const v of values) b.appendString(v);
  return b.build();
}

function rows(v: Vector, n: number): ({ elements: number[]; shape: readonly number[] } | null)[] {
  return Array.from({ length: n }, (_, i) => {
    const r = arrayRow(v, i);
    return r && { elements: Array.from(r.data.subarray(r.start, r.start + r.shape.reduce((a, b) => a * b, 1))), shape: r.shape };
  });
}

test('array text converts into a DOUBLE array of its dimensions, quoted elements too (pgjdbc\'s simple mode)', () => {
  const flat = convertChecked(texts(['{1.0,2.5}', '{"1.0","-3"}', null, '[4]']), arrayType(TypeTag.DOUBLE, 1), 4);
  assert.deepEqual(rows(flat, 4), [{ elements: [1, 2.5], shape: [2] }, { elements: [1, -3], shape: [2] }, null, { elements: [4], shape: [1] }]);
  const grid = convertChecked(texts(['{{"1.0"},{"2.0"}}']), arrayType(TypeTag.DOUBLE, 2), 1);
  assert.deepEqual(rows(grid, 1), [{ elements: [1, 2], shape: [2, 1] }]);
});

test('array text of other dimensions, or not an array, is refused naming the array type', () => {
  assert.throws(() => convertChecked(texts(['{1.0,2.0}']), arrayType(TypeTag.DOUBLE, 2), 1),
    { message: 'inconvertible value: `{1.0,2.0}` [STRING -> DOUBLE[][]]' });
  assert.throws(() => convertChecked(texts(['abc']), arrayType(TypeTag.DOUBLE, 1), 1), { message: 'inconvertible value: `abc` [STRING -> DOUBLE[]]' });
});
