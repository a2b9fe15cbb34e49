import assert from 'node:assert/strict';
import { test } from 'node:test';
import { worldTarget } from '../features/support/world-target';
import { parseAcceptArgs, UsageError } from './accept-options';

test('svc-accept arguments: plugins and paths relative to the user\'s folder, tags, base', () => {
  const o = parseAcceptArgs(['--plugins', 'a.js, /opt/b.js', '--tags', '@smoke', 'f.feature', 'dir'], '/home/u');
  assert.deepEqual(o, {
    help: false, paths: ['/home/u/f.feature', '/home/u/dir'], plugins: ['/home/u/a.js', '/opt/b.js'],
    base: undefined, min: undefined, ilp: undefined, pg: undefined, tags: '@smoke',
  });
  assert.equal(parseAcceptArgs(['x.feature', '--help'], '/').help, true);
  assert.equal(parseAcceptArgs(['--base', 'http://127.0.0.1:9000', '--min', 'http://127.0.0.1:9003'], '/').min, 'http://127.0.0.1:9003');
});

test('svc-accept --ilp and --pg: HOST:PORT of the line protocol and PostgreSQL listeners, with --base', () => {
  const o = parseAcceptArgs(['--base', 'http://db.example:9000', '--ilp', 'db.example:9009', '--pg', '[::1]:8812', 'f.feature'], '/u');
  assert.equal(o.ilp, 'db.example:9009');
  assert.equal(o.pg, '[::1]:8812');
  const remote = worldTarget({ svc: { base: o.base, ilp: o.ilp, pg: o.pg } }, {}, '/u');
  assert.deepEqual(remote.kind === 'remote' ? [...remote.endpoints] : [], [
    ['API', { host: 'db.example', port: 9000 }], ['ILP', { host: 'db.example', port: 9009 }], ['PG', { host: '::1', port: 8812 }],
  ]);
  assert.throws(() => parseAcceptArgs(['--ilp', 'h:9009'], '/'), /--ilp goes with --base/);
  assert.throws(() => parseAcceptArgs(['--pg', 'h:8812', 'f.feature'], '/'), /--pg goes with --base/);
  for (const bad of ['h', 'h:', ':8812', 'h:0', 'h:65536', 'h:88x', 'http://h:8812', 'h:8812/x', '::1:8812']) {
    assert.throws(() => parseAcceptArgs(['--base', 'http://h:1', '--pg', bad], '/'), (e: unknown) =>
      e instanceof UsageError && e.message === `--pg must be HOST:PORT (a port from 1 to 65535): ${bad}`, bad);
  }
  assert.throws(() => parseAcceptArgs(['--base', 'http://h:1', '--ilp'], '/'), /--ilp needs a value/);
});

test('svc-accept refuses contradictory or malformed arguments', () => {
  assert.throws(() => parseAcceptArgs(['--base', 'http://h:1', '--plugins', 'a.js'], '/'), UsageError);
  assert.throws(() => parseAcceptArgs(['--base', 'https://h:1'], '/'), /--base must be an http:\/\/ URL/);
  assert.throws(() => parseAcceptArgs(['--base', 'http://h:1/api'], '/'), /scheme, host and port only/);
  assert.throws(() => parseAcceptArgs(['--min', 'http://h:1'], '/'), /--min goes with --base/);
  assert.throws(() => parseAcceptArgs(['--tags'], '/'), /--tags needs a value/);
  assert.throws(() => parseAcceptArgs(['--parallel', '2'], '/'), /unknown option --parallel/);
});

test('the World loads SVC_PLUGINS (relative to the working folder) unless the runner passes plugins', () => {
  assert.deepEqual(worldTarget({}, { SVC_PLUGINS: 'a.js,/opt/b.js' }, '/w'), { kind: 'local', pluginModules: ['/w/a.js', '/opt/b.js'] });
  assert.deepEqual(worldTarget({ svc: { plugins: ['/p/c.js'] } }, { SVC_PLUGINS: 'a.js' }, '/w'), { kind: 'local', pluginModules: ['/p/c.js'] });
  assert.deepEqual(worldTarget(undefined, {}, '/w'), { kind: 'local', pluginModules: [] });
  const remote = worldTarget({ svc: { base: 'http://127.0.0.1:9000' } }, {}, '/w');
  assert.equal(remote.kind, 'remote');
  assert.deepEqual(remote.kind === 'remote' ? [...remote.endpoints] : [], [['API', { host: '127.0.0.1', port: 9000 }]]);
});
