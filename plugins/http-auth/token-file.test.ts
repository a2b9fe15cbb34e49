import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseTokenList, TokenFile } from './token-file';

test('tokens are read one per line or comma-separated, skipping comments and blanks', () => {
  assert.deepEqual(parseTokenList('# issued 2026-01-01\nalpha\r\n\n beta , gamma \n#revoked\n'), ['alpha', 'beta', 'gamma']);
});

test('a reload picks up added and removed tokens', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tokens-'));
  try {
    const path = join(dir, 'tokens');
    writeFileSync(path, 'one\ntwo\n');
    const file = new TokenFile(path);
    assert.equal(file.matches('two'), true);
    writeFileSync(path, 'one\nthree\n');
    file.reload();
    assert.equal(file.matches('two'), false);
    assert.equal(file.matches('three'), true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing file accepts no token and reports why', () => {
  const messages: string[] = [];
  const file = new TokenFile(join(tmpdir(), 'svc-no-such-token-file'), (m) => messages.push(m));
  assert.equal(file.size, 0);
  assert.equal(file.matches(''), false);
  assert.match(messages[0], /cannot read the token file/);
});

test('watching notices a changed file within a few seconds', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tokens-'));
  const path = join(dir, 'tokens');
  writeFileSync(path, 'old\n');
  const file = new TokenFile(path);
  file.watch();
  try {
    // Same length and a later mtime: only the stat poll can tell.
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(path, 'new\n');
    const deadline = Date.now() + 5000;
    while (!file.matches('new') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(file.matches('new'), true);
    assert.equal(file.matches('old'), false);
  } finally {
    file.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file over 64 KB accepts no token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tokens-'));
  try {
    const path = join(dir, 'tokens');
    writeFileSync(path, 'good\n' + '#'.repeat(70 * 1024) + '\n');
    const messages: string[] = [];
    const file = new TokenFile(path, (m) => messages.push(m));
    assert.equal(file.matches('good'), false);
    assert.match(messages[0], /larger than 64 KB/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
