import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { test } from 'node:test';
import { FileAppender } from './file-appender';

test('lines are batched and written at the end of the turn', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-app-'));
  const a = new FileAppender(join(dir, 'sub', 'x.log'));
  a.appendLine('one');
  a.appendLine('two');
  assert.equal(readFileSync(a.path, 'utf8'), '');
  await tick();
  assert.equal(readFileSync(a.path, 'utf8'), 'one\ntwo\n');
  a.close();
  rmSync(dir, { recursive: true });
});

test('a full batch is written at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-app-'));
  const a = new FileAppender(join(dir, 'x.log'), 10);
  a.appendLine('0123456789');
  assert.equal(readFileSync(a.path, 'utf8'), '0123456789\n');
  assert.equal(a.size, 11);
  a.close();
  rmSync(dir, { recursive: true });
});

test('appending continues an existing file and counts its size', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-app-'));
  const first = new FileAppender(join(dir, 'x.log'));
  first.appendLine('a');
  first.close();
  const second = new FileAppender(join(dir, 'x.log'));
  assert.equal(second.size, 2);
  second.appendLine('b');
  second.close();
  assert.equal(readFileSync(join(dir, 'x.log'), 'utf8'), 'a\nb\n');
  rmSync(dir, { recursive: true });
});

test('lines after close are counted as lost, not thrown', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-app-'));
  const a = new FileAppender(join(dir, 'x.log'));
  a.close();
  a.appendLine('late');
  a.writeOut();
  assert.equal(a.lostLines, 1);
  rmSync(dir, { recursive: true });
});
