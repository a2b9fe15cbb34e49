import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrayType, TypeTag } from '../../core/data/column-type';
import { MemoryResultSet } from '../export-csv/memory-result-set';
import { duck, writeParquet } from './parquet-test-support';

test('DOUBLE[][] is written as nested lists, so readers see the shape', async () => {
  const t = arrayType(TypeTag.DOUBLE, 2);
  const r = new MemoryResultSet([{ name: 'g', type: t }], [{
    rowCount: 4,
    vectors: [{
      type: t, data: new Float64Array([1, 2, 3, 4, 5, 6, NaN, 8]), offsets: new Int32Array([0, 6, 6, 8, 8]),
      nulls: new Uint8Array([0, 1, 0, 0]), shapes: new Int32Array([2, 3, 0, 0, 1, 2, 3, 0]),
    }],
  }]);
  for (const version of ['1', '2']) {
    const file = await writeParquet(r, `parquet_version=${version}`);
    assert.deepEqual((await duck(`select g::varchar g from '${file}'`)).map((x) => x.g), ['[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]', null, '[[NULL, 8.0]]', '[]']);
  }
});

test('a row whose shape does not account for its elements is written as a null row', async () => {
  const t = arrayType(TypeTag.DOUBLE, 2);
  const r = new MemoryResultSet([{ name: 'g', type: t }], [{
    rowCount: 2,
    vectors: [{ type: t, data: new Float64Array([1, 2, 3]), offsets: new Int32Array([0, 2, 3]), shapes: new Int32Array([2, 2, 1, 1]) }],
  }]);
  const file = await writeParquet(r, '');
  assert.deepEqual((await duck(`select g::varchar g from '${file}'`)).map((x) => x.g), [null, '[[3.0]]']);
});
