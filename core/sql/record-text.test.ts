import assert from 'node:assert/strict';
import test from 'node:test';
import { Types } from '../data/column-type';
import { VectorBuilder } from '../data/vector-builder';
import { recordFieldFunction, recordFields, recordText } from './record-text';
import { readValue } from './vector/sql-value';
import { randomSource } from './random-source';

test('recordText prints fields as PostgreSQL does: NULL empty, special text quoted with quotes doubled', () => {
  assert.equal(recordText([1, 'a', null]), '(1,a,)');
  assert.equal(recordText(['a b', '', 'x,y', 'say "hi"', '(p)']), '("a b","","x,y","say ""hi""","(p)")');
});

test('recordFields reads back what recordText prints', () => {
  for (const fields of [[1, 'a', null], ['a b', '', 'x,y', 'say "hi"', 'back\\slash'], [null, null], ['only']]) {
    assert.deepEqual(recordFields(recordText(fields)), fields.map((f) => (f === null ? null : String(f))));
  }
});

test('the record_field kernel gives one field of each row as text, NULL for a NULL record', () => {
  const b = new VectorBuilder(Types.STRING, 3);
  b.appendString('(1,"x y")');
  b.appendNull();
  b.appendString('(3,)');
  const fn = recordFieldFunction(1);
  const out = fn.kernel([b.build()], 3, Types.STRING, { now: 0, user: 'admin', random: randomSource(undefined) });
  assert.deepEqual([0, 1, 2].map((i) => readValue(out, i)), ['x y', null, null]);
});
