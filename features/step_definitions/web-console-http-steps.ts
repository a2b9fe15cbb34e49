/** The web console's files over plain HTTP: the page's own script and conditional requests. */
import assert from 'node:assert/strict';
import { When } from '@cucumber/cucumber';
import { header } from '../support/http-client';
import { SvcWorld } from '../support/world';

/** The script the last answer (the index page) loads: `assets/app-XXXX.js`, relative to the page. */
function scriptOfPage(world: SvcWorld, base: string): string {
  const page = world.response?.body.toString('utf8') ?? '';
  const src = /<script type="module" src="([^"]+)"/.exec(page)?.[1];
  assert.ok(src, 'the page loads no script');
  return `${base}${src}`;
}

When('I GET the page\'s script on the API listener', async function (this: SvcWorld) {
  await this.request('API', scriptOfPage(this, '/'));
});

When('I GET the page\'s script on the API listener with the header {string} set to {string}', async function (this: SvcWorld, name: string, value: string) {
  await this.request('API', scriptOfPage(this, '/'), { headers: { [name]: value } });
});

When('I GET {string} on the API listener with the ETag of the last answer', async function (this: SvcWorld, path: string) {
  const tag = this.response ? header(this.response, 'ETag') : undefined;
  assert.ok(tag, 'the last answer has no ETag');
  await this.request('API', path, { headers: { 'If-None-Match': tag } });
});
