/** The web console's chart, keyboard, clipboard, banner, theme, first paint and completion in the browser. */
import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { eventually, page } from '../support/console-page';
import { SvcWorld } from '../support/world';

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
