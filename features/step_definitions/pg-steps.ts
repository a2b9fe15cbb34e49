/**
 * PostgreSQL wire protocol in its own words, through node-postgres: connect, run statements (simple and
 * with parameters), read RowDescription types, rows as the server's text, and
 * the ErrorResponse fields (SQLSTATE, message, position).
 */
import assert from 'node:assert/strict';
import { DataTable, Given, Then, When } from '@cucumber/cucumber';
import { Client, CustomTypesConfig, QueryConfig, QueryResult } from 'pg';
import { parseIsoTimestampExact } from '../../core/time/iso-timestamp';
import { typeNameOf } from '../../plugins/sql-catalog/pg-type-relation';
import { pgClient, pgOf } from '../support/pg-world';
import { SvcWorld } from '../support/world';

/** Every column as the text the server sent (node-postgres parses nothing). */
const RAW_TEXT: CustomTypesConfig = { getTypeParser: ((() => (v: string): string => v) as unknown) as CustomTypesConfig['getTypeParser'] };

function client(world: SvcWorld): Client {
  const c = pgOf(world).clients[0];
  if (!c) throw new Error('no PostgreSQL client is connected');
  return c;
}

function result(world: SvcWorld): QueryResult {
  const s = pgOf(world);
  if (!s.result) throw new Error(`the statement failed: ${s.error?.message ?? 'nothing ran'}`);
  return s.result;
}

/** A decoded value as the scenario writes it: NULL, ISO timestamps, hex bytes, plain text otherwise. */
export function shown(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  if (Array.isArray(v)) return `[${v.map(shown).join(',')}]`;
  return String(v);
}

async function run(world: SvcWorld, sql: string, values?: unknown[], by: Client = client(world)): Promise<void> {
  const s = pgOf(world);
  s.result = undefined;
  s.error = undefined;
  try {
    // Rows in text only: node-postgres decodes every DataRow field as UTF-8 text, so binary results are
    // read with psycopg (pg-client-steps.ts).
    const config: QueryConfig = { text: sql, values, types: RAW_TEXT };
    const out: QueryResult | QueryResult[] = await by.query(config);
    // Several statements in one simple query: node-postgres gives one result each; the last one is checked.
    s.result = Array.isArray(out) ? out[out.length - 1] : out;
  } catch (e) {
    const err = e as { code?: string; message: string; position?: string };
    s.error = { code: err.code, message: err.message, position: err.position };
  }
}

Given('a PostgreSQL client connected as {string} with password {string}', async function (this: SvcWorld, user: string, password: string) {
  await pgClient(this, user, password);
});

Given('the PostgreSQL client has run:', async function (this: SvcWorld, text: string) {
  for (const sql of text.split('\n').map((x) => x.trim()).filter((x) => x !== '')) {
    await run(this, sql);
    assert.equal(pgOf(this).error, undefined, `${sql}: ${pgOf(this).error?.message}`);
  }
});

When('the PostgreSQL client runs {string}', async function (this: SvcWorld, sql: string) {
  await run(this, sql);
});

When('the PostgreSQL client runs:', async function (this: SvcWorld, sql: string) {
  await run(this, sql);
});

When('the PostgreSQL client runs {string} with the parameters {string}', async function (this: SvcWorld, sql: string, json: string) {
  const values: unknown = JSON.parse(json);
  assert.ok(Array.isArray(values));
  await run(this, sql, values);
});

/**
 * PostgreSQL's binary timestamp (int8 µs since 2000-01-01) as a Buffer, which node-postgres sends in binary
 * format without declaring a type (OID 0): the statement's inferred type and its ParameterDescription decide.
 */
When('the PostgreSQL client runs {string} with the timestamp {string} as an untyped binary parameter', async function (this: SvcWorld, sql: string, iso: string) {
  const us = parseIsoTimestampExact(iso);
  assert.ok(us !== undefined, `not a timestamp: ${iso}`);
  const value = Buffer.alloc(8);
  value.writeBigInt64BE(BigInt(us) - 946_684_800_000_000n);
  await run(this, sql, [value]);
});

Then('the command tag is {string}', function (this: SvcWorld, tag: string) {
  const r = result(this);
  assert.equal(`${r.command}${r.command === 'INSERT' ? ' 0' : ''} ${r.rowCount ?? ''}`.trim(), tag);
});

Then('the PostgreSQL column types are {string}', function (this: SvcWorld, expected: string) {
  assert.equal(result(this).fields.map((f) => `${f.name}:${typeNameOf(f.dataTypeID) ?? f.dataTypeID}`).join(', '), expected);
});

Then('the rows are:', function (this: SvcWorld, table: DataTable) {
  const r = result(this);
  const expected = table.raw();
  assert.deepEqual(r.fields.map((f) => f.name), expected[0], 'column names');
  assert.deepEqual(r.rows.map((row: Record<string, unknown>) => r.fields.map((f) => shown(row[f.name]))), expected.slice(1));
});

Then('the PostgreSQL error is {string} with SQLSTATE {string}', function (this: SvcWorld, message: string, code: string) {
  const e = pgOf(this).error;
  assert.ok(e, 'the statement succeeded');
  assert.equal(e.message, message);
  assert.equal(e.code, code);
});

Then('the PostgreSQL error has SQLSTATE {string}', function (this: SvcWorld, code: string) {
  const e = pgOf(this).error;
  assert.ok(e, 'the statement succeeded');
  assert.equal(e.code, code, e.message);
});

Then('the PostgreSQL error position is {int}', function (this: SvcWorld, position: number) {
  assert.equal(pgOf(this).error?.position, String(position));
});

/** A second session beside "the PostgreSQL client", connected on first use as admin. */
When('another PostgreSQL client runs {string}', async function (this: SvcWorld, sql: string) {
  const s = pgOf(this);
  if (s.clients.length === 0) throw new Error('no PostgreSQL client is connected');
  const other = s.clients[1] ?? await pgClient(this);
  await run(this, sql, undefined, other);
});

Then('the transaction status is {string}', function (this: SvcWorld, status: string) {
  assert.equal(pgOf(this).statuses.get(client(this)), status);
});

Then('the PostgreSQL client was warned {string}', function (this: SvcWorld, message: string) {
  assert.ok(pgOf(this).notices.includes(message), `notices: ${JSON.stringify(pgOf(this).notices)}`);
});

/** The socket is destroyed without a Terminate message, as when a client process is killed. */
When("the PostgreSQL client's connection is cut", async function (this: SvcWorld) {
  const c = client(this);
  const closed = new Promise<void>((resolve) => c.connection.stream.once('close', () => resolve()));
  c.connection.stream.destroy();
  await closed;
});
