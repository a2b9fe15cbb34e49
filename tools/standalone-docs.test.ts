/**
 * Docs stand alone: no file of the repository cites a document that is not in it (the design notes,
 * style guide, API and SQL references the project was started from). Say the fact itself, or cite a
 * doc under docs/. The names are assembled here so this file does not match itself.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { PROJECT_DIR } from '../core/project';

const md = (name: string): string => `${name}.md`;
const FORBIDDEN: readonly string[] = [
  md('http-api'), md('sql-dialect'), md('parity-9.4.4'), md('DESIGN'), md('STYLE'), md('libraries'),
  ['..', 'shared'].join('/'), ['shared', 'reference'].join('/'), ['shared', 'bench'].join('/'), ['shared', 'seed'].join('/'),
];
/** A bare section sign cites those references' sections; an RFC's sections (`RFC 9110 §14`) are public. */
const BARE_SECTION = new RegExp(`(?<!RFC \\d{3,5} )${String.fromCharCode(0xa7)}`);
const FOLDERS = ['core', 'plugins', 'features', 'tools', 'docs', 'conf', 'bin'];
const TEXT = /\.(ts|js|mjs|md|feature|conf|sh|service|json)$|^(svc|Dockerfile|README\.md)$/;

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) files(p, out);
    else if (TEXT.test(entry.name)) out.push(p);
  }
  return out;
}

test('no file cites a document outside the repository', () => {
  const found: string[] = [];
  const all = [join(PROJECT_DIR, 'README.md'), join(PROJECT_DIR, 'Dockerfile'), ...FOLDERS.flatMap((f) => files(join(PROJECT_DIR, f)))];
  for (const path of all) {
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const name of FORBIDDEN) if (line.includes(name)) found.push(`${relative(PROJECT_DIR, path)}:${i + 1}: ${name}`);
      if (BARE_SECTION.test(line)) found.push(`${relative(PROJECT_DIR, path)}:${i + 1}: section sign`);
    });
  }
  assert.deepEqual(found, [], 'state the fact itself or cite a doc under docs/ (docs/writing-docs.md)');
});
