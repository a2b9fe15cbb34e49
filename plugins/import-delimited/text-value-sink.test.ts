import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayType, decimalType, geohashType, TypeTag } from '../../core/data/column-type';
import { readValue } from '../../core/sql/vector/sql-value';
import { arrayFromText, TextValueSink } from './text-value-sink';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

test('an array text becomes row-major elements and its shape', () => {
  assert.deepEqual(arrayFromText('[[1.0,2.0],[3.0,4.0]]', 2), { elements: [1, 2, 3, 4], shape: [2, 2] });
  assert.deepEqual(arrayFromText('[1.5,NaN,null]', 1), { elements: [1.5, NaN, NaN], shape: [3] });
  assert.deepEqual(arrayFromText('[]', 1), { elements: [], shape: [0] });
});

test('an array text of other dimensions, ragged or not numbers is refused', () => {
  assert.equal(arrayFromText('[1.0,2.0]', 2), undefined);
  assert.equal(arrayFromText('[[1.0],[2.0,3.0]]', 2), undefined);
  assert.equal(arrayFromText('["a"]', 1), undefined);
  assert.equal(arrayFromText('[1.0', 1), undefined);
});

test('GEOHASH and DECIMAL fields convert as string casts do; a value that does not fit is refused', () => {
  const g = new TextValueSink(geohashType(20, true), 4);
  assert.equal(g.append(bytes('u33d'), 0, 4), true);
  assert.equal(g.append(bytes('!!'), 0, 2), false);
  g.appendNull();
  const gv = g.build();
  assert.deepEqual([readValue(gv, 0) !== null, readValue(gv, 1)], [true, null]);
  const d = new TextValueSink(decimalType(18, 4), 4);
  assert.equal(d.append(bytes('12.3400'), 0, 7), true);
  assert.equal(d.append(bytes('1e400'), 0, 5), false);
  assert.equal(d.rows, 1);
});

test('a rejected row is dropped from an ARRAY column, the rows before it kept', () => {
  const a = new TextValueSink(arrayType(TypeTag.DOUBLE, 1), 4);
  assert.equal(a.append(bytes('[1.0,2.0]'), 0, 9), true);
  assert.equal(a.append(bytes('[3.0]'), 0, 5), true);
  a.truncate(1);
  a.appendNull();
  const v = a.build();
  assert.deepEqual(Array.from(v.offsets ?? []), [0, 2, 2]);
  assert.deepEqual(Array.from(v.nulls ?? []), [0, 1]);
});
