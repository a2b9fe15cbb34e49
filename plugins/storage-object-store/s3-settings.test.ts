import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerConfig } from '../../core/config/server-config';
import { SvcError } from '../../core/errors';
import { s3Settings } from './s3-settings';

function config(conf: string, env: Record<string, string> = {}): ServerConfig {
  return ServerConfig.load({ confText: conf, env, readFile: () => { throw new Error('no files'); } });
}

test('without a bucket there is no cold tier', () => {
  assert.equal(s3Settings(config('cold.store.endpoint=http://127.0.0.1:9000\n')), undefined);
});

test('the settings come from server.conf, the environment overriding it; the prefix loses its slashes', () => {
  const s = s3Settings(config('cold.store.bucket=svc-cold\ncold.store.prefix=/a/b/\ncold.store.secret.key=conf\n', { SVC_COLD_STORE_SECRET_KEY: 'env' }));
  assert.ok(s);
  assert.equal(s.bucket, 'svc-cold');
  assert.equal(s.prefix, 'a/b');
  assert.equal(s.secretKey, 'env');
  assert.equal(s.pathStyle, true);
  assert.equal(s.region, 'us-east-1');
});

test('a part size below S3\'s 5 MiB minimum is raised to it', () => {
  assert.equal(s3Settings(config('cold.store.bucket=svc-cold\ncold.upload.part.size=1m\n'))?.partSize, 5 * 1024 * 1024);
});

test('a bucket name S3 would refuse stops start-up naming the key', () => {
  assert.throws(() => s3Settings(config('cold.store.bucket=No_Such\n')), (e: unknown) => e instanceof SvcError && /key=cold\.store\.bucket, value=No_Such/.test(e.message));
});

test('an endpoint that is no http(s) URL stops start-up naming the key', () => {
  assert.throws(() => s3Settings(config('cold.store.bucket=svc-cold\ncold.store.endpoint=127.0.0.1:9000\n')),
    (e: unknown) => e instanceof SvcError && /key=cold\.store\.endpoint/.test(e.message));
});
