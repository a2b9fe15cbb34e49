/** Transactions as clients see them: concurrent and large imports, aborted writes, deduplication, crashes. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { ClientRequest, IncomingMessage, request } from 'node:http';
import { join } from 'node:path';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { httpRequest, HttpResult } from '../support/http-client';
import { multipartBody } from '../support/multipart';
import { SvcWorld } from '../support/world';
import { CrashLoopReport, DEFAULT_SIZES, runCrashLoop } from '../../tools/crash-loop';

/** Up to 10 days with rising row counts, so one commit merges rows into partitions of many sizes. */
const DAY_OF_ROW = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5];

function outOfOrderCsv(header: string, client: number, file: number, files: number, rows: number): string {
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const day = DAY_OF_ROW[i % DAY_OF_ROW.length];
    const second = (i * 13 + client * 7) % 10;
    const n = (client * files + file) * rows + i;
    lines.push(`2024-01-1${day}T00:00:0${second}.000000Z,s${i % 3},${i * 1.5},${n}`);
  }
  return lines.join('\n') + '\n';
}

const imports = new WeakMap<SvcWorld, HttpResult[]>();

When('{int} clients each send {int} imports of {int} rows {string} with repeated out-of-order timestamps to {string}',
  async function (this: SvcWorld, clients: number, files: number, rows: number, header: string, path: string) {
    await this.ensureStarted();
    const port = this.port('API');
    const answers: HttpResult[] = [];
    const expected: number[] = [];
    await Promise.all(Array.from({ length: clients }, async (_, c) => {
      for (let f = 0; f < files; f++) {
        const { contentType, body } = multipartBody([{ name: 'data', filename: 'f.csv', contentType: 'text/csv', body: outOfOrderCsv(header, c, f, files, rows) }]);
        answers.push(await httpRequest('127.0.0.1', port, path, { method: 'POST', headers: { 'Content-Type': contentType }, body }));
        for (let i = 0; i < rows; i++) expected.push((c * files + f) * rows + i);
      }
    }));
    imports.set(this, answers);
    this.values.set('expected:n', expected.sort((a, b) => a - b).join(','));
  });

Then('every import answered {int} with {int} rows imported', function (this: SvcWorld, status: number, rows: number) {
  const answers = imports.get(this) ?? [];
  assert.ok(answers.length > 0, 'no import was sent');
  const wrong = answers.filter((a) => a.status !== status || !a.body.toString('utf8').includes(`"rowsImported":${rows},`));
  assert.equal(wrong.length, 0, `${wrong.length} of ${answers.length} answers differ, e.g. ${wrong[0]?.status} ${wrong[0]?.body.toString('utf8')}`);
});

Then('the table {string} holds {int} rows with every {string} from {int} to {int}',
  async function (this: SvcWorld, table: string, count: number, column: string, _from: number, _to: number) {
    const r = await this.request('API', `/exec?query=${encodeURIComponent(`select ${column} from ${table} order by ${column}`)}&limit=${count + 1}`);
    const parsed = JSON.parse(r.body.toString('utf8')) as { dataset?: number[][] };
    const values = (parsed.dataset ?? []).map((row) => row[0]);
    assert.equal(values.length, count);
    assert.equal(values.join(','), this.values.get(`expected:${column}`));
  });

Given('the file {string} has the header {string} and {int} rows like {string} and then the line {string}',
  function (this: SvcWorld, name: string, header: string, rows: number, template: string, last: string) {
    const lines = [header];
    for (let i = 0; i < rows; i++) lines.push(template.replace(/\{i\}/g, String(i)));
    lines.push(last);
    this.values.set(`file:${name}`, lines.join('\n') + '\n');
  });

/** The folders of a table that its committed `_txn` does not list: a transaction's staged partitions. */
function stagedFolders(world: SvcWorld, table: string): string[] {
  const db = join(world.root, 'db');
  const folder = readdirSync(db).find((n) => n.toLowerCase().startsWith(`${table.toLowerCase()}~`));
  if (folder === undefined) throw new Error(`no folder for table ${table}`);
  const dir = join(db, folder);
  const txn = JSON.parse(readFileSync(join(dir, '_txn'), 'utf8')) as { partitions: { dir: string }[] };
  const committed = new Set(txn.partitions.map((p) => p.dir));
  return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !committed.has(e.name)).map((e) => e.name);
}

Then('the table {string} has no staged data left on disk', function (this: SvcWorld, table: string) {
  assert.deepEqual(stagedFolders(this, table), []);
  const dir = join(this.root, 'db');
  assert.deepEqual(readdirSync(dir).filter((n) => n.startsWith('_commit_group')), []);
  for (const f of readdirSync(dir)) assert.equal(existsSync(join(dir, f, '_txn.next')), false);
});

interface HeldUpload { readonly req: ClientRequest; readonly rest: Buffer; readonly answer: Promise<string> }
const uploads = new WeakMap<SvcWorld, HeldUpload>();

After(function (this: SvcWorld) {
  // A scenario that failed while an upload was held back must not leave the socket open.
  uploads.get(this)?.req.destroy();
});

When('a client uploads the file {string} to {string} but holds back its last line', async function (this: SvcWorld, name: string, path: string) {
  await this.ensureStarted();
  const text = this.values.get(`file:${name}`) ?? '';
  const { contentType, body } = multipartBody([{ name: 'data', filename: name, contentType: 'text/csv', body: text }]);
  const cut = body.lastIndexOf(Buffer.from(text.slice(text.lastIndexOf('\n', text.length - 2) + 1)));
  const req = request({ host: '127.0.0.1', port: this.port('API'), path, method: 'POST', agent: false,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) } });
  const answer = new Promise<string>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  req.write(body.subarray(0, cut));
  uploads.set(this, { req, rest: body.subarray(cut), answer });
});

/** Polls until `done()` holds; fails after 20 s. */
async function eventually(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function hasStagedData(world: SvcWorld, table: string): boolean {
  return readdirSync(join(world.root, 'db')).some((n) => n.startsWith(`${table}~`)) && stagedFolders(world, table).length > 0;
}

When('a client uploads half of the file {string} to {string}, waits until rows of {string} are staged and disconnects',
  async function (this: SvcWorld, name: string, path: string, table: string) {
    await this.ensureStarted();
    const { contentType, body } = multipartBody([{ name: 'data', filename: name, contentType: 'text/csv', body: this.values.get(`file:${name}`) ?? '' }]);
    const req = request({ host: '127.0.0.1', port: this.port('API'), path, method: 'POST', agent: false,
      headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) } });
    req.on('error', () => undefined);
    req.write(body.subarray(0, Math.floor(body.length / 2)));
    await eventually(`staged rows of ${table}`, () => hasStagedData(this, table));
    req.destroy();
    await eventually(`the rollback of ${table}`, () => !hasStagedData(this, table));
  });

Then('the table {string} has staged rows on disk while the query {string} answers {string}',
  async function (this: SvcWorld, table: string, sql: string, dataset: string) {
    await eventually(`staged rows of ${table}`, () => hasStagedData(this, table));
    const r = await this.request('API', `/exec?query=${encodeURIComponent(sql)}`);
    assert.equal(JSON.stringify((JSON.parse(r.body.toString('utf8')) as { dataset?: unknown }).dataset), dataset);
  });

When('the client sends the rest of the upload', function (this: SvcWorld) {
  const upload = uploads.get(this);
  if (!upload) throw new Error('no upload is held back');
  upload.req.end(upload.rest);
});

Then('the upload\'s answer reports {int} rows imported', async function (this: SvcWorld, rows: number) {
  const text = await uploads.get(this)?.answer;
  assert.match(text ?? '', new RegExp(`"rowsImported":${rows},`));
});

Then('the query {string} answers {string}', async function (this: SvcWorld, sql: string, dataset: string) {
  const r = await this.request('API', `/exec?query=${encodeURIComponent(sql)}`);
  const body = r.body.toString('utf8');
  assert.equal(JSON.stringify((JSON.parse(body) as { dataset?: unknown }).dataset), dataset, body);
});

const crashReports = new WeakMap<SvcWorld, CrashLoopReport>();

When('the SIGKILL loop runs {int} rounds with large writes of {int} rows and maxUncommittedRows {int}',
  { timeout: 180_000 }, async function (this: SvcWorld, rounds: number, large: number, maxUncommittedRows: number) {
    const report = await runCrashLoop({
      rounds, seed: 7, sizes: { ...DEFAULT_SIZES, large, insert: large, multi: 1000 }, maxUncommittedRows,
      killAfterMs: [150, 1200], root: join(this.root, 'crash-loop'),
    });
    crashReports.set(this, report);
  });

Then('no acknowledged row was lost and no write is partly visible', function (this: SvcWorld) {
  const report = crashReports.get(this);
  assert.ok(report, 'the loop did not run');
  assert.deepEqual(report.problems, []);
  assert.equal(report.lostRows, 0);
  assert.equal(report.partialOps, 0);
});

Then('writes were acknowledged and others cut by the kills', function (this: SvcWorld) {
  const report = crashReports.get(this);
  assert.ok(report && report.acknowledgedRows > 0, 'nothing was acknowledged');
  assert.ok(report.inFlightCommitted + report.inFlightRolledBack > 0, 'no write was in flight at a kill');
});
