import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextPartitionFloor, partitionFloor, partitionName } from './partition-names';

const us = (iso: string): number => Date.parse(iso) * 1000;

test('partition names follow the partitioning unit', () => {
  const ts = us('2024-01-17T13:45:00Z');
  assert.equal(partitionName('HOUR', partitionFloor('HOUR', ts)), '2024-01-17T13');
  assert.equal(partitionName('DAY', partitionFloor('DAY', ts)), '2024-01-17');
  assert.equal(partitionName('WEEK', partitionFloor('WEEK', ts)), '2024-W03');
  assert.equal(partitionName('MONTH', partitionFloor('MONTH', ts)), '2024-01');
  assert.equal(partitionName('YEAR', partitionFloor('YEAR', ts)), '2024');
  assert.equal(partitionName('NONE', partitionFloor('NONE', ts)), 'default');
});

test('weeks start on Monday and months have their real lengths', () => {
  assert.equal(partitionFloor('WEEK', us('2024-01-17T13:45:00Z')), us('2024-01-15T00:00:00Z'));
  assert.equal(nextPartitionFloor('MONTH', us('2024-02-01T00:00:00Z')), us('2024-03-01T00:00:00Z'));
  assert.equal(nextPartitionFloor('YEAR', us('2024-01-01T00:00:00Z')), us('2025-01-01T00:00:00Z'));
  assert.equal(partitionFloor('DAY', us('1969-12-31T23:00:00Z')), us('1969-12-31T00:00:00Z'));
});
