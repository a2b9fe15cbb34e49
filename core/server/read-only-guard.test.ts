import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerConfig } from '../config/server-config';
import { SvcError } from '../errors';
import { READ_ONLY_MESSAGE, ReadOnlyGuard } from './read-only-guard';

const guard = (confText: string): ReadOnlyGuard =>
  new ReadOnlyGuard(ServerConfig.load({ confText, env: {}, readFile: () => '' }));

test('writes pass by default', () => {
  assert.doesNotThrow(() => guard('').assertWritable());
});

test('http.security.readonly=true refuses writes with 403', () => {
  assert.throws(() => guard('http.security.readonly=true').assertWritable(),
    (e: unknown) => e instanceof SvcError && e.statusCode === 403 && e.message === READ_ONLY_MESSAGE);
});
