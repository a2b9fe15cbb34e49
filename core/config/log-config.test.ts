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

test('writers, classes and scopes are read', () => {
  const c = parseLogConfig('writers=stdout,http.min\nw.stdout.class=io.svc.log.LogConsoleWriter\nw.stdout.level=INFO\n'
    + 'w.http.min.class=io.svc.log.LogConsoleWriter\nw.http.min.level=ERROR\nw.http.min.scope=http-min-server\n', {});
  assert.deepEqual(c.writers.map((w) => [w.name, w.className, w.scope]), [
    ['stdout', 'io.svc.log.LogConsoleWriter', undefined], ['http.min', 'io.svc.log.LogConsoleWriter', 'http-min-server']]);
});

test('a listed writer without a class stops start-up naming writers=, its value and line', () => {
  assert.throws(() => parseLogConfig('# c\nwriters=file,stdout\nw.stdout.class=X', {}, '/r/conf/log.conf'),
    /^SvcError: invalid value for log.conf key writers \[value=file,stdout, source=\/r\/conf\/log.conf line 2, env=SVC_LOG_WRITERS\]: writer file has no class: add a w.file.class line/);
  assert.throws(() => parseLogConfig('writers=stdout', { SVC_LOG_WRITERS: 'a' }),
    /writers \[value=a, source=SVC_LOG_WRITERS, env=SVC_LOG_WRITERS\]: writer a has no class/);
});

test('an unknown level names the key, the value, the line and the variable', () => {
  assert.throws(() => parseLogConfig('writers=stdout\nw.stdout.class=X\nw.stdout.level=VERBOSE', {}, '/r/conf/log.conf'),
    /^SvcError: invalid value for log.conf key w.stdout.level \[value=VERBOSE, source=\/r\/conf\/log.conf line 3, env=SVC_LOG_W_STDOUT_LEVEL\]: Unknown level: VERBOSE$/);
  assert.throws(() => parseLogConfig('writers=stdout\nw.stdout.class=X', { SVC_LOG_W_STDOUT_LEVEL: 'LOUD' }, 'log.conf', (n) => `QDB${n.slice(3)}`),
    /w.stdout.level \[value=LOUD, source=QDB_LOG_W_STDOUT_LEVEL, env=SVC_LOG_W_STDOUT_LEVEL\]: Unknown level: LOUD/);
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

test('global keys have QuestDB defaults', () => {
  const c = parseLogConfig('writers=', {});
  assert.deepEqual(c.globals, { logDir: undefined, recordLength: 4096, queueDepth: 1024, verbose: false });
});

test('global keys are read from the file and from SVC_LOG_ variables', () => {
  const c = parseLogConfig('log.dir=/tmp/x\nrecordLength=100\nqueueDepth=8\nlog.level.verbose=true', { SVC_LOG_RECORDLENGTH: '200' });
  assert.deepEqual(c.globals, { logDir: '/tmp/x', recordLength: 200, queueDepth: 8, verbose: true });
  assert.equal(parseLogConfig('', { SVC_LOG_LOG_DIR: 'elsewhere' }).globals.logDir, 'elsewhere');
  assert.equal(parseLogConfig('', { SVC_LOG_LOG_LEVEL_VERBOSE: 'true' }).globals.verbose, true);
});

test('a malformed global value stops start-up naming the key', () => {
  assert.throws(() => parseLogConfig('recordLength=lots', {}), /recordLength \[value=lots, source=log.conf line 1, env=SVC_LOG_RECORDLENGTH\]: expected a positive integer/);
  assert.throws(() => parseLogConfig('log.level.verbose=maybe', {}), /log.level.verbose \[value=maybe/);
});

test('unknown top-level keys are reported, not fatal', () => {
  assert.deepEqual(parseLogConfig('writers=\nfoo.bar=1', {}).unknownKeys, ['foo.bar']);
});

test('class, level and scope of a listed writer can come from the environment alone', () => {
  const c = parseLogConfig('writers=file', { SVC_LOG_W_FILE_CLASS: 'io.svc.log.LogFileWriter', SVC_LOG_W_FILE_LEVEL: 'CRITICAL', SVC_LOG_W_FILE_SCOPE: 'http' });
  assert.deepEqual([c.writers[0].className, c.writers[0].levels, c.writers[0].scope], ['io.svc.log.LogFileWriter', Critical | Advisory, 'http']);
});

test('a writer without a level line leaves the level to its class', () => {
  assert.equal(parseLogConfig('writers=a\nw.a.class=X', {}).writers[0].levels, undefined);
});
