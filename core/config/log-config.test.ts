import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LogLevel } from '../log/log-level';
import { parseLevelList, parseLogConfig } from './log-config';

const { Debug, Info, Error: Err, Critical, Advisory } = LogLevel;

test('a level list also enables every level above its highest', () => {
  assert.equal(parseLevelList('INFO'), Info | Err | Critical | Advisory);
  assert.equal(parseLevelList('ERROR'), Err | Critical | Advisory);
  assert.equal(parseLevelList('CRITICAL'), Critical | Advisory);
  assert.equal(parseLevelList('INFO,ERROR'), Info | Err | Critical | Advisory);
  assert.equal(parseLevelList('DEBUG'), Debug);
  assert.equal(parseLevelList('debug,info'), Debug | Info | Err | Critical | Advisory);
});

test('an unknown level is an error naming it', () => {
  assert.throws(() => parseLevelList('INFO,LOUD'), /Unknown level: LOUD/);
});

test('writers, classes and scopes are read; a writer without a class is inert', () => {
  const c = parseLogConfig('writers=file,stdout,http.min\nw.stdout.class=io.svc.log.LogConsoleWriter\nw.stdout.level=INFO\n'
    + 'w.http.min.class=io.svc.log.LogConsoleWriter\nw.http.min.level=ERROR\nw.http.min.scope=http-min-server\n', {});
  assert.deepEqual(c.writers.map((w) => [w.name, w.className, w.scope]), [
    ['file', undefined, undefined], ['stdout', 'io.svc.log.LogConsoleWriter', undefined],
    ['http.min', 'io.svc.log.LogConsoleWriter', 'http-min-server']]);
});

test('SVC_LOG_ variables override keys', () => {
  const c = parseLogConfig('writers=stdout\nw.stdout.class=X\nw.stdout.level=INFO', { SVC_LOG_W_STDOUT_LEVEL: 'ERROR' });
  assert.equal(c.writers[0].levels, Err | Critical | Advisory);
  const d = parseLogConfig('writers=stdout', { SVC_LOG_WRITERS: 'a', SVC_LOG_W_A_CLASS: 'Y' });
  assert.deepEqual(d.writers.map((w) => [w.name, w.className]), [['a', 'Y']]);
});

test('writer properties exclude class, level and scope and do not leak between writers', () => {
  const c = parseLogConfig('writers=http,http.min\nw.http.class=A\nw.http.location=x\nw.http.min.class=B\nw.http.min.location=y', {});
  assert.deepEqual([...c.writers[0].properties], [['location', 'x']]);
  assert.deepEqual([...c.writers[1].properties], [['location', 'y']]);
});
