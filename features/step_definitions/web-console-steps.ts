/**
 * The web console in a real browser (Debian's Chromium through playwright-core): opening it, typing and
 * running SQL, reading the grid, the chart, the schema panel, the history, importing and exporting. The
 * steps use the console's stable `data-test` hooks.
 */
import assert from 'node:assert/strict';
import { When, Then, Given } from '@cucumber/cucumber';
import { Page } from 'playwright-core';
import { openSession, sessionOf } from '../support/browser-session';
import { SvcWorld } from '../support/world';

function page(world: SvcWorld): Page {
  return sessionOf(world).page;
}

async function consoleUrl(world: SvcWorld, path = '/'): Promise<string> {
  await world.ensureStarted();
  return `http://127.0.0.1:${world.port('API')}${path}`;
}

/** Polls `check` until it passes (returns without throwing) or `timeoutMs` pass; then its last error is thrown. */
async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Waits until the console has loaded its schema panel (its first round of API calls) or failed to. */
async function whenReady(p: Page): Promise<void> {
  await p.waitForSelector('[data-test=editor] .cm-content');
  await p.waitForSelector('[data-test=schema][data-state=ready], [data-test=schema][data-state=failed]', { state: 'attached' });
}

async function open(world: SvcWorld, options: Parameters<typeof openSession>[1] = {}): Promise<void> {
  const url = await consoleUrl(world);
  const session = await openSession(world, options);
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const response = await session.page.goto(url);
  assert.equal(response?.status(), 200, `GET / answered ${response?.status()}`);
  await whenReady(session.page);
}

/** Waits for the run started by the last key press or click to finish. */
async function runFinished(p: Page): Promise<void> {
  await p.waitForSelector('#run[aria-busy="false"]', { timeout: 30_000 });
}

async function typeQuery(p: Page, sql: string): Promise<void> {
  await p.click('[data-test=editor] .cm-content');
  await p.keyboard.press('Control+A');
  await p.keyboard.insertText(sql);
}

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

When('I turn the result into a chart', async function (this: SvcWorld) {
  const p = page(this);
  await p.click('[data-test=chart-toggle]');
  await p.waitForSelector('[data-test=chart] canvas');
});

Then('the chart draws the series {string}', async function (this: SvcWorld, expected: string) {
  const labels = await page(this).$$eval('[data-test=chart] .u-legend .u-series .u-label', (els) => els.map((e) => e.textContent ?? ''));
  assert.equal(labels.slice(1).join(', '), expected);
});

When('I drag across the middle of the chart', async function (this: SvcWorld) {
  const p = page(this);
  const box = await (await p.waitForSelector('[data-test=chart] .u-over')).boundingBox();
  assert.ok(box);
  this.values.set('xRange', await p.getAttribute('[data-test=chart]', 'data-x-range') ?? '');
  const y = box.y + box.height / 2;
  await p.mouse.move(box.x + box.width * 0.4, y);
  await p.mouse.down();
  await p.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await p.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
  await p.mouse.up();
});

Then('the chart shows a narrower time range', async function (this: SvcWorld) {
  const [min0, max0] = (this.values.get('xRange') ?? '').split(',').map(Number);
  const [min1, max1] = ((await page(this).getAttribute('[data-test=chart]', 'data-x-range')) ?? '').split(',').map(Number);
  assert.ok(min1 > min0 && max1 < max0, `before ${min0}..${max0}, after ${min1}..${max1}`);
});

Then('hovering over the chart shows the values of every series at that time', async function (this: SvcWorld) {
  const p = page(this);
  const box = await (await p.waitForSelector('[data-test=chart] .u-over')).boundingBox();
  assert.ok(box);
  await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const values = await p.$$eval('[data-test=chart] .u-legend .u-series .u-value', (els) => els.map((e) => e.textContent ?? ''));
  assert.match(values[0], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  for (const v of values.slice(1)) assert.match(v, /^-?[\d,.]+$|^–$/);
});

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

Then('the grid has the focus', async function (this: SvcWorld) {
  assert.equal(await page(this).evaluate("document.activeElement?.getAttribute('data-test')"), 'grid');
});

Then('the clipboard holds {string}', async function (this: SvcWorld, text: string) {
  const p = page(this);
  await eventually(async () => assert.equal(await p.evaluate('navigator.clipboard.readText()'), text), 5000);
});

Then('the active cell reads {string}', async function (this: SvcWorld, text: string) {
  assert.equal(await page(this).textContent('[data-test=grid] .grid-cell.is-active'), text);
});

Then('the connection banner reads {string}', async function (this: SvcWorld, text: string) {
  const p = page(this);
  await p.waitForSelector('[data-test=connection-banner]:not([hidden])');
  const banner = await p.textContent('[data-test=connection-banner]') ?? '';
  assert.ok(banner.startsWith(text), banner);
});

Then('the connection banner is hidden', async function (this: SvcWorld) {
  await page(this).waitForSelector('[data-test=connection-banner][hidden]', { state: 'attached' });
});

When('I sign in with the token {string}', async function (this: SvcWorld, token: string) {
  const p = page(this);
  await p.fill('[data-test=sign-in] input[aria-label="Bearer token"]', token);
  await p.click('[data-test=sign-in] button[type=submit]');
});

When('I switch the theme', async function (this: SvcWorld) {
  await page(this).click('#theme-toggle');
});

Then('the page is {word}', async function (this: SvcWorld, theme: string) {
  const background: string = await page(this).$eval('body', (e) => e.ownerDocument.defaultView.getComputedStyle(e).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? ['0', '0', '0']).map(Number);
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  if (theme === 'dark') assert.ok(luminance < 0.2, `background luminance ${luminance}`);
  else assert.ok(luminance > 0.8, `background luminance ${luminance}`);
});

Then('the first contentful paint came within {int} ms', async function (this: SvcWorld, ms: number) {
  const fcp = Number(await page(this).evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity"));
  assert.ok(fcp < ms, `first contentful paint after ${fcp} ms`);
});

Then('completion offers {string}', async function (this: SvcWorld, labels: string) {
  const p = page(this);
  await p.waitForSelector('.cm-tooltip-autocomplete');
  const offered = await p.$$eval('.cm-tooltip-autocomplete li .cm-completionLabel', (els) => els.map((e) => e.textContent ?? ''));
  for (const label of labels.split(', ')) assert.ok(offered.includes(label), `${label} not in ${offered.join(', ')}`);
});

When('I drop the file {string} on the page:', async function (this: SvcWorld, name: string, content: string) {
  const p = page(this);
  // A DataTransfer holding the file, made in the page, as a drag from the desktop would bring it.
  const dataTransfer = await p.evaluateHandle(`(() => {
    const dt = new DataTransfer();
    dt.items.add(new File([${JSON.stringify(content + '\n')}], ${JSON.stringify(name)}, { type: 'text/csv' }));
    return dt;
  })()`);
  await p.dispatchEvent('[data-test=results-body]', 'dragover', { dataTransfer });
  await p.dispatchEvent('[data-test=results-body]', 'drop', { dataTransfer });
});
