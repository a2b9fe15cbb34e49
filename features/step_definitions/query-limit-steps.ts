/**
 * Steps of query-limits.feature: a query left running in the background while other requests are timed,
 * and a query run over /exec, /exp or PostgreSQL whose failure must come before its first row.
 */
import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { HttpResult, httpRequest } from '../support/http-client';
import { PgRawClient, serialize } from '../support/pg-raw-client';
import { pgEndpoint, pgOf } from '../support/pg-world';
import { SvcWorld } from '../support/world';

interface Started {
  readonly at: number;
  readonly answer: Promise<HttpResult>;
}

const started = new WeakMap<SvcWorld, Started>();
const others = new WeakMap<SvcWorld, HttpResult>();

const execPath = (sql: string): string => `/exec?query=${encodeURIComponent(sql)}`;

When('I start the query {string} with the header {string} set to {string}', async function (this: SvcWorld, sql: string, name: string, value: string) {
  await this.ready();
  started.set(this, { at: performance.now(), answer: httpRequest(this.host('API'), this.port('API'), execPath(sql), { headers: { [name]: value }, timeoutMs: 60_000 }) });
});

When('after {int} ms another connection queries {string}', async function (this: SvcWorld, ms: number, sql: string) {
  await new Promise((r) => setTimeout(r, ms));
  others.set(this, await httpRequest(this.host('API'), this.port('API'), execPath(sql)));
});

Then('that answer came within {int} ms', function (this: SvcWorld, ms: number) {
  const r = others.get(this);
  assert.ok(r, 'no other query was sent');
  assert.equal(r.status, 200, r.body.toString('utf8'));
  assert.ok(r.millis < ms, `the other query took ${r.millis.toFixed(0)} ms`);
});

Then('the started query answers {int} with an error starting with {string} between {int} and {int} ms', async function (this: SvcWorld, status: number, prefix: string, lo: number, hi: number) {
  const s = started.get(this);
  assert.ok(s, 'no query was started');
  const r = await s.answer;
  const elapsed = performance.now() - s.at;
  const body: unknown = JSON.parse(r.body.toString('utf8'));
  const error = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
  assert.equal(r.status, status, r.body.toString('utf8'));
  assert.ok(error.startsWith(prefix), error);
  assert.ok(elapsed >= lo && elapsed <= hi, `answered after ${elapsed.toFixed(0)} ms`);
});

Then('the answer came within {int} ms', function (this: SvcWorld, ms: number) {
  const r = this.response;
  assert.ok(r, 'no request was made');
  assert.ok(r.millis < ms, `the answer took ${r.millis.toFixed(0)} ms`);
});

/** What a query answered before it failed, over one of the three routes that stream a result. */
interface RouteAnswer {
  readonly route: string;
  /** Rows the client received before the error (JSON dataset rows, CSV lines, DataRow messages). */
  readonly rowsBefore: number;
  /** The HTTP status; undefined over PostgreSQL. */
  readonly status?: number;
  readonly error: string | undefined;
}

const routeAnswers = new WeakMap<SvcWorld, RouteAnswer>();

When('the query {string} runs over {word}', async function (this: SvcWorld, sql: string, route: string) {
  await this.ready();
  if (route === 'PostgreSQL') {
    const c = await PgRawClient.login(await pgEndpoint(this));
    pgOf(this).raw.push(c);
    c.send(serialize.query(sql));
    const messages = await c.next('readyForQuery', 60_000);
    const error = messages.find((m) => m.name === 'error') as unknown as { message: string } | undefined;
    const firstError = messages.findIndex((m) => m.name === 'error');
    const rowsBefore = messages.slice(0, firstError < 0 ? messages.length : firstError).filter((m) => m.name === 'dataRow').length;
    routeAnswers.set(this, { route, rowsBefore, error: error?.message });
    return;
  }
  if (route !== '/exec' && route !== '/exp') throw new Error(`unknown route ${route}: /exec, /exp or PostgreSQL`);
  const r = await httpRequest(this.host('API'), this.port('API'), `${route}?query=${encodeURIComponent(sql)}`, { timeoutMs: 60_000 });
  const text = r.body.toString('utf8');
  let error: string | undefined, rowsBefore = 0;
  try {
    const json = JSON.parse(text) as { error?: string; dataset?: unknown[] };
    error = json.error;
    rowsBefore = json.dataset?.length ?? 0;
  } catch {
    // A CSV body that began: every line after the header is a row the client took for data.
    rowsBefore = Math.max(0, text.split('\r\n').filter((l) => l !== '').length - 1);
  }
  routeAnswers.set(this, { route, rowsBefore, status: r.status, error });
});

Then('it fails before its first row with an error starting with {string}', function (this: SvcWorld, prefix: string) {
  const a = routeAnswers.get(this);
  assert.ok(a, 'no query ran over a route');
  assert.equal(a.rowsBefore, 0, `${a.route} sent ${a.rowsBefore} rows${a.status === undefined ? '' : ` under status ${a.status}`} before its error ${a.error ?? '(none)'}`);
  if (a.status !== undefined) assert.equal(a.status, 400, `${a.route} answered ${a.status}`);
  assert.ok(a.error?.startsWith(prefix), `${a.route} error: ${a.error ?? '(none)'}`);
});
