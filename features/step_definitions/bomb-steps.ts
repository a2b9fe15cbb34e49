/**
 * Decompression bombs and decoder budgets: compressed bodies that expand a thousandfold and more, Parquet
 * files whose row groups hold millions of repeated values, concurrent uploads against the decoder pool, and
 * the server's resident memory while they run.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';
import { Transform } from 'node:stream';
import { Given, Then, When } from '@cucumber/cucumber';
import { httpRequest } from '../support/http-client';
import { multipartBody } from '../support/multipart';
import { SvcWorld } from '../support/world';
import { keepFile, keptFile, withDuckDb } from './format-file-steps';

/** `mb` MiB of `line` repeated, compressed with `coding` as it is produced (never held whole). */
async function compressedRepeat(coding: string, before: string, line: string, mb: number, after: string): Promise<Buffer> {
  const encoder: Transform = coding === 'gzip' ? createGzip({ level: 9 }) : coding === 'deflate' ? createDeflate({ level: 9 })
    : coding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : (() => { throw new Error(`unknown coding ${coding}`); })();
  const out: Buffer[] = [];
  encoder.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => { encoder.on('end', resolve); encoder.on('error', reject); });
  const text = line.replace(/\\n/g, '\n');
  const chunk = Buffer.from(text.repeat(Math.max(1, Math.floor(1048576 / text.length))));
  encoder.write(before);
  for (let written = 0; written < mb * 1048576; written += chunk.length) {
    if (!encoder.write(chunk)) await new Promise((r) => encoder.once('drain', r));
  }
  encoder.end(after);
  await done;
  return Buffer.concat(out);
}

When('I upload to {string} a {word}-compressed CSV file of {int} MB of the line {string}',
  async function (this: SvcWorld, path: string, coding: string, mb: number, line: string) {
    const { contentType } = multipartBody([{ name: 'data', filename: 'bomb.csv', contentType: 'text/csv', body: '' }]);
    const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="bomb.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const body = await compressedRepeat(coding, head, line, mb, `\r\n--${boundary}--\r\n`);
    await this.request('API', path, { method: 'POST', headers: { 'Content-Type': contentType, 'Content-Encoding': coding }, body });
  });

When('I POST to {string} a {word}-compressed body of {int} MB of the line {string} as {string}',
  async function (this: SvcWorld, path: string, coding: string, mb: number, line: string, type: string) {
    const body = await compressedRepeat(coding, '', line, mb, '');
    await this.request('API', path, { method: 'POST', headers: { 'Content-Type': type, 'Content-Encoding': coding }, body });
  });

Given('DuckDB writes the Parquet file {string} as one row group compressed with zstd from:',
  async function (this: SvcWorld, name: string, sql: string) {
    const bytes = await withDuckDb(async (conn, dir) => {
      const path = join(dir, 'out.parquet');
      await conn.run(`COPY (${sql}) TO '${path}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 1000000000)`);
      return readFileSync(path);
    });
    keepFile(this, name, bytes);
  });

Then('the kept file {string} is smaller than {int} bytes', function (this: SvcWorld, name: string, limit: number) {
  const size = keptFile(this, name).length;
  assert.ok(size < limit, `${name} has ${size} bytes`);
});

/** Resident memory of the test process (the in-process server and its decoder threads) while `work` runs. */
async function sampled<T>(world: SvcWorld, work: () => Promise<T>): Promise<T> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage.rss());
    world.values.set('memory growth', String(peak - before));
  }
}

When('I upload the kept file {string} with {string} while the server\'s memory is watched',
  async function (this: SvcWorld, name: string, query: string) {
    await this.ensureStarted();
    await sampled(this, () => uploadKept(this, name, query).then((r) => { this.response = r; }));
  });

Then('the server\'s resident memory grew by less than {int} MB meanwhile', function (this: SvcWorld, mb: number) {
  const growth = Number(this.values.get('memory growth'));
  assert.ok(growth < mb * 1048576, `grew by ${(growth / 1048576).toFixed(0)} MB`);
});

async function uploadKept(world: SvcWorld, name: string, query: string): Promise<NonNullable<SvcWorld['response']>> {
  const { contentType, body } = multipartBody([{ name: 'data', filename: name, contentType: 'application/octet-stream', body: keptFile(world, name) }]);
  await world.request('API', `/imp?${query}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  if (!world.response) throw new Error('no answer');
  return world.response;
}

/** Answers of concurrent uploads, in the order sent: `<status> <body>`. */
const concurrent = new WeakMap<SvcWorld, string[]>();

When('{int} clients upload the kept file {string} at once with {string}, each to its own table',
  async function (this: SvcWorld, n: number, name: string, query: string) {
    await this.ensureStarted();
    const { contentType, body } = multipartBody([{ name: 'data', filename: name, contentType: 'application/octet-stream', body: keptFile(this, name) }]);
    const answers = await Promise.all(Array.from({ length: n }, async (_, i) => {
      const r = await httpRequest(this.host('API'), this.port('API'), `/imp?${query.replace(/name=([^&]+)/, `name=$1${i}`)}`,
        { method: 'POST', headers: { 'Content-Type': contentType }, body });
      return `${r.status} ${r.body.toString('utf8')}`;
    }));
    concurrent.set(this, answers);
  });

Then('{int} of the uploads answered {string}', function (this: SvcWorld, count: number, start: string) {
  const answers = concurrent.get(this) ?? [];
  const matching = answers.filter((a) => a.startsWith(start));
  assert.equal(matching.length, count, answers.map((a) => a.slice(0, 300)).join('\n'));
});
