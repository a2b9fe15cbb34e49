import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decimalType, Types } from '../../core/data/column-type';
import { decimalAt } from '../../core/data/decimal';
import { LONG_NULL } from '../../core/data/null-values';
import { nullVector } from './null-vector';

test('columns a line left out read NULL: TIMESTAMP_NS and DECIMAL too, not 1970 and 0', () => {
  assert.deepEqual(Array.from(nullVector(Types.TIMESTAMP_NS, 2).data), [LONG_NULL, LONG_NULL]);
  const d = nullVector(decimalType(18, 2), 2).data as Uint8Array;
  assert.deepEqual([decimalAt(d, 0), decimalAt(d, 1)], [null, null]);
});
