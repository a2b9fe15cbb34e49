import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLogConfig } from '../config/log-config';
import { LogWriter, LogWriterFactory, LogWriterSettings } from '../extension/log-writer';
import { LogLevel } from './log-level';
import { createWriters } from './log-setup';

const made: LogWriterSettings[] = [];
const noop: LogWriter = { write() {}, flush: async () => {}, close: async () => {} };
const factory: LogWriterFactory = { className: 'x.Writer', properties: ['rollSize', 'location'], create: (s) => { made.push(s); return noop; } };
const context = { rootDir: '/r', logDir: '/r/log', version: '1.2.3', env: {} };

test('a class property can be set by SVC_LOG_W_<NAME>_<PROPERTY> even when the file lacks it', () => {
  const env = { SVC_LOG_W_FILE_ROLLSIZE: '1g' };
  createWriters(parseLogConfig('writers=file\nw.file.class=x.Writer\nw.file.location=a', env).writers, [factory], { ...context, env });
  assert.equal(made.at(-1)?.properties.get('rollSize'), '1g');
  assert.equal(made.at(-1)?.properties.get('location'), 'a');
});

test('the environment wins over the file for a class property', () => {
  const env = { SVC_LOG_W_FILE_LOCATION: 'b' };
  createWriters(parseLogConfig('writers=file\nw.file.class=x.Writer\nw.file.location=a', env).writers, [factory], { ...context, env });
  assert.equal(made.at(-1)?.properties.get('location'), 'b');
});

test('an unknown property stops start-up', () => {
  assert.throws(() => createWriters(parseLogConfig('writers=f\nw.f.class=x.Writer\nw.f.colour=red', {}).writers, [factory], context),
    /^SvcError: unknown log.conf key w.f.colour \[value=red, source=log.conf line 3, env=SVC_LOG_W_F_COLOUR\]: Unknown property; x.Writer takes class, level, scope, rollSize, location$/);
});

test('an unknown class stops start-up naming the known ones', () => {
  assert.throws(() => createWriters(parseLogConfig('writers=f\nw.f.class=com.example.Nope', {}).writers, [factory], context),
    /^SvcError: invalid value for log.conf key w.f.class \[value=com.example.Nope, source=log.conf line 2, env=SVC_LOG_W_F_CLASS\]: unknown log writer class; the known ones are x.Writer$/);
});

test('a class level mask narrows the configured set', () => {
  const masked: LogWriterFactory = { ...factory, className: 'y.Writer', levelMask: ~LogLevel.Advisory };
  const [w] = createWriters(parseLogConfig('writers=a\nw.a.class=y.Writer\nw.a.level=CRITICAL', {}).writers, [masked], context);
  assert.equal(w.levels, LogLevel.Critical);
});

test('writers get the root, log dir, version and environment', () => {
  createWriters(parseLogConfig('writers=a\nw.a.class=x.Writer', {}).writers, [factory], { ...context, env: { ORGID: 'o' } });
  const s = made.at(-1);
  assert.deepEqual([s?.name, s?.rootDir, s?.logDir, s?.version, s?.env.ORGID], ['a', '/r', '/r/log', '1.2.3', 'o']);
});

test('without a level line a writer takes its class default, else I, E, C and A', () => {
  const critical: LogWriterFactory = { ...factory, className: 'z.Writer', defaultLevels: LogLevel.Critical };
  const [a, b] = createWriters(parseLogConfig('writers=a,b\nw.a.class=x.Writer\nw.b.class=z.Writer', {}).writers, [factory, critical], context);
  assert.equal(a.levels, LogLevel.Info | LogLevel.Error | LogLevel.Critical | LogLevel.Advisory);
  assert.equal(b.levels, LogLevel.Critical | LogLevel.Advisory);
});

test('Advisory lines reach every writer whose class takes them, whatever its level set', () => {
  const [w] = createWriters(parseLogConfig('writers=a\nw.a.class=x.Writer\nw.a.level=DEBUG', {}).writers, [factory], context);
  assert.equal(w.levels, LogLevel.Debug | LogLevel.Advisory);
});

test('an invalid class property names where it came from: the variable when it overrides the file', () => {
  const failing: LogWriterFactory = { ...factory, className: 'f.Writer', create: (s) => { throw new Error(s.origin('rollSize').source); } };
  const env = { SVC_LOG_W_A_ROLLSIZE: '1g' };
  assert.throws(() => createWriters(parseLogConfig('writers=a\nw.a.class=f.Writer\nw.a.rollSize=2g', env).writers, [failing], { ...context, env }),
    /^Error: SVC_LOG_W_A_ROLLSIZE$/);
  assert.throws(() => createWriters(parseLogConfig('writers=a\nw.a.class=f.Writer\nw.a.rollSize=2g', {}).writers, [failing], context),
    /^Error: log.conf line 3$/);
});
