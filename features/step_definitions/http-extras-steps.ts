/** Compression, CORS, POST bodies, query ids and cancellation: svc's additions to QuestDB's HTTP API. */
import assert from 'node:assert/strict';
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { DataTable, Then, When } from '@cucumber/cucumber';
import { Decoder } from '@toondepauw/node-zstd';
import { header, HttpResult, httpRequest } from '../support/http-client';
import { SvcWorld } from '../support/world';

const started = new WeakMap<SvcWorld, Promise<HttpResult>>();

async function decode(coding: string, body: Buffer): Promise<string> {
  switch (coding) {
    case 'gzip': return gunzipSync(body).toString('utf8');
    case 'deflate': return inflateSync(body).toString('utf8');
    case 'br': return brotliDecompressSync(body).toString('utf8');
    case 'zstd': return (await new Decoder().decode(body)).toString('utf8');
    default: throw new Error(`unknown coding ${coding}`);
  }
}

function last(world: SvcWorld): HttpResult {
  if (!world.response) throw new Error('no request was made');
  return world.response;
}

When('I send {word} {string} with the headers:', async function (this: SvcWorld, method: string, path: string, table: DataTable) {
  await this.request('API', path, { method, headers: Object.fromEntries(table.raw()) });
});

When('I POST {string} with the content type {string} and the body:', async function (this: SvcWorld, path: string, type: string, body: string) {
  await this.request('API', path, { method: 'POST', headers: { 'Content-Type': type }, body });
});

When('I POST {string} with the content type {string} and the gzipped body:', async function (this: SvcWorld, path: string, type: string, body: string) {
  await this.request('API', path, { method: 'POST', headers: { 'Content-Type': type, 'Content-Encoding': 'gzip' }, body: gzipSync(body) });
});

When('I POST {string} with the content type {string}, claiming {word} encoding, and the body:',
  async function (this: SvcWorld, path: string, type: string, coding: string, body: string) {
    await this.request('API', path, { method: 'POST', headers: { 'Content-Type': type, 'Content-Encoding': coding }, body });
  });

/**
 * The doc string (where `\\r` and `\\n` stand for CR and LF, so one table row can hold a multipart body)
 * compressed with `coding` (gzip, deflate, br) and then damaged as `damage` says: `cut`
 * drops the second half of the compressed bytes (a truncated stream), `flipped` inverts every byte after
 * the first four (a stream whose header may pass but whose data cannot decode); `whole` leaves it intact.
 */
When('I POST {string} with the content type {string} and the {word} body {word}:',
  async function (this: SvcWorld, path: string, type: string, coding: string, damage: string, text: string) {
    const body = text.replace(/\\r/g, '\r').replace(/\\n/g, '\n');
    const compressed = coding === 'gzip' ? gzipSync(body) : coding === 'deflate' ? deflateSync(body)
      : coding === 'br' ? brotliCompressSync(body) : undefined;
    if (compressed === undefined) throw new Error(`unknown coding ${coding}`);
    let sent: Buffer;
    if (damage === 'whole') sent = compressed;
    else if (damage === 'cut') sent = compressed.subarray(0, Math.max(1, compressed.length >> 1));
    else if (damage === 'flipped') sent = Buffer.from(compressed.map((b, i) => (i < 4 ? b : b ^ 0xff)));
    else throw new Error(`unknown damage ${damage}: whole, cut or flipped`);
    await this.request('API', path, { method: 'POST', headers: { 'Content-Type': type, 'Content-Encoding': coding }, body: sent });
  });

/** Line ends compared as `\n` (CSV answers end their lines with CRLF). */
Then('the body decoded from {word} reads:', async function (this: SvcWorld, coding: string, expected: string) {
  assert.equal(header(last(this), 'Content-Encoding'), coding);
  assert.equal((await decode(coding, last(this).body)).replace(/\r\n/g, '\n'), expected);
});

Then('the body decoded from {word} has {int} lines', async function (this: SvcWorld, coding: string, lines: number) {
  assert.equal(header(last(this), 'Content-Encoding'), coding);
  const text = await decode(coding, last(this).body);
  assert.equal(text.split('\n').filter((l) => l !== '').length, lines);
});

/** `a.b.c` in the JSON body; strings as they are, everything else as JSON text. */
Then('the JSON value at {string} is {string}', function (this: SvcWorld, path: string, expected: string) {
  let value: unknown = JSON.parse(last(this).body.toString('utf8'));
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  assert.equal(typeof value === 'string' ? value : JSON.stringify(value), expected, last(this).body.toString('utf8').slice(0, 500));
});

When('I start GET {string} on the API listener', async function (this: SvcWorld, path: string) {
  await this.ensureStarted();
  started.set(this, httpRequest('127.0.0.1', this.port('API'), path, { timeoutMs: 60_000 }));
});

When('within {int} seconds GET {string} answers {int}', async function (this: SvcWorld, seconds: number, path: string, status: number) {
  const until = performance.now() + seconds * 1000;
  for (;;) {
    const r = await this.request('API', path);
    if (r.status === status || performance.now() > until) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(last(this).status, status, last(this).body.toString('utf8'));
});

Then('the started request answers {int} with the body containing {string}', async function (this: SvcWorld, status: number, text: string) {
  const answer = started.get(this);
  assert.ok(answer, 'no request was started');
  const r = await answer;
  assert.equal(r.status, status, r.body.toString('utf8'));
  assert.ok(r.body.toString('utf8').includes(text), r.body.toString('utf8'));
});
