/** Data set-up for features through the server's own QueryEngine (no HTTP route needed). */
import assert from 'node:assert/strict';
import { Given } from '@cucumber/cucumber';
import { QueryEngine } from '../../core/sql/query-engine';
import { SvcWorld } from '../support/world';

Given('the SQL statements ran:', async function (this: SvcWorld, script: string) {
  const server = await this.ensureStarted();
  const engine = server.container.resolve<QueryEngine>(QueryEngine);
  for (const sql of script.split(/;\s*\n/).map((s) => s.trim().replace(/;$/, '')).filter((s) => s !== '')) {
    const outcome = await engine.compile(sql).execute({ signal: new AbortController().signal });
    assert.notEqual(outcome.kind, 'rows', `not a statement: ${sql}`);
  }
});
