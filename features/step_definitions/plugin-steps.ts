/** Plugins' output compared with the server's own: a result printed by a plugin against /exec's dataset. */
import assert from 'node:assert/strict';
import { Then } from '@cucumber/cucumber';
import { httpRequest } from '../support/http-client';
import { SvcWorld } from '../support/world';

/** The `dataset` array of an /exec body exactly as sent (number texts such as `1.0` do not survive JSON.parse). */
function datasetText(body: string): string {
  const start = body.indexOf('"dataset":');
  const end = body.lastIndexOf(',"count":');
  assert.ok(start >= 0 && end > start, body.slice(0, 500));
  return body.slice(start + '"dataset":'.length, end);
}

Then('the body, one JSON array per line, is the dataset of the query {string}', async function (this: SvcWorld, sql: string) {
  assert.ok(this.response, 'no request was made');
  const lines = this.response.body.toString('utf8').split('\n').filter((l) => l !== '');
  const exec = await httpRequest(this.host('API'), this.port('API'), `/exec?query=${encodeURIComponent(sql)}`);
  assert.equal(exec.status, 200, exec.body.toString('utf8'));
  assert.equal(`[${lines.join(',')}]`, datasetText(exec.body.toString('utf8')));
});

Then('the body is the body of GET {string} on the API listener', async function (this: SvcWorld, path: string) {
  assert.ok(this.response, 'no request was made');
  const other = await httpRequest(this.host('API'), this.port('API'), path);
  assert.equal(other.status, 200, other.body.toString('utf8'));
  assert.equal(this.response.body.toString('utf8'), other.body.toString('utf8'));
});
