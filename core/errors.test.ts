import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asExpectedError, INSUFFICIENT_STORAGE, isExpectedError, SvcError } from './errors';

const enospc = (path?: string): NodeJS.ErrnoException =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write', ...(path === undefined ? {} : { path }) });

test('a raw ENOSPC becomes a 507 SvcError naming the full disk, with the original as its cause', () => {
  const raw = enospc('/root/db/w~1/2020-01-01/x.d');
  const e = asExpectedError(raw);
  assert.ok(e instanceof SvcError);
  assert.equal(e.statusCode, INSUFFICIENT_STORAGE);
  assert.equal(e.message, 'could not write to disk: no space left on device [path=/root/db/w~1/2020-01-01/x.d]');
  assert.equal(e.cause, raw);
  assert.ok(isExpectedError(e));
});

test('a full disk wrapped in an unexpected 500 SvcError is still a full disk', () => {
  const e = asExpectedError(new SvcError('commit failed', 500, undefined, { cause: enospc() }));
  assert.equal(e?.statusCode, 507);
  assert.equal(e?.message, 'could not write to disk: no space left on device');
});

test('an expected SvcError is answered as itself, even with a full disk among its causes', () => {
  const busy = new SvcError('table busy [table=w]', 409, undefined, { cause: enospc() });
  assert.equal(asExpectedError(busy), busy);
  const outage = new SvcError('cold storage s3://b is unavailable', 503);
  assert.equal(asExpectedError(outage), outage);
});

test('anything else stays unexpected', () => {
  assert.equal(asExpectedError(new Error('boom')), undefined);
  assert.equal(asExpectedError(new SvcError('no SQL engine is installed', 500)), undefined);
  assert.equal(asExpectedError(Object.assign(new Error('EIO'), { code: 'EIO' })), undefined);
  assert.equal(isExpectedError(new SvcError('x', 500)), false);
});
