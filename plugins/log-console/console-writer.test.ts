import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { LogLevel } from '../../core/log/log-level';
import { ConsoleWriter } from './console-writer';
import { ConsoleTargets, isDetached, stdoutFileName } from './detached-console';

const rec = (message: string) => ({ micros: 0, level: LogLevel.Info, source: 's', message, line: `L ${message}` });

test('console lines are written together at the end of the turn', async () => {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => { text += c.toString(); });
  const w = new ConsoleWriter(out, undefined);
  w.write(rec('a'));
  w.write(rec('b'));
  await w.flush();
  assert.equal(text, 'L a\nL b\n');
});

test('SVC_DETACHED=true means detached', () => {
  assert.equal(isDetached({ SVC_DETACHED: 'true' }), true);
  assert.equal(isDetached({ SVC_DETACHED: 'false' }), false);
  assert.equal(isDetached({}), false);
});

test('the detached file is stdout-<yyyy-MM-ddTHH-mm-ss>.txt', () => {
  assert.equal(stdoutFileName(Date.parse('2020-04-15T11:59:59Z') * 1000), 'stdout-2020-04-15T11-59-59.txt');
});

test('detached console writers share one stdout file and leave a non-terminal console alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-console-'));
  const targets = new ConsoleTargets(new PassThrough());
  assert.equal(targets.consoleFor(true), undefined);
  const a = new ConsoleWriter(undefined, targets.stdoutFile(dir));
  const b = new ConsoleWriter(undefined, targets.stdoutFile(dir));
  a.write(rec('from a'));
  b.write(rec('from b'));
  await a.close(); targets.release();
  await b.close(); targets.release();
  const files = readdirSync(dir);
  assert.equal(files.length, 1);
  assert.equal(readFileSync(join(dir, files[0]), 'utf8'), 'L from a\nL from b\n');
  rmSync(dir, { recursive: true });
});
