import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LogWriterSettings } from '../../core/extension/log-writer';
import { LogLevel } from '../../core/log/log-level';
import { plainOrigins } from '../../core/log/log-setup';
import { formatLine } from '../../core/log/log-line';
import { FileWriter } from './file-writer';

const props = (root: string, p: Record<string, string>): LogWriterSettings => {
  const properties = new Map(Object.entries(p));
  return { name: 'f', className: 'io.svc.log.LogFileWriter', properties, rootDir: root, logDir: join(root, 'log'),
    version: '0', env: {}, origin: plainOrigins('f', properties) };
};

test('LogFileWriter appends lines to its location', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-file-'));
  const w = new FileWriter(props(root, { location: '${log.dir}/single.log' }));
  const line = formatLine(0, LogLevel.Error, 's', 'bad thing');
  w.write({ micros: 0, level: LogLevel.Error, source: 's', message: 'bad thing', line });
  await w.close();
  assert.equal(readFileSync(join(root, 'log', 'single.log'), 'utf8'), line + '\n');
  rmSync(root, { recursive: true });
});

test('LogFileWriter defaults to ${log.dir}/svc.log', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-file-'));
  const w = new FileWriter(props(root, {}));
  assert.equal(w.path, join(root, 'log', 'svc.log'));
  await w.close();
  rmSync(root, { recursive: true });
});

test('a malformed bufferSize stops start-up', () => {
  assert.throws(() => new FileWriter(props(tmpdir(), { bufferSize: 'big' })), /w.f.bufferSize \[value=big/);
});
