import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../data/column-type';
import { fromExactLongs } from '../../data/exact-longs';
import { AsofNanosCursor, nanosKeys } from './asof-nanos-cursor';

const NS = 1704067200000000000n;

test('ASOF and LT match (µs, ns within) keys exactly; a TIMESTAMP side has no nanoseconds within', () => {
  const right = nanosKeys(fromExactLongs(Types.TIMESTAMP_NS, BigInt64Array.from([NS + 1n, NS + 2n, NS + 1000n])), 3);
  const left = nanosKeys(fromExactLongs(Types.TIMESTAMP_NS, BigInt64Array.from([NS, NS + 1n, NS + 999n, NS + 1000n])), 4);
  const out = new Int32Array(4);
  new AsofNanosCursor(right, 3, undefined, false, Infinity, 0).match(left, undefined, 4, out);
  assert.deepEqual([...out], [-1, 0, 1, 2]);
  new AsofNanosCursor(right, 3, undefined, true, Infinity, 0).match(left, undefined, 4, out);
  assert.deepEqual([...out], [-1, -1, 1, 1]);
  // TOLERANCE 0 under LT: every match is at least 1 ns older, so none is kept.
  new AsofNanosCursor(right, 3, undefined, true, 0, 0).match(left, undefined, 4, out);
  assert.deepEqual([...out], [-1, -1, -1, -1]);
  const micros = nanosKeys({ type: Types.TIMESTAMP, data: Float64Array.of(1704067200000000, 1704067200000001) }, 2);
  assert.deepEqual([...micros.sub], [0, 0]);
  new AsofNanosCursor(micros, 2, undefined, false, Infinity, 0).match(left, undefined, 4, out);
  assert.deepEqual([...out], [0, 0, 0, 1]);
});

test('keyed matching keeps the newest right row per key', () => {
  const right = nanosKeys(fromExactLongs(Types.TIMESTAMP_NS, BigInt64Array.from([NS + 1n, NS + 2n, NS + 3n])), 3);
  const left = nanosKeys(fromExactLongs(Types.TIMESTAMP_NS, BigInt64Array.from([NS + 2n, NS + 3n])), 2);
  const out = new Int32Array(2);
  const cursor = new AsofNanosCursor(right, 3, Int32Array.of(0, 1, 0), false, Infinity, 2);
  cursor.match(left, Int32Array.of(0, 1), 2, out);
  assert.deepEqual([...out], [0, 1]);
});
