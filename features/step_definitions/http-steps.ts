/** Requests to either listener and assertions on status, headers and body, in the API's words. */
import assert from 'node:assert/strict';
import { defineParameterType, Then, When } from '@cucumber/cucumber';
import { header, HttpResult } from '../support/http-client';
import { Listener, SvcWorld } from '../support/world';

defineParameterType({ name: 'listener', regexp: /API|min/, transformer: (s: string): Listener => s as Listener });

/** Step texts write control characters as \r \n \t. */
export function unescapeStepText(s: string): string {
  return s.replace(/\\r/g, '\r').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
}

function last(world: SvcWorld): HttpResult {
  if (!world.response) throw new Error('no request was made');
  return world.response;
}

When('I GET {string} on the {listener} listener', async function (this: SvcWorld, path: string, listener: Listener) {
  await this.request(listener, path);
});

When('I send {word} {string} to the {listener} listener', async function (this: SvcWorld, method: string, path: string, listener: Listener) {
  await this.request(listener, path, { method });
});

When('I GET {string} on the {listener} listener with the header {string} set to {string}',
  async function (this: SvcWorld, path: string, listener: Listener, name: string, value: string) {
    await this.request(listener, path, { headers: { [name]: value } });
  });

Then('the status is {int}', function (this: SvcWorld, status: number) {
  assert.equal(last(this).status, status, `body: ${last(this).body.toString('utf8').slice(0, 500)}`);
});

Then('the reason phrase is {string}', function (this: SvcWorld, reason: string) {
  assert.equal(last(this).reason, reason);
});

Then('the header {string} is {string}', function (this: SvcWorld, name: string, value: string) {
  assert.equal(header(last(this), name), value);
});

Then('there is no header {string}', function (this: SvcWorld, name: string) {
  assert.equal(header(last(this), name), undefined);
});

Then('the headers start in the order {string}', function (this: SvcWorld, names: string) {
  const expected = names.split(',').map((s) => s.trim().toLowerCase());
  const actual = last(this).headers.map(([k]) => k.toLowerCase()).slice(0, expected.length);
  assert.deepEqual(actual, expected);
});

Then('the body is {string}', function (this: SvcWorld, body: string) {
  assert.equal(last(this).body.toString('utf8'), unescapeStepText(body));
});

Then('the body is:', function (this: SvcWorld, body: string) {
  assert.equal(last(this).body.toString('utf8'), body);
});

Then('the body is empty', function (this: SvcWorld) {
  assert.equal(last(this).body.length, 0);
});

Then('the body contains {string}', function (this: SvcWorld, text: string) {
  assert.ok(last(this).body.toString('utf8').includes(unescapeStepText(text)), last(this).body.toString('utf8').slice(0, 500));
});

Then('the body does not contain {string}', function (this: SvcWorld, text: string) {
  assert.ok(!last(this).body.toString('utf8').includes(unescapeStepText(text)), last(this).body.toString('utf8').slice(0, 500));
});

Then('the JSON field {string} has exactly the keys {string}', function (this: SvcWorld, field: string, keys: string) {
  const parsed: unknown = JSON.parse(last(this).body.toString('utf8'));
  const value: unknown = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, field) : undefined;
  assert.ok(typeof value === 'object' && value !== null, `no object ${field}`);
  assert.deepEqual(Object.keys(value), keys.split(',').map((k) => k.trim()));
});

Then('the body matches {string}', function (this: SvcWorld, pattern: string) {
  assert.match(last(this).body.toString('utf8'), new RegExp(pattern));
});
