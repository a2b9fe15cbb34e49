/**
 * Data set-up for features through the server's own QueryEngine (no HTTP route needed, so it also works
 * with `http.security.readonly`); against a running server (`svc-accept --base`) through /exec instead.
 */
import assert from 'node:assert/strict';
import { Given } from '@cucumber/cucumber';
import { QueryEngine } from '../../core/sql/query-engine';
import { SvcWorld } from '../support/world';

Given('the SQL statements ran:', async function (this: SvcWorld, script: string) {
  const statements = script.split(/;\s*\n/).map((s) => s.trim().replace(/;$/, '')).filter((s) => s !== '');
  if (this.remoteBase !== undefined) {
    for (const sql of statements) {
      const r = await this.request('API', `/exec?query=${encodeURIComponent(sql)}`);
      assert.equal(r.status, 200, `${sql}: ${r.body.toString('utf8')}`);
    }
    return;
  }
  const server = await this.ensureStarted();
  const engine = server.container.resolve<QueryEngine>(QueryEngine);
  for (const sql of statements) {
    const outcome = await engine.compile(sql).execute({ signal: new AbortController().signal });
    assert.notEqual(outcome.kind, 'rows', `not a statement: ${sql}`);
  }
});
