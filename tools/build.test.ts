import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { PROJECT_DIR } from '../core/project';

/** tools/build.js (plain JavaScript: it runs before anything is compiled). */
interface BuildTool {
  sourceRecord(root: string): Record<string, string>;
  staleness(root: string): string | undefined;
  readonly RECORD: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const tool = require(join(PROJECT_DIR, 'tools', 'build.js')) as BuildTool;

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-build-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** What a successful build leaves: dist/core/cli.js and the record of the sources it built. */
function built(root: string): void {
  mkdirSync(join(root, 'dist', 'core'), { recursive: true });
  writeFileSync(join(root, 'dist', 'core', 'cli.js'), '');
  writeFileSync(join(root, tool.RECORD), JSON.stringify(tool.sourceRecord(root)));
}

const SOURCES = { 'core/a.ts': 'a', 'plugins/p/b.ts': 'b', 'tools/c.js': 'c', 'package.json': '{}', 'features/x.feature': 'F' };

test('a tree without a build, or without a record of it, needs one', () => {
  const root = tree(SOURCES);
  try {
    assert.equal(tool.staleness(root), 'no build yet');
    mkdirSync(join(root, 'dist', 'core'), { recursive: true });
    writeFileSync(join(root, 'dist', 'core', 'cli.js'), '');
    assert.equal(tool.staleness(root), 'no record of the last build');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an unchanged tree needs no build; feature and markdown files are not sources', () => {
  const root = tree(SOURCES);
  try {
    built(root);
    assert.equal(tool.staleness(root), undefined);
    writeFileSync(join(root, 'features', 'x.feature'), 'changed');
    writeFileSync(join(root, 'core', 'notes.md'), 'new');
    assert.equal(tool.staleness(root), undefined);
    assert.deepEqual(Object.keys(tool.sourceRecord(root)).sort(), ['core/a.ts', 'package.json', 'plugins/p/b.ts', 'tools/c.js']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a changed, touched, added or deleted source file needs a build and is named', () => {
  const root = tree(SOURCES);
  try {
    built(root);
    writeFileSync(join(root, 'core', 'a.ts'), 'a2');
    assert.equal(tool.staleness(root), 'core/a.ts changed');
    built(root);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'plugins', 'p', 'b.ts'), later, later);
    assert.equal(tool.staleness(root), 'plugins/p/b.ts changed');
    built(root);
    writeFileSync(join(root, 'core', 'new.ts'), 'n');
    rmSync(join(root, 'tools', 'c.js'));
    assert.equal(tool.staleness(root), 'core/new.ts and 1 more changed');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
