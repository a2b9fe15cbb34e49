/**
 * The PostgreSQL protocol at message level (pg-raw-client.ts): pipelined extended-query messages, a
 * portal run in steps with a row limit, CancelRequest, many connections at once, logins, and the
 * malformed input a server must survive.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Given, Then, When } from '@cucumber/cucumber';
import { Client } from 'pg';
import type { BackendMessage, DataRowMessage, DatabaseError, ParameterStatusMessage } from 'pg-protocol/dist/messages';
import { PgRawClient, serialize } from '../support/pg-raw-client';
import { pgClient, pgEndpoint, pgOf } from '../support/pg-world';
import { SvcWorld } from '../support/world';

function raw(world: SvcWorld): PgRawClient {
  const c = pgOf(world).raw[0];
  if (!c) throw new Error('no raw PostgreSQL connection');
  return c;
}

function received(world: SvcWorld): BackendMessage[] {
  return pgOf(world).received ?? [];
}

function rowValues(m: BackendMessage): string[] {
  return (m as DataRowMessage).fields.map((f) => (f === null ? 'NULL' : String(f)));
}

Given('a PostgreSQL connection at message level', async function (this: SvcWorld) {
  pgOf(this).raw.push(await PgRawClient.login(await pgEndpoint(this)));
});

When('the client sends Parse, Bind, Describe and Execute for {string} with the values {string}, three times, and then one Sync',
  async function (this: SvcWorld, sql: string, list: string) {
    const c = raw(this);
    const values = list.split(',').map((v) => v.trim());
    const parts: Buffer[] = [serialize.parse({ name: 'p1', text: sql })];
    for (const v of values) parts.push(serialize.bind({ statement: 'p1', values: [v] }), serialize.describe({ type: 'P' }), serialize.execute());
    parts.push(serialize.sync());
    c.send(...parts);
    pgOf(this).received = await c.next('readyForQuery');
  });

When('the client binds {string} and executes it {int} rows at a time', async function (this: SvcWorld, sql: string, rows: number) {
  const c = raw(this);
  c.send(serialize.parse({ text: sql }), serialize.bind({}), serialize.execute({ rows }), serialize.flush());
  const all: BackendMessage[] = [];
  for (;;) {
    const step = await c.nextOf(['portalSuspended', 'commandComplete', 'error']);
    all.push(...step);
    if (step[step.length - 1].name !== 'portalSuspended') break;
    c.send(serialize.execute({ rows }), serialize.flush());
  }
  c.send(serialize.sync());
  await c.next('readyForQuery');
  pgOf(this).received = all;
});

Then('the server answered the messages {string}', function (this: SvcWorld, names: string) {
  assert.equal(received(this).map((m) => m.name).join(', '), names);
});

Then('the data rows are {string}', function (this: SvcWorld, expected: string) {
  assert.equal(received(this).filter((m) => m.name === 'dataRow').map((m) => rowValues(m).join('|')).join(', '), expected);
});

When('a client runs {string} and another connection sends a CancelRequest for it', async function (this: SvcWorld, sql: string) {
  const at = await pgEndpoint(this);
  const c = await PgRawClient.open(at);
  pgOf(this).raw.push(c);
  c.send(serialize.startup({ user: 'admin', database: 'qdb' }));
  await c.next('authenticationCleartextPassword');
  c.send(serialize.password('quest'));
  const login = await c.next('readyForQuery');
  const key = login.find((m) => m.name === 'backendKeyData') as unknown as { processID: number; secretKey: number };
  const started = Date.now();
  c.send(serialize.query(sql));
  await new Promise((r) => setTimeout(r, 300));
  const cancel = connect(at.port, at.host);
  await new Promise<void>((resolve) => cancel.once('connect', () => resolve()));
  cancel.end(serialize.cancel(key.processID, key.secretKey));
  const answer = await c.next('readyForQuery', 30_000);
  pgOf(this).received = answer;
  pgOf(this).measured = Date.now() - started;
});

Then('the statement fails with SQLSTATE {string} within {int} seconds', function (this: SvcWorld, code: string, seconds: number) {
  const error = received(this).find((m) => m.name === 'error') as DatabaseError | undefined;
  assert.ok(error, `no error: ${received(this).map((m) => m.name).join(',')}`);
  assert.equal(error.code, code, error.message);
  assert.ok((pgOf(this).measured ?? Infinity) < seconds * 1000, `took ${pgOf(this).measured} ms`);
});

When('{int} PostgreSQL clients connect at once and each runs {string}', async function (this: SvcWorld, n: number, sql: string) {
  const clients = await Promise.all(Array.from({ length: n }, () => pgClient(this)));
  const results = await Promise.all(clients.map((c) => c.query(sql)));
  pgOf(this).output = results.map((r) => JSON.stringify(r.rows)).join('\n');
});

Then('every client got {string}', function (this: SvcWorld, expected: string) {
  const lines = (pgOf(this).output ?? '').split('\n');
  assert.ok(lines.length > 1);
  for (const l of lines) assert.equal(l, expected);
});

When('a PostgreSQL client logs in as {string} with password {string}', async function (this: SvcWorld, user: string, password: string) {
  const s = pgOf(this);
  s.error = undefined;
  const c = new Client({ ...await pgEndpoint(this), user, password, database: 'qdb' });
  c.on('error', () => undefined);
  try {
    await c.connect();
    s.clients.push(c);
  } catch (e) {
    const err = e as { code?: string; message: string };
    s.error = { code: err.code, message: err.message };
  }
});

Then('the login succeeds', function (this: SvcWorld) {
  assert.equal(pgOf(this).error, undefined, pgOf(this).error?.message);
});

Then('the login fails with {string} and SQLSTATE {string}', function (this: SvcWorld, message: string, code: string) {
  assert.equal(pgOf(this).error?.message, message);
  assert.equal(pgOf(this).error?.code, code);
});

Then('the server announced {string} as {string}', async function (this: SvcWorld, name: string, value: string) {
  const c = await PgRawClient.open(await pgEndpoint(this));
  pgOf(this).raw.push(c);
  c.send(serialize.startup({ user: 'admin', database: 'qdb' }));
  await c.next('authenticationCleartextPassword');
  c.send(serialize.password('quest'));
  const login = await c.next('readyForQuery');
  const status = login.filter((m) => m.name === 'parameterStatus') as unknown as ParameterStatusMessage[];
  assert.equal(status.find((m) => m.parameterName === name)?.parameterValue, value);
});

Then('within {int} seconds the server closes the connection with SQLSTATE {string}', async function (this: SvcWorld, seconds: number, code: string) {
  const c = raw(this);
  const got = await c.next('error', seconds * 1000);
  const error = got[got.length - 1] as DatabaseError;
  assert.equal(error.code, code, error.message);
  await c.closedByServer(seconds * 1000);
});
