/** The docs runner over README.md and docs/, and over small documents written by a scenario. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Then, When } from '@cucumber/cucumber';
import { BlockResult, projectDocuments, runDocument } from '../../tools/doc-runner';
import { SvcWorld } from '../support/world';

const results = new WeakMap<SvcWorld, BlockResult[]>();

function resultsOf(world: SvcWorld): BlockResult[] {
  const r = results.get(world);
  assert.ok(r, 'the docs runner has not run');
  return r;
}

function blockAt(world: SvcWorld, line: number): BlockResult {
  const r = resultsOf(world).find((b) => b.line === line);
  assert.ok(r, `no block on line ${line}: ${JSON.stringify(resultsOf(world))}`);
  return r;
}

When('the docs runner runs every document', async function (this: SvcWorld) {
  const all: BlockResult[] = [];
  for (const path of projectDocuments()) all.push(...await runDocument(path));
  results.set(this, all);
});

When('the docs runner runs this document:', async function (this: SvcWorld, markdown: string) {
  const path = join(this.root, 'doc.md');
  writeFileSync(path, markdown + '\n');
  results.set(this, await runDocument(path));
});

Then('every block did what its document says', function (this: SvcWorld) {
  const failed = resultsOf(this).filter((r) => r.failure !== undefined);
  assert.deepEqual(failed.map((r) => `${r.file}:${r.line}: ${r.failure}`), []);
});

Then('at least {int} blocks of {string} ran', function (this: SvcWorld, n: number, file: string) {
  const ran = resultsOf(this).filter((r) => r.file === file && r.ran).length;
  assert.ok(ran >= n, `${ran} blocks of ${file} ran`);
});

Then('the block on line {int} ran and passed', function (this: SvcWorld, line: number) {
  const r = blockAt(this, line);
  assert.deepEqual([r.ran, r.failure], [true, undefined]);
});

Then('the block on line {int} was not run and passed', function (this: SvcWorld, line: number) {
  const r = blockAt(this, line);
  assert.deepEqual([r.ran, r.failure], [false, undefined]);
});

Then('the block on line {int} failed with {string}', function (this: SvcWorld, line: number, text: string) {
  const r = blockAt(this, line);
  assert.ok(r.failure?.includes(text), `failure was: ${r.failure}`);
});
