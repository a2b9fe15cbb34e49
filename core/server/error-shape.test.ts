import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcError } from '../errors';
import { classifyFailure, plainTextErrors } from './error-shape';

const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', path: '/r/db/t~1/x.d' });

test('a full disk is an expected 507 whose message names it', () => {
  const f = classifyFailure(new Error('write failed', { cause: enospc }));
  assert.equal(f.status, 507);
  assert.equal(f.expected, true);
  assert.equal(f.message, 'could not write to disk: no space left on device [path=/r/db/t~1/x.d]');
  assert.ok(f.error instanceof SvcError && f.error.statusCode === 507);
});

test('the plain-text shape shows a full disk, and hides an unexpected 500', () => {
  assert.equal(plainTextErrors(classifyFailure(enospc)).body, 'could not write to disk: no space left on device [path=/r/db/t~1/x.d]\r\n');
  const unexpected = classifyFailure(new Error('boom'));
  assert.deepEqual([unexpected.status, unexpected.expected, plainTextErrors(unexpected).body], [500, false, 'Internal server error\r\n']);
});

test('a user error keeps its status and position', () => {
  const f = classifyFailure(SvcError.sql(7, 'Invalid column: y'));
  assert.deepEqual([f.status, f.expected, f.message, f.position], [400, true, 'Invalid column: y', 7]);
});
