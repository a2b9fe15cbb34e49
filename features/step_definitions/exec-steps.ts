/** /exec in the API's words: run SQL, read the JSON answer's fields and its dataset text exactly. */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { Given, Then, When } from '@cucumber/cucumber';
import { HttpResult } from '../support/http-client';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

function execPath(sql: string, extra = ''): string {
  return `/exec?query=${encodeURIComponent(sql)}${extra === '' ? '' : `&${extra}`}`;
}

function last(world: SvcWorld): HttpResult {
  if (!world.response) throw new Error('no request was made');
  return world.response;
}

function bodyJson(world: SvcWorld): Record<string, unknown> {
  const parsed: unknown = JSON.parse(last(world).body.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the body is not a JSON object');
  return parsed as Record<string, unknown>;
}

Given('the SQL {string} has run', async function (this: SvcWorld, sql: string) {
  const r = await this.request('API', execPath(sql));
  assert.equal(r.status, 200, r.body.toString('utf8'));
});

Given('these SQL statements have run:', async function (this: SvcWorld, text: string) {
  for (const sql of text.split('\n').map((s) => s.trim()).filter((s) => s !== '')) {
    const r = await this.request('API', execPath(sql));
    assert.equal(r.status, 200, `${sql}: ${r.body.toString('utf8')}`);
  }
});

When('I query {string}', async function (this: SvcWorld, sql: string) {
  await this.request('API', execPath(sql));
});

When('I query {string} with {string}', async function (this: SvcWorld, sql: string, extra: string) {
  await this.request('API', execPath(sql, extra));
});

When('I query {string} with the header {string} set to {string}', async function (this: SvcWorld, sql: string, name: string, value: string) {
  await this.request('API', execPath(sql), { headers: { [name]: value } });
});

When('I send {word} for the query {string}', async function (this: SvcWorld, method: string, sql: string) {
  await this.request('API', execPath(sql), { method });
});

Then('the JSON field {string} is {string}', function (this: SvcWorld, field: string, expected: string) {
  assert.equal(JSON.stringify(bodyJson(this)[field]), expected);
});

Then('the JSON field {string} starts with {string}', function (this: SvcWorld, field: string, prefix: string) {
  const value = bodyJson(this)[field];
  assert.ok(typeof value === 'string' && value.startsWith(prefix), JSON.stringify(value));
});

Then('the JSON body has no field {string}', function (this: SvcWorld, field: string) {
  assert.equal(field in bodyJson(this), false);
});

Then('the JSON keys are {string}', function (this: SvcWorld, keys: string) {
  assert.equal(Object.keys(bodyJson(this)).join(','), keys);
});

/** The dataset exactly as sent (number formatting such as `100.0` does not survive JSON.parse). */
Then('the dataset is {string}', function (this: SvcWorld, expected: string) {
  const body = last(this).body.toString('utf8');
  const start = body.indexOf('"dataset":');
  const end = body.indexOf(',"count":');
  assert.ok(start >= 0 && end > start, body.slice(0, 500));
  assert.equal(body.slice(start + '"dataset":'.length, end), expected);
});

Then('the dataset is:', function (this: SvcWorld, expected: string) {
  const body = last(this).body.toString('utf8');
  assert.equal(body.slice(body.indexOf('"dataset":') + '"dataset":'.length, body.indexOf(',"count":')), expected.trim());
});

Then('the dataset has {int} rows', function (this: SvcWorld, n: number) {
  const dataset = bodyJson(this).dataset;
  assert.ok(Array.isArray(dataset));
  assert.equal(dataset.length, n);
});

When('I start the query {string} and close the connection after {int} ms', async function (this: SvcWorld, sql: string, ms: number) {
  await this.ready();
  await new Promise<void>((resolve) => {
    const req = request({ host: this.host('API'), port: this.port('API'), path: execPath(sql), agent: false });
    req.on('error', () => resolve());
    req.on('response', (res) => res.resume());
    req.end();
    setTimeout(() => { req.destroy(); resolve(); }, ms);
  });
});

Then('within {int} ms the server stops using the CPU', localOnly('in-process'), async function (this: SvcWorld, ms: number) {
  await new Promise((r) => setTimeout(r, ms));
  // Server and client share this process; with the query stopped the process is idle. A collection of the
  // suite's heap can take a window's share on its own, so three windows of 300 ms: a query still running
  // takes a core in every one of them.
  const shares: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = process.cpuUsage();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 300));
    const used = process.cpuUsage(before);
    shares.push((used.user + used.system) / 1000 / (performance.now() - t0));
    if (shares[i] < 0.2) return;
  }
  assert.fail(`the process still used ${shares.map((s) => `${(s * 100).toFixed(0)}%`).join(', ')} of a core`);
});

When('I send {word} {string} with the body {string} to the API listener', async function (this: SvcWorld, method: string, path: string, body: string) {
  await this.request('API', path, { method, body, headers: { 'Content-Type': 'application/json' } });
});

Then('the body ends with {string}', function (this: SvcWorld, suffix: string) {
  const body = last(this).body.toString('utf8');
  assert.ok(body.endsWith(suffix), body.slice(-300));
});
