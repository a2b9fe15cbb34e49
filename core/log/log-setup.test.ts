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
    /Unknown property \[writer=f, property=w.f.colour\]/);
});

test('an unknown class stops start-up naming the known ones', () => {
  assert.throws(() => createWriters(parseLogConfig('writers=f\nw.f.class=com.example.Nope', {}).writers, [factory], context),
    /unknown log writer class \[writer=f, class=com.example.Nope, known=x.Writer\]/);
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
  assert.equal(b.levels, LogLevel.Critical);
});
