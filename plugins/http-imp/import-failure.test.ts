import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcError } from '../../core/errors';
import { classifyFailure } from '../../core/server/error-shape';
import { importErrorShape } from './import-failure';
import { MultipartError, NON_MULTIPART } from './multipart-error';

test('a request-level failure is a 200 with the bare message and closes the connection', () => {
  const a = importErrorShape(false)(classifyFailure(SvcError.badRequest('not enough lines [table=t]')));
  assert.deepEqual([a.status, a.body, a.close], [200, 'not enough lines [table=t]', true]);
  assert.equal(importErrorShape(true)(classifyFailure(SvcError.badRequest('x'))).body, '{"status":"x"}');
});

test('a malformed multipart body is a 400 in the import shape', () => {
  const a = importErrorShape(true)(classifyFailure(new MultipartError('malformed multipart request: x')));
  assert.deepEqual([a.status, a.body], [400, '{"status":"malformed multipart request: x"}']);
});

test('a POST that is not multipart is a text/plain 400 whatever fmt', () => {
  const a = importErrorShape(true)(classifyFailure(new MultipartError(NON_MULTIPART, true)));
  assert.deepEqual([a.status, a.contentType, a.body], [400, 'text/plain; charset=utf-8', 'Non-multipart POST not supported\r\n']);
});

test('a refused write keeps 403 and an unexpected error is a 500', () => {
  assert.equal(importErrorShape(false)(classifyFailure(new SvcError('Write permission denied', 403))).status, 403);
  assert.equal(importErrorShape(false)(classifyFailure(new Error('boom'))).status, 500);
});
