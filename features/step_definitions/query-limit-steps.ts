/** Steps of query-limits.feature: a query left running in the background while other requests are timed. */
import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { HttpResult, httpRequest } from '../support/http-client';
import { SvcWorld } from '../support/world';

interface Started {
  readonly at: number;
  readonly answer: Promise<HttpResult>;
}

const started = new WeakMap<SvcWorld, Started>();
const others = new WeakMap<SvcWorld, HttpResult>();

const execPath = (sql: string): string => `/exec?query=${encodeURIComponent(sql)}`;

When('I start the query {string} with the header {string} set to {string}', async function (this: SvcWorld, sql: string, name: string, value: string) {
  await this.ready();
  started.set(this, { at: performance.now(), answer: httpRequest(this.host('API'), this.port('API'), execPath(sql), { headers: { [name]: value }, timeoutMs: 60_000 }) });
});

When('after {int} ms another connection queries {string}', async function (this: SvcWorld, ms: number, sql: string) {
  await new Promise((r) => setTimeout(r, ms));
  others.set(this, await httpRequest(this.host('API'), this.port('API'), execPath(sql)));
});

Then('that answer came within {int} ms', function (this: SvcWorld, ms: number) {
  const r = others.get(this);
  assert.ok(r, 'no other query was sent');
  assert.equal(r.status, 200, r.body.toString('utf8'));
  assert.ok(r.millis < ms, `the other query took ${r.millis.toFixed(0)} ms`);
});

Then('the started query answers {int} with an error starting with {string} between {int} and {int} ms', async function (this: SvcWorld, status: number, prefix: string, lo: number, hi: number) {
  const s = started.get(this);
  assert.ok(s, 'no query was started');
  const r = await s.answer;
  const elapsed = performance.now() - s.at;
  const body: unknown = JSON.parse(r.body.toString('utf8'));
  const error = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
  assert.equal(r.status, status, r.body.toString('utf8'));
  assert.ok(error.startsWith(prefix), error);
  assert.ok(elapsed >= lo && elapsed <= hi, `answered after ${elapsed.toFixed(0)} ms`);
});

Then('the answer came within {int} ms', function (this: SvcWorld, ms: number) {
  const r = this.response;
  assert.ok(r, 'no request was made');
  assert.ok(r.millis < ms, `the answer took ${r.millis.toFixed(0)} ms`);
});
