/**
 * The web console in a real browser (Debian's Chromium through playwright-core): opening it, typing and
 * running SQL, reading the grid and the errors. The steps use the console's stable `data-test` hooks.
 */
import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import { sessionOf } from '../support/browser-session';
import { exactly, open, page, runFinished, typeQuery, whenReady } from '../support/console-page';
import { SvcWorld } from '../support/world';

When('I open the web console', async function (this: SvcWorld) {
  await open(this);
});

When('I open the web console in dark mode', async function (this: SvcWorld) {
  await open(this, { colorScheme: 'dark' });
});

When('I open the web console and answer the browser\'s prompt with {string} and {string}', async function (this: SvcWorld, user: string, password: string) {
  await open(this, { httpCredentials: { username: user, password, send: 'unauthorized' } });
});

When('I open the web console sending the bearer token {string}', async function (this: SvcWorld, token: string) {
  await open(this, { extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
});

Given('the browser may report refused connections', function (this: SvcWorld) {
  sessionOf(this).allow(/ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET/);
});

When('I run {string} with Ctrl+Enter', async function (this: SvcWorld, sql: string) {
  const p = page(this);
  await typeQuery(p, sql);
  await p.keyboard.press('Control+Enter');
  await runFinished(p);
});

When('I type into the editor:', async function (this: SvcWorld, sql: string) {
  await typeQuery(page(this), sql);
});

When('I put the cursor on line {int} and press Ctrl+Enter', async function (this: SvcWorld, line: number) {
  const p = page(this);
  await p.click(`[data-test=editor] .cm-line:nth-child(${line})`);
  await p.keyboard.press('End');
  await p.keyboard.press('Control+Enter');
  await runFinished(p);
});

When('I press {string}', async function (this: SvcWorld, keys: string) {
  for (const key of keys.split(' ')) await page(this).keyboard.press(key);
});

When('I type {string}', async function (this: SvcWorld, text: string) {
  await page(this).keyboard.type(text);
});

When('I press Ctrl+Enter and wait for the result', async function (this: SvcWorld) {
  await page(this).keyboard.press('Control+Enter');
  await runFinished(page(this));
});

When('I reload the page', async function (this: SvcWorld) {
  await page(this).reload();
  await whenReady(page(this));
});

Then('the row count reads {string}', async function (this: SvcWorld, text: string) {
  await page(this).locator('[data-test=row-count]', { hasText: exactly(text) }).waitFor();
});

Then('the timing shows the server time and the round trip', async function (this: SvcWorld) {
  const text = await page(this).textContent('[data-test=timing]');
  assert.match(text ?? '', /^server [\d.]+ (ms|s) · total [\d.]+ (ms|s)$/);
});

Then('the grid columns are {string}', async function (this: SvcWorld, expected: string) {
  const cells = await page(this).$$eval('[data-test=grid-header]', (els) => els.map((e) => `${e.querySelector('.name')?.textContent} ${e.querySelector('.type')?.textContent}`));
  assert.equal(cells.join(', '), expected);
});

Then('grid row {int} reads {string}', async function (this: SvcWorld, n: number, expected: string) {
  const p = page(this);
  const selector = `[data-test=grid-row][aria-rowindex="${n + 1}"]`;
  await p.waitForSelector(selector);
  await p.locator(`${selector} .is-loading`).first().waitFor({ state: 'detached' });
  const cells = await p.$$eval(`${selector} .grid-cell`, (els) => els.map((e) => e.textContent ?? ''));
  assert.equal(cells.join(' | '), expected);
});

Then('the NULL cell of grid row {int} is shown as null in its own style', async function (this: SvcWorld, n: number) {
  const cell = await page(this).$(`[data-test=grid-row][aria-rowindex="${n + 1}"] .grid-cell.is-null`);
  assert.ok(cell, 'no cell is styled as null');
  assert.equal(await cell.textContent(), 'null');
  assert.equal(await cell.evaluate((e) => e.ownerDocument.defaultView.getComputedStyle(e).fontStyle), 'italic');
});

When('I scroll the grid to the last row', async function (this: SvcWorld) {
  const p = page(this);
  await p.$eval('[data-test=grid]', (e) => { e.scrollTop = e.scrollHeight; });
});

When('I scroll the grid to the middle', async function (this: SvcWorld) {
  await page(this).$eval('[data-test=grid]', (e) => { e.scrollTop = (e.scrollHeight - e.clientHeight) / 2; });
});

Then('at most {int} grid rows are in the page', async function (this: SvcWorld, max: number) {
  const count = await page(this).$$eval('[data-test=grid-row]', (els) => els.length);
  assert.ok(count > 0 && count <= max, `${count} rows in the DOM`);
});

Then('the page read {string} in pages of at most {int} rows, {int} requests or more', function (this: SvcWorld, sql: string, max: number, min: number) {
  const limits = sessionOf(this).apiRequests('/exec').filter((u) => u.searchParams.get('query') === sql).map((u) => u.searchParams.get('limit') ?? '');
  assert.ok(limits.length >= min, `${limits.length} requests: ${limits.join(' ')}`);
  for (const limit of limits) {
    const [lo, hi] = limit.split(',').map(Number);
    assert.ok(Number.isFinite(lo) && Number.isFinite(hi) && hi - lo + 1 <= max, `limit=${limit}`);
  }
});

Then('the error reads {string}', async function (this: SvcWorld, message: string) {
  const p = page(this);
  await p.waitForSelector('[data-test=error]');
  assert.equal(await p.textContent('[data-test=error]'), message);
});

Then('the error is placed at line {int}, column {int}', async function (this: SvcWorld, line: number, column: number) {
  assert.equal(await page(this).textContent('.error-box .error-title'), `Error at line ${line}, column ${column}`);
});

Then('the editor underlines {string} in red with the message beside it', async function (this: SvcWorld, text: string) {
  const p = page(this);
  const underline = await p.waitForSelector('[data-test=editor] [data-test=error-underline]');
  assert.equal(await underline.textContent(), text);
  const style = await underline.evaluate((e) => {
    const css = e.ownerDocument.defaultView.getComputedStyle(e);
    return `${css.textDecorationLine} ${css.textDecorationStyle}`;
  });
  assert.equal(style, 'underline wavy');
  const message = await p.textContent('[data-test=editor] [data-test=error-message]');
  assert.equal(message, await p.textContent('[data-test=error]'));
});

Then('no error is underlined', async function (this: SvcWorld) {
  assert.equal(await page(this).$('[data-test=error-underline]'), null);
});
