import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PROJECT_DIR } from '../core/project';
import { stepsCatalogue } from './steps-doc';

test('docs/steps.md is the current catalogue of the step definitions', async () => {
  const doc = readFileSync(join(PROJECT_DIR, 'docs', 'steps.md'), 'utf8');
  const current = await stepsCatalogue();
  assert.ok(current.includes('- **When** `I GET {string} on the {listener} listener`'), 'a known step is missing from the catalogue');
  assert.ok(current.includes('local only: needs the server\'s root directory'), 'local-only steps are not marked');
  assert.equal(doc, current, 'regenerate with: node dist/tools/steps-doc.js > docs/steps.md');
});
