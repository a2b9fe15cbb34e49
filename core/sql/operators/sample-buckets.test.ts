import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SampleClock } from '../../time/sample-clock';
import { BucketAssigner } from './sample-buckets';

const H = 3_600_000_000;
const hourly = (): SampleClock => new SampleClock({ stride: { count: 1, unit: 'h' } });

test('ordered rows get one group per bucket, recorded as runs', () => {
  const b = new BucketAssigner(hourly, undefined, undefined, false);
  const ts = Float64Array.of(0, 10, H - 1, H, 3 * H + 5);
  const groups = new Int32Array(5);
  assert.equal(b.assign(ts, 5, groups), false);
  assert.deepEqual([...groups], [0, 0, 0, 1, 2]);
  assert.deepEqual([...b.bucketTs.subarray(0, b.count)], [0, H, 3 * H]);
  assert.deepEqual([...b.runStart.subarray(0, b.runCount)], [0, 3, 4]);
});

test('a bucket continues across batches', () => {
  const b = new BucketAssigner(hourly, undefined, undefined, false);
  const groups = new Int32Array(2);
  b.assign(Float64Array.of(1, 2), 2, groups);
  b.assign(Float64Array.of(3, H + 1), 2, groups);
  assert.deepEqual([...groups], [0, 1]);
  assert.equal(b.count, 2);
});

test('rows outside FROM/TO are marked -1', () => {
  const b = new BucketAssigner(hourly, H, 2 * H, false);
  const groups = new Int32Array(4);
  assert.equal(b.assign(Float64Array.of(0, H, H + 5, 2 * H), 4, groups), true);
  assert.deepEqual([...groups], [-1, 0, 0, -1]);
});

test('keyed rows get one group per bucket and key', () => {
  const b = new BucketAssigner(hourly, undefined, undefined, true);
  b.reserveKeys(2);
  const groups = new Int32Array(4);
  b.assignKeyed(Float64Array.of(0, 1, 2, H), Int32Array.of(0, 1, 0, 1), 4, groups);
  assert.deepEqual([...groups], [0, 1, 0, 2]);
  assert.deepEqual([...b.groupKey.subarray(0, b.count)], [0, 1, 1]);
});
