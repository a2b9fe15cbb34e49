/** Transactions as clients see them: concurrent and large imports, aborted writes, deduplication, crashes. */
import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { httpRequest, HttpResult } from '../support/http-client';
import { multipartBody } from '../support/multipart';
import { SvcWorld } from '../support/world';

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
