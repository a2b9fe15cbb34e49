import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { container } from 'tsyringe';
import { LogWriterFactory, LogWriterSettings } from '../extension/log-writer';
import { RootDirectory } from '../root-directory';
import { configureLogging } from './configure-logging';
import { LogService } from './log-service';

function setUp(logConf: string): { root: RootDirectory; lines: string[]; settings: LogWriterSettings[]; logs: LogService; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-conflog-'));
  const root = new RootDirectory(dir);
  root.prepare(join(dir, 'no-defaults'));
  writeFileSync(join(root.conf, 'log.conf'), logConf);
  const lines: string[] = [];
  const settings: LogWriterSettings[] = [];
  const child = container.createChildContainer();
  const factory: LogWriterFactory = {
    className: 'test.Memory', properties: [],
    create: (s) => { settings.push(s); return { write: (r) => { lines.push(r.line); }, flush: async () => {}, close: async () => {} }; },
  };
  child.register(LogWriterFactory, { useValue: factory });
  const logs = new LogService();
  logs.create('early').advisory('before configuration');
  configureLogging(child, logs, root, { env: {}, defaultConfDir: join(dir, 'no-defaults') });
  return { root, lines, settings, logs, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test('log.dir relative to the root becomes ${log.dir} for writers', () => {
  const s = setUp('writers=m\nw.m.class=test.Memory\nlog.dir=mylogs\n');
  assert.equal(s.settings[0].logDir, join(s.root.root, 'mylogs'));
  s.done();
});

test('log.level.verbose prints level names, also for lines logged before configuration', () => {
  const s = setUp('writers=m\nw.m.class=test.Memory\nlog.level.verbose=true\n');
  assert.match(s.lines[0], /Z ADVISORY early before configuration$/);
  assert.ok(s.lines.some((l) => / ADVISORY server-main log configuration \[file=.*log.conf, writers=m, logDir=/.test(l)), s.lines.join('\n'));
  s.done();
});

test('unknown log.conf keys are reported at start-up', () => {
  const s = setUp('writers=m\nw.m.class=test.Memory\nlog.colour=blue\n');
  assert.ok(s.lines.some((l) => /A server-main unknown key in log.conf ignored \[key=log.colour\]$/.test(l)));
  s.done();
});
