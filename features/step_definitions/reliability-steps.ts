/** Hostile and unlucky clients: malformed bodies, odd bytes in parameters, reused connections, counters. */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { Given, Then, When } from '@cucumber/cucumber';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { HttpResult } from '../support/http-client';
import { multipartBody } from '../support/multipart';
import { FuzzAnswer, fuzzHeaderValues, fuzzParameters, fuzzValues } from '../support/parameter-fuzz';
import { SvcWorld } from '../support/world';
import { unescapeStepText } from './http-steps';

/** GET on a kept-alive connection; `reused` tells whether the agent's socket carried an earlier request. */
function getOn(agent: Agent, port: number, path: string): Promise<HttpResult & { reused: boolean }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? '', headers, body: Buffer.concat(chunks), millis: performance.now() - t0, reused: req.reusedSocket });
      });
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: GET ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

When('I POST {string} with the content type {string} and the body {string}',
  async function (this: SvcWorld, path: string, contentType: string, body: string) {
    await this.request('API', path, { method: 'POST', headers: { 'Content-Type': contentType }, body: unescapeStepText(body) });
  });

When('I GET {string} and then {string} on one connection to the API listener', async function (this: SvcWorld, first: string, second: string) {
  await this.ensureStarted();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const a = await getOn(agent, this.port('API'), first);
    this.values.set('first status', String(a.status));
    const b = await getOn(agent, this.port('API'), second);
    this.values.set('second reused', String(b.reused));
    this.response = b;
  } finally {
    agent.destroy();
  }
});

Then('the first answer had the status {int}', function (this: SvcWorld, status: number) {
  assert.equal(this.values.get('first status'), String(status));
});

Then('the second request went over the same connection', function (this: SvcWorld) {
  assert.equal(this.values.get('second reused'), 'true');
});

Then('no unhandled error was counted', function (this: SvcWorld) {
  assert.equal(this.server?.container.resolve(ErrorCounter).count, 0);
});

const FUZZ_BODY = multipartBody([{ name: 'data', filename: 'f.csv', contentType: 'text/csv', body: 'a,b\n1,2\n3,4\n' }]);

When('I send every byte and {int} random byte strings in each of the parameters {string} of {word} {string} with {string}',
  async function (this: SvcWorld, randomCount: number, params: string, method: string, path: string, base: string) {
    await this.ensureStarted();
    const answers = await fuzzParameters({
      port: this.port('API'),
      method: method === 'POST' ? 'POST' : 'GET',
      path,
      base: Object.fromEntries(new URLSearchParams(base)),
      body: method === 'POST' ? { contentType: FUZZ_BODY.contentType, bytes: FUZZ_BODY.body } : undefined,
    }, params.split(',').map((p) => p.trim()), fuzzValues(randomCount));
    // Only the verdict is kept: thousands of answer bodies would linger on the heap of the shared process.
    this.values.set('fuzz answers', String(answers.length));
    this.values.set('fuzz bad answers', JSON.stringify(badAnswers(answers)));
  });

Then('no fuzzed answer was a 5xx and every JSON answer parses', function (this: SvcWorld) {
  const count = Number(this.values.get('fuzz answers') ?? '0');
  const bad: unknown = JSON.parse(this.values.get('fuzz bad answers') ?? '[]');
  assert.ok(count > 0 && Array.isArray(bad));
  assert.deepEqual(bad.slice(0, 20), [], `${bad.length} bad answers of ${count}`);
});

/** Answers that are a 5xx (or no status) or say they are JSON and do not parse. */
function badAnswers(answers: readonly FuzzAnswer[]): string[] {
  const bad: string[] = [];
  for (const a of answers) {
    if (a.status >= 500 || a.status < 200) bad.push(`${a.param}=${a.value} → ${a.status} ${a.body.slice(0, 120)}`);
    else if (a.contentType.startsWith('application/json') && a.body !== '') {
      try { JSON.parse(a.body); } catch { bad.push(`${a.param}=${a.value} → unparseable JSON ${a.body.slice(0, 120)}`); }
    }
  }
  return bad;
}

Given('the file {string} has a header of {int} columns and one row', function (this: SvcWorld, name: string, columns: number) {
  const header: string[] = [];
  const row: string[] = [];
  for (let i = 0; i < columns; i++) { header.push(`c${i}`); row.push(String(i % 1000)); }
  this.values.set(`file:${name}`, `${header.join(',')}\n${row.join(',')}\n`);
});

When('I import the file {string} with {string} and measure the server', async function (this: SvcWorld, name: string, query: string) {
  await this.ensureStarted();
  const text = this.values.get(`file:${name}`) ?? '';
  const { contentType, body } = multipartBody([{ name: 'data', filename: name, contentType: 'text/csv', body: text }]);
  const rss = process.memoryUsage.rss();
  const t0 = performance.now();
  await this.request('API', `/imp?${query}`, { method: 'POST', headers: { 'Content-Type': contentType }, body, timeoutMs: 120_000 });
  this.values.set('import millis', String(performance.now() - t0));
  this.values.set('import rss growth', String(process.memoryUsage.rss() - rss));
});

Then('the import took less than {int} seconds and grew the resident memory by less than {int} MB',
  function (this: SvcWorld, seconds: number, megabytes: number) {
    const millis = Number(this.values.get('import millis'));
    const growth = Number(this.values.get('import rss growth')) / (1 << 20);
    assert.ok(millis < seconds * 1000, `took ${Math.round(millis)} ms`);
    assert.ok(growth < megabytes, `RSS grew by ${growth.toFixed(0)} MB`);
  });

Given('the file {string} gets the line {string} after line {int}', function (this: SvcWorld, name: string, line: string, after: number) {
  const lines = (this.values.get(`file:${name}`) ?? '').split('\n');
  const expanded = line.replace(/<(\d+) x (.)>/g, (_, n: string, ch: string) => ch.repeat(Number(n)));
  lines.splice(after, 0, expanded);
  this.values.set(`file:${name}`, lines.join('\n'));
});

When('I POST {string} with the content type {string} and a part whose filename has {int} characters',
  async function (this: SvcWorld, path: string, contentType: string, length: number) {
    const body = `--XYZ\r\nContent-Disposition: form-data; name="data"; filename="${'f'.repeat(length)}"\r\n\r\na,b\n1,2\n\r\n--XYZ--\r\n`;
    await this.request('API', path, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  });

When('I send every byte in the value of each of the headers {string} with {string}', async function (this: SvcWorld, headers: string, requestLine: string) {
  await this.ensureStarted();
  const answers = await fuzzHeaderValues(this.port('API'), requestLine, headers.split(',').map((h) => h.trim()));
  this.values.set('header fuzz', JSON.stringify(answers));
});

Then('every header answer is a status below 500', function (this: SvcWorld) {
  const answers: unknown = JSON.parse(this.values.get('header fuzz') ?? '[]');
  assert.ok(Array.isArray(answers) && answers.length > 0);
  const bad = (answers as string[]).filter((a) => !/→ HTTP\/1\.1 [1-4]\d\d /.test(a));
  assert.deepEqual(bad.slice(0, 20), [], `${bad.length} bad answers of ${answers.length}`);
});
