import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findStorageExhaustion, storageExhaustionMessage, withPath } from './storage-exhaustion';

/** An error as Node's fs gives it: `code`, `errno`, `syscall`, and `path` when the call had one. */
function errnoError(code: string, path?: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`${code}: something, write`);
  e.code = code;
  e.syscall = 'write';
  if (path !== undefined) e.path = path;
  return e;
}

test('ENOSPC, EDQUOT and EFBIG are storage exhaustion, each with its reason', () => {
  assert.deepEqual(findStorageExhaustion(errnoError('ENOSPC', '/db/t~1/x.d')), { code: 'ENOSPC', reason: 'no space left on device', path: '/db/t~1/x.d' });
  assert.equal(findStorageExhaustion(errnoError('EDQUOT'))?.reason, 'disk quota exceeded');
  assert.equal(findStorageExhaustion(errnoError('EFBIG'))?.reason, 'file too large');
});

test('other errno codes, plain errors and non-errors are not storage exhaustion', () => {
  for (const e of [errnoError('EIO'), errnoError('EACCES'), errnoError('ENOENT'), new Error('ENOSPC in the text only'), 'ENOSPC', 28, null, undefined]) {
    assert.equal(findStorageExhaustion(e), undefined, String(e));
  }
});

test('a code inherited from the prototype does not count', () => {
  assert.equal(findStorageExhaustion(errnoError('toString')), undefined);
  assert.equal(findStorageExhaustion(errnoError('constructor')), undefined);
});

test('a full disk wrapped in causes is found, with the path of the error that has the code', () => {
  const inner = errnoError('ENOSPC', '/db/w~3/2020-01-01/x.d');
  const wrapped = new Error('commit failed', { cause: new Error('partition write failed', { cause: inner }) });
  assert.deepEqual(findStorageExhaustion(wrapped), { code: 'ENOSPC', reason: 'no space left on device', path: '/db/w~3/2020-01-01/x.d' });
});

test('a full disk inside an AggregateError is found', () => {
  assert.equal(findStorageExhaustion(new AggregateError([new Error('a'), errnoError('EDQUOT')], 'both failed'))?.code, 'EDQUOT');
});

test('a cause cycle or an endless chain ends the search', () => {
  const a = new Error('a'), b = new Error('b', { cause: a });
  (a as { cause?: unknown }).cause = b;
  assert.equal(findStorageExhaustion(a), undefined);
  let deep: Error = errnoError('ENOSPC');
  for (let i = 0; i < 100; i++) deep = new Error(`level ${i}`, { cause: deep });
  assert.equal(findStorageExhaustion(deep), undefined);
});

test('the message names the reason and, when known, the file', () => {
  assert.equal(storageExhaustionMessage({ code: 'ENOSPC', reason: 'no space left on device', path: '/db/x.d' }),
    'could not write to disk: no space left on device [path=/db/x.d]');
  assert.equal(storageExhaustionMessage({ code: 'EFBIG', reason: 'file too large', path: undefined }), 'could not write to disk: file too large');
});

test('withPath gives an errno error without a path the file, and leaves others alone', () => {
  assert.equal(withPath(errnoError('ENOSPC'), '/db/x.d').path, '/db/x.d');
  assert.equal(withPath(errnoError('ENOSPC', '/db/first'), '/db/x.d').path, '/db/first');
  const plain = new Error('not an errno error');
  assert.equal((withPath(plain, '/db/x.d') as NodeJS.ErrnoException).path, undefined);
  assert.equal(withPath('text', '/db/x.d'), 'text');
});

test('a real EFBIG from a write past ulimit -f is recognised', { skip: process.platform === 'win32' }, () => {
  // Node ignores SIGXFSZ, so a write past RLIMIT_FSIZE fails with EFBIG instead of killing the process.
  const dir = mkdtempSync(join(tmpdir(), 'svc-efbig-'));
  try {
    const file = join(dir, 'big');
    const script = `const fs = require('node:fs'); const fd = fs.openSync(${JSON.stringify(file)}, 'w');
      try { for (let i = 0; i < 64; i++) fs.writeSync(fd, Buffer.alloc(4096)); process.stdout.write('{"code":"none"}'); }
      catch (e) { process.stdout.write(JSON.stringify({ code: e.code, path: e.path ?? null })); }`;
    const r = spawnSync('sh', ['-c', `ulimit -f 8 && exec "${process.execPath}" -e "$0"`, script], { encoding: 'utf8', timeout: 20_000 });
    const thrown = JSON.parse(r.stdout) as { code: string; path: string | null };
    assert.equal(thrown.code, 'EFBIG');
    const e = withPath(Object.assign(new Error('EFBIG: file too large, write'), { code: thrown.code }), file);
    assert.equal(storageExhaustionMessage(findStorageExhaustion(e) ?? assert.fail('not recognised')), `could not write to disk: file too large [path=${file}]`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
