import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dealRuns } from './parallel-sample';

test('runs are dealt to tasks of the target size, split where a run overflows, never across frames', () => {
  const frames = [
    { frame: 0, starts: [0, 5, 20], ends: [5, 20, 22], groups: [0, 1, 2] },
    { frame: 1, starts: [3], ends: [9], groups: [2] },
  ];
  const tasks = dealRuns(frames, 8);
  assert.deepEqual(tasks, [
    { frame: 0, starts: [0, 5], ends: [5, 8], groups: [0, 1] },
    { frame: 0, starts: [8], ends: [16], groups: [1] },
    { frame: 0, starts: [16, 20], ends: [20, 22], groups: [1, 2] },
    { frame: 1, starts: [3], ends: [9], groups: [2] },
  ]);
});
