import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpDate } from './http-date';

test('the day of month is not zero-padded', () => {
  assert.equal(httpDate(Date.UTC(2024, 1, 2, 17, 9, 38)), 'Fri, 2 Feb 2024 17:09:38 GMT');
  assert.equal(httpDate(0), 'Thu, 1 Jan 1970 00:00:00 GMT');
});
