/** /exp responses: CSV bodies (CRLF lines) and header patterns. */
import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { header } from '../support/http-client';
import { SvcWorld } from '../support/world';

function body(world: SvcWorld): string {
  assert.ok(world.response, 'no request was made');
  return world.response.body.toString('utf8');
}

Then('the CSV body is:', function (this: SvcWorld, expected: string) {
  assert.equal(body(this), expected.split('\n').map((l) => `${l}\r\n`).join(''));
});

Then('the CSV body has the lines {string}', function (this: SvcWorld, lines: string) {
  const expected = lines === '' ? '' : lines.split(',').map((l) => `${l}\r\n`).join('');
  assert.equal(body(this), expected);
});

Then('the header {string} matches {string}', function (this: SvcWorld, name: string, pattern: string) {
  assert.ok(this.response, 'no request was made');
  assert.match(header(this.response, name) ?? '', new RegExp(pattern));
});

When('I GET {string} on the API listener and the server may cut the response', async function (this: SvcWorld, path: string) {
  try {
    await this.request('API', path, { timeoutMs: 60_000 });
    this.values.set('cut', 'no');
  } catch (e) {
    this.values.set('cut', e instanceof Error ? e.message : String(e));
  }
});

Then('the connection was closed before the response ended', function (this: SvcWorld) {
  const cut = this.values.get('cut');
  assert.ok(cut !== undefined && cut !== 'no', `the response ended normally (status ${this.response?.status})`);
});
