import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { apiBaseFor, BundleIndex } from './bundle-index';
import { pathSegments, StaticFiles } from './static-files';

const root = mkdtempSync(join(tmpdir(), 'svc-static-files-'));
after(() => rmSync(root, { recursive: true, force: true }));

function file(path: string, content: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

file('public/own.txt', 'own');
file('public/docs/index.html', 'docs');
file('public/assets/app-AAAAAAAA.js', 'user copy');
file('bundle/index.html', '<meta content="%SVC_API_BASE%">');
file('bundle/assets/app-AAAAAAAA.js', 'bundled');
file('bundle/assets/app-AAAAAAAA.js.gz', 'gz');
file('bundle/assets/chunk-BBBBBBBB.js', 'chunk');

const index = new BundleIndex(join(root, 'bundle'), '/');
const files = new StaticFiles({ publicDir: join(root, 'public'), indexFileName: 'index.html', bundleDir: join(root, 'bundle'), bundleIndex: () => index.current() });

test('paths with .., a dot-file or dot-folder, NUL or backslash never resolve', () => {
  assert.equal(pathSegments('/a/../b'), undefined);
  assert.equal(pathSegments('/a\\b'), undefined);
  assert.equal(pathSegments('/a\0'), undefined);
  assert.deepEqual(pathSegments('//a/./b/'), ['a', 'b']);
  assert.equal(pathSegments('/.secret'), undefined);
  assert.equal(pathSegments('/a/.git/config'), undefined);
  assert.equal(pathSegments('/a/..b'), undefined);
  assert.deepEqual(pathSegments('/a/b.c/d.'), ['a', 'b.c', 'd.']);
});

test('the public directory wins over the bundle', async () => {
  const own = await files.resolve('/assets/app-AAAAAAAA.js');
  assert.equal(own?.kind === 'file' && own.bundled, false);
  const chunk = await files.resolve('/assets/chunk-BBBBBBBB.js');
  assert.equal(chunk?.kind === 'file' && chunk.bundled, true);
  assert.equal(chunk?.kind === 'file' ? chunk.gzipPath : 'x', undefined);
});

test('a directory path names its index file; the root falls back to the rendered bundle index', async () => {
  assert.equal((await files.resolve('/docs/'))?.relativePath, 'docs/index.html');
  assert.equal((await files.resolve('/docs'))?.relativePath, 'docs/index.html');
  const page = await files.resolve('/');
  assert.equal(page?.kind, 'memory');
  assert.equal(page?.kind === 'memory' ? page.body.toString() : '', '<meta content="./">');
  assert.equal(await files.resolve('/nosuch.js'), undefined);
  assert.equal(await files.resolve('/../bundle/index.html'), undefined);
});

test('bundled files carry their gzip copy', async () => {
  const bundled = await new StaticFiles({ publicDir: join(root, 'none'), indexFileName: 'index.html', bundleDir: join(root, 'bundle') })
    .resolve('/assets/app-AAAAAAAA.js');
  assert.equal(bundled?.kind === 'file' ? bundled.gzipSize : undefined, 2);
});

test('the API base is relative to the web console context', () => {
  assert.equal(apiBaseFor('/'), './');
  assert.equal(apiBaseFor('/console'), '../');
  assert.equal(apiBaseFor('/a/b'), '../../');
});
