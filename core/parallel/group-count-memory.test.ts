import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectedGroups, rememberGroups } from './group-count-memory';

test('the group count of a kernel source is remembered for its next run', () => {
  assert.equal(expectedGroups('k1'), 0);
  rememberGroups('k1', 12345);
  assert.equal(expectedGroups('k1'), 12345);
  assert.equal(expectedGroups('k2'), 0);
});
