import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Types } from '../../../core/data/column-type';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { Vector } from '../../../core/data/vector';
import { DistinctCountState } from './count-distinct';

const doubles = (values: readonly number[]): Vector => ({ type: Types.DOUBLE, data: Float64Array.from(values) });

test('count_distinct counts distinct non-null numbers', () => {
  const s = new DistinctCountState(Types.DOUBLE);
  s.init(1);
  s.add([doubles([1, 2, NaN, 2, 3])], undefined, 5);
  s.add([doubles([3, 4, NaN])], undefined, 3);
  assert.deepEqual([...s.value(1).data], [4]);
});

test('count_distinct per group counts each group on its own', () => {
  const s = new DistinctCountState(Types.VARCHAR);
  s.init(2);
  const b = new VectorBuilder(Types.VARCHAR, 5);
  for (const v of ['a', 'b', 'a', null, 'a']) if (v === null) b.appendNull(); else b.appendString(v);
  s.add([b.build()], Int32Array.of(0, 0, 0, 1, 1), 5);
  assert.deepEqual([...s.value(2).data], [2, 1]);
});

test('merging another state adds its distinct values to a group', () => {
  const a = new DistinctCountState(Types.DOUBLE), b = new DistinctCountState(Types.DOUBLE);
  a.init(1); b.init(1);
  a.add([doubles([1, 2])], undefined, 2);
  b.add([doubles([2, 3, NaN])], undefined, 3);
  a.merge(b, 0, 0);
  assert.deepEqual([...a.value(1).data], [3]);
});
