/** The web console's panels in the browser: schema, import, export, cancel and history. */
import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { eventually, page, runFinished, typeQuery } from '../support/console-page';
import { SvcWorld } from '../support/world';

When('I import the file {string} through the file input:', async function (this: SvcWorld, name: string, content: string) {
  const p = page(this);
  await p.click('#tab-import');
  await p.setInputFiles('[data-test=import-input]', { name, mimeType: 'text/csv', buffer: Buffer.from(content + '\n', 'utf8') });
});

When('I choose {string} when the console asks', async function (this: SvcWorld, choice: string) {
  await page(this).click(`[data-test=import-${choice.toLowerCase()}]`);
});

Then('the import result reads {string}', async function (this: SvcWorld, text: string) {
  const p = page(this);
  await p.waitForSelector('[data-test=import-result]');
  const result = await p.textContent('[data-test=import-result]') ?? '';
  assert.ok(result.startsWith(text), result);
});

Then('the import result lists the columns {string}', async function (this: SvcWorld, expected: string) {
  const rows = await page(this).$$eval('[data-test=import-result] tbody tr', (trs) => trs.map((tr) => [...tr.children].slice(0, 2).map((td) => td.textContent).join(' ')));
  assert.equal(rows.join(', '), expected);
});

Then('the import progress bar is full', async function (this: SvcWorld) {
  assert.equal(await page(this).$eval('[data-test=import-progress]', (e) => (e as { value: number }).value), 100);
});

Then('the schema panel lists {string}', async function (this: SvcWorld, expected: string) {
  const p = page(this);
  const names = expected.split(', ');
  await eventually(async () => {
    const texts: string[] = await p.$$eval('[data-test=schema-table]', (els) => els.map((e) => e.textContent ?? ''));
    assert.ok(texts.length === names.length && names.every((name, i) => texts[i].startsWith(name)), `the schema panel lists ${JSON.stringify(texts)}`);
  });
});

Then('the schema entry of {string} reads {string}', async function (this: SvcWorld, table: string, expected: string) {
  const p = page(this);
  const selector = `[data-test=schema-table][data-table="${table}"]`;
  await p.locator(`${selector} .schema-count`, { hasText: /\d/ }).waitFor();
  const text = await p.$eval(selector, (e) => [e.querySelector('.table-name'), e.querySelector('.schema-meta'), e.querySelector('.schema-count')].map((x) => x?.textContent).join(' | '));
  assert.equal(text, expected);
});

When('I expand {string} in the schema panel', async function (this: SvcWorld, table: string) {
  await page(this).click(`[data-test=schema-table][data-table="${table}"] .schema-toggle`);
});

Then('the schema panel shows the columns {string}', async function (this: SvcWorld, expected: string) {
  const p = page(this);
  await p.waitForSelector('[data-test=schema-column]');
  const columns = await p.$$eval('[data-test=schema-column]', (els) => els.map((e) => `${e.querySelector('.column-name')?.textContent} ${e.querySelector('.column-type')?.textContent}`));
  assert.equal(columns.join(', '), expected);
});

When('I click {string} in the schema panel', async function (this: SvcWorld, name: string) {
  const p = page(this);
  const column = await p.$(`[data-test=schema-column]:has(.column-name:text-is("${name}"))`);
  if (column) await column.click();
  else await p.click(`[data-test=schema-table][data-table="${name}"] .schema-name`);
});

Then('the editor reads {string}', async function (this: SvcWorld, text: string) {
  const p = page(this);
  const lines = await p.$$eval('[data-test=editor] .cm-line', (els) => els.map((e) => e.textContent ?? ''));
  assert.equal(lines.join('\n'), text.replace(/\\n/g, '\n'));
});

When('I download the result as {word}', async function (this: SvcWorld, format: string) {
  const p = page(this);
  const [download] = await Promise.all([p.waitForEvent('download'), p.click(`[data-test=export-${format.toLowerCase()}]`)]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  // The download is the /exp response's body: the export steps read it from there.
  this.response = { status: 200, reason: 'OK', headers: [], body: Buffer.concat(chunks), millis: 0 };
  this.values.set('download', download.suggestedFilename());
});

Then('the downloaded file is named like {string}', function (this: SvcWorld, pattern: string) {
  assert.match(this.values.get('download') ?? '', new RegExp(pattern));
});

When('I start {string} and press Cancel after {int} ms', async function (this: SvcWorld, sql: string, ms: number) {
  const p = page(this);
  await typeQuery(p, sql);
  await p.keyboard.press('Control+Enter');
  await p.waitForTimeout(ms);
  assert.equal(await p.isEnabled('[data-test=cancel]'), true, 'Cancel is enabled while the query runs');
  await p.click('[data-test=cancel]');
  await runFinished(p);
});

Then('the console says the query was cancelled', async function (this: SvcWorld) {
  const p = page(this);
  await p.waitForSelector('[data-test=cancelled]');
  assert.equal(await p.isEnabled('[data-test=cancel]'), false);
});

Then('the history lists:', async function (this: SvcWorld, expected: string) {
  const p = page(this);
  await p.click('#tab-history');
  const entries = await p.$$eval('[data-test=history] [data-test=history-entry]', (els) => els.map((e) => {
    const sql = e.querySelector('.history-sql')?.textContent ?? '';
    const meta = (e.querySelector('.history-meta')?.textContent ?? '').replace(/[\d.]+ (ms|s)/, '<time>').replace(/ · \d\d:\d\d:\d\d$/, '');
    return `${sql} | ${meta}`;
  }));
  assert.equal(entries.join('\n'), expected);
});

When('I run history entry {int} again', async function (this: SvcWorld, n: number) {
  const p = page(this);
  await p.click('#tab-history');
  await p.click(`[data-test=history] li:nth-child(${n}) [data-test=history-entry]`);
  await runFinished(p);
});
