import assert from 'node:assert/strict';
import { test } from 'node:test';
import { envName } from './env-overrides';
import { ServerConfig } from './server-config';
import { HTTP_BIND_TO, HTTP_KEEP_ALIVE_MAX, HTTP_MIN_BIND_TO, HTTP_PASSWORD, HTTP_SEND_BUFFER_SIZE, METRICS_ENABLED, QUERY_TIMEOUT } from './server-keys';

const load = (confText: string | undefined, env: Record<string, string> = {}, files: Record<string, string> = {}): ServerConfig =>
  ServerConfig.load({ confText, env, readFile: (p) => { if (!(p in files)) throw new Error('ENOENT'); return files[p]; } });

test('env names upper-case the key, replace dots and keep hyphens', () => {
  assert.equal(envName('http.min.net.bind.to'), 'SVC_HTTP_MIN_NET_BIND_TO');
  assert.equal(envName('http.keep-alive.max'), 'SVC_HTTP_KEEP-ALIVE_MAX');
  assert.equal(envName('http.busy.retry.initialWaitQueueSize'), 'SVC_HTTP_BUSY_RETRY_INITIALWAITQUEUESIZE');
});

test('defaults apply when nothing is set', () => {
  const c = load(undefined);
  assert.deepEqual(c.get(HTTP_BIND_TO), { host: '0.0.0.0', port: 9000 });
  assert.deepEqual(c.get(HTTP_MIN_BIND_TO), { host: '0.0.0.0', port: 9003 });
  assert.equal(c.get(METRICS_ENABLED), false);
  assert.equal(c.get(QUERY_TIMEOUT), 60_000);
  assert.equal(c.get(HTTP_SEND_BUFFER_SIZE), 2 * 1024 * 1024);
});

test('server.conf values are typed', () => {
  const c = load('metrics.enabled=true\nhttp.keep-alive.max=7\nquery.timeout=1500\nhttp.send.buffer.size=64k');
  assert.equal(c.get(METRICS_ENABLED), true);
  assert.equal(c.get(HTTP_KEEP_ALIVE_MAX), 7);
  assert.equal(c.get(QUERY_TIMEOUT), 1500);
  assert.equal(c.get(HTTP_SEND_BUFFER_SIZE), 65536);
});

test('the environment wins over server.conf', () => {
  const c = load('http.min.net.bind.to=0.0.0.0:9003', { SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:9103' });
  assert.deepEqual(c.get(HTTP_MIN_BIND_TO), { host: '127.0.0.1', port: 9103 });
  assert.equal(c.entries().find((e) => e.key === 'http.min.net.bind.to')?.source, 'env');
});

test('http.bind.to is an alias of http.net.bind.to', () => {
  assert.deepEqual(load('http.bind.to=1.2.3.4:9999').get(HTTP_BIND_TO), { host: '1.2.3.4', port: 9999 });
  assert.deepEqual(load('http.bind.to=1.2.3.4:9999\nhttp.net.bind.to=5.6.7.8:1').get(HTTP_BIND_TO), { host: '5.6.7.8', port: 1 });
});

test('a bad value stops loading with the key, the value and what was expected', () => {
  assert.throws(() => load('http.keep-alive.max=lots'), (e: Error) =>
    /http\.keep-alive\.max/.test(e.message) && /value=lots/.test(e.message) && /expected an integer/.test(e.message));
  assert.throws(() => load('', { SVC_METRICS_ENABLED: 'yes' }), /metrics\.enabled.*value=yes.*true or false/);
  assert.throws(() => load('http.net.bind.to=0.0.0.0:99999'), /http\.net\.bind\.to/);
});

test('a .file key reads a secret from a file and is masked in entries', () => {
  const c = load('http.password.file=/run/secret', {}, { '/run/secret': '  s3cret\n' });
  assert.equal(c.get(HTTP_PASSWORD), 's3cret');
  assert.equal(c.entries().find((e) => e.key === 'http.password')?.value, '****');
  assert.equal(load('', { SVC_HTTP_PASSWORD_FILE: '/run/secret' }, { '/run/secret': 'x' }).get(HTTP_PASSWORD), 'x');
});

test('unknown keys are listed, not fatal', () => {
  assert.deepEqual(load('no.such.key=1').unknownKeys, ['no.such.key']);
});
