/** docs/plugins.md stays complete and well-formed: every PluginApi member, every example, closed fences. */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { container } from 'tsyringe';
import { createPluginApi } from '../core/plugin-api';
import { PROJECT_DIR } from '../core/project';

const docs = join(PROJECT_DIR, 'docs');
const read = (path: string): string => readFileSync(path, 'utf8');

test('docs/plugins.md lists every PluginApi member and token', () => {
  const doc = read(join(docs, 'plugins.md'));
  const api = createPluginApi(container.createChildContainer());
  for (const key of Object.keys(api)) assert.ok(doc.includes(`\`api.${key}`), `api.${key} is not documented`);
  for (const key of Object.keys(api.tokens)) assert.ok(doc.includes(`api.tokens.${key}`), `api.tokens.${key} is not documented`);
});

test('every example plugin is shown in docs/plugins.md and loaded by a feature', () => {
  const doc = read(join(docs, 'plugins.md'));
  const features = readdirSync(join(PROJECT_DIR, 'features')).filter((f) => f.endsWith('.feature'))
    .map((f) => read(join(PROJECT_DIR, 'features', f))).join('\n');
  const examples = readdirSync(join(docs, 'examples')).filter((f) => f.endsWith('.js'));
  assert.ok(examples.length >= 8, examples.join(', '));
  for (const file of examples) {
    assert.ok(doc.includes(`(examples/${file})`), `${file} is not linked from docs/plugins.md`);
    assert.ok(features.includes(`the example plugin "${file}" is copied to the root`), `no feature loads ${file}`);
  }
});

test('every code fence in docs/ is closed', () => {
  for (const file of readdirSync(docs).filter((f) => f.endsWith('.md'))) {
    // CommonMark: a fence of N backticks is closed only by a bare fence of at least N backticks.
    let open = 0;
    for (const line of read(join(docs, file)).split('\n')) {
      const m = /^\s*(`{3,})(.*)$/.exec(line);
      if (!m) continue;
      if (open === 0) open = m[1].length;
      else if (m[1].length >= open && m[2].trim() === '') open = 0;
    }
    assert.equal(open, 0, `${file} has an unclosed code fence`);
  }
});
