import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostWarnings } from './warnings-route';

test('a low fs.file-max is reported with QuestDB tag and text', () => {
  assert.deepEqual(hostWarnings(1024), [{ tag: 'TOO MANY OPEN FILES', warning: 'fs.file-max limit is too low [current=1024, recommended=1048576]' }]);
});

test('a sufficient or unreadable limit gives no warning', () => {
  assert.deepEqual(hostWarnings(9_223_372_036_854_775_807), []);
  assert.deepEqual(hostWarnings(undefined), []);
});
