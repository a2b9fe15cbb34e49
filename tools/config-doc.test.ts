import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { SERVER_KEYS } from '../core/config/server-keys';
import { PROJECT_DIR } from '../core/project';
import { configKeyTable } from './config-doc';

test('docs/configuration.md holds the current key table', () => {
  const doc = readFileSync(join(PROJECT_DIR, 'docs', 'configuration.md'), 'utf8');
  assert.ok(doc.includes(configKeyTable()), 'regenerate with: node dist/tools/config-doc.js');
  for (const k of SERVER_KEYS) assert.ok(doc.includes(`\`${k.name}\``), k.name);
});
