import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LogWriterSettings } from '../../core/extension/log-writer';
import { LogLevel } from '../../core/log/log-level';
import { plainOrigins } from '../../core/log/log-setup';
import { formatLine } from '../../core/log/log-line';
import { LogRecord } from '../../core/log/log-record';
import { RollingFileWriter } from './rolling-file-writer';

const us = (iso: string): number => Date.parse(iso) * 1000;

function settings(root: string, props: Record<string, string>): LogWriterSettings {
  const properties = new Map(Object.entries(props));
  return { name: 'file', className: 'io.svc.log.LogRollingFileWriter', properties,
    rootDir: root, logDir: join(root, 'log'), version: '0', env: {}, origin: plainOrigins('file', properties) };
}

function record(micros: number, message: string): LogRecord {
  return { micros, level: LogLevel.Info, source: 't', message, line: formatLine(micros, LogLevel.Info, 't', message) };
}

test('rollEvery=day starts a new dated file at UTC midnight', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-roll-'));
  const w = new RollingFileWriter(settings(root, { location: '${log.dir}/svc.log.${date:yyyyMMdd}', rollEvery: 'day' }), us('2024-03-01T23:59:58Z'));
  w.write(record(us('2024-03-01T23:59:59Z'), 'before'));
  w.write(record(us('2024-03-02T00:00:01Z'), 'after'));
  await w.close();
  assert.match(readFileSync(join(root, 'log', 'svc.log.20240301'), 'utf8'), /before\n$/);
  assert.match(readFileSync(join(root, 'log', 'svc.log.20240302'), 'utf8'), /^2024-03-02T00:00:01.000000Z I t after\n$/);
  rmSync(root, { recursive: true });
});

test('rollEvery=minute with a fixed name shifts the old file to .1', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-roll-'));
  const w = new RollingFileWriter(settings(root, { location: 'logs/fixed.log', rollEvery: 'MINUTE' }), us('2024-03-01T10:00:00Z'));
  w.write(record(us('2024-03-01T10:00:30Z'), 'first'));
  w.write(record(us('2024-03-01T10:01:00Z'), 'second'));
  w.write(record(us('2024-03-01T10:02:10Z'), 'third'));
  await w.close();
  const dir = join(root, 'logs');
  assert.match(readFileSync(join(dir, 'fixed.log'), 'utf8'), /third\n$/);
  assert.match(readFileSync(join(dir, 'fixed.log.1'), 'utf8'), /second\n$/);
  assert.match(readFileSync(join(dir, 'fixed.log.2'), 'utf8'), /first\n$/);
  assert.equal(w.rollCount, 2);
  rmSync(root, { recursive: true });
});

test('rollSize rolls once the file reaches the size (unit suffixes allowed)', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-roll-'));
  const w = new RollingFileWriter(settings(root, { location: '${log.dir}/s.log', rollSize: '1k' }));
  const t = us('2024-03-01T10:00:00Z');
  for (let i = 0; i < 100; i++) w.write(record(t + i, `line ${i} ${'x'.repeat(40)}`));
  await w.close();
  const files = readdirSync(join(root, 'log')).sort();
  assert.ok(files.length >= 5, files.join(','));
  for (const f of files) assert.ok(readFileSync(join(root, 'log', f)).length <= 1024 + 100, f);
  const all = files.map((f) => readFileSync(join(root, 'log', f), 'utf8')).join('');
  assert.equal(all.split('\n').filter((l) => l !== '').length, 100);
  rmSync(root, { recursive: true });
});

test('an existing file at start-up is shifted, never appended to or overwritten', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-roll-'));
  const log = join(root, 'log');
  const w1 = new RollingFileWriter(settings(root, { location: '${log.dir}/a.log' }));
  w1.write(record(us('2024-03-01T10:00:00Z'), 'run one'));
  await w1.close();
  const w2 = new RollingFileWriter(settings(root, { location: '${log.dir}/a.log' }));
  w2.write(record(us('2024-03-01T11:00:00Z'), 'run two'));
  await w2.close();
  assert.match(readFileSync(join(log, 'a.log'), 'utf8'), /run two\n$/);
  assert.match(readFileSync(join(log, 'a.log.1'), 'utf8'), /run one\n$/);
  rmSync(root, { recursive: true });
});

test('lifeDuration and sizeLimit prune the writer\'s old files on roll', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-roll-'));
  const log = join(root, 'log');
  const w = new RollingFileWriter(settings(root, { location: '${log.dir}/p.log', rollSize: '1k', lifeDuration: '1d', sizeLimit: '3k' }));
  writeFileSync(join(log, 'p.log.old'), 'x');
  const old = (Date.now() - 3 * 86_400_000) / 1000;
  utimesSync(join(log, 'p.log.old'), old, old);
  writeFileSync(join(log, 'other.txt'), 'not mine');
  const t = us('2024-03-01T10:00:00Z');
  for (let i = 0; i < 200; i++) w.write(record(t + i, `line ${i} ${'x'.repeat(40)}`));
  await w.close();
  assert.equal(existsSync(join(log, 'p.log.old')), false);
  assert.equal(existsSync(join(log, 'other.txt')), true);
  const mine = readdirSync(log).filter((f) => f.startsWith('p.log'));
  const total = mine.reduce((s, f) => s + readFileSync(join(log, f)).length, 0);
  assert.ok(total <= 3 * 1024 + 1200, `${total} bytes in ${mine.length} files`);
  rmSync(root, { recursive: true });
});

test('a malformed rollSize stops start-up naming the key', () => {
  assert.throws(() => new RollingFileWriter(settings(tmpdir(), { rollSize: 'huge' })), /w.file.rollSize \[value=huge, source=log.conf, env=SVC_LOG_W_FILE_ROLLSIZE\]/);
});
