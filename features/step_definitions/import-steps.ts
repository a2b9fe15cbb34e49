/** POST /imp: files to upload, multipart requests, the import result, and what the table then holds. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { DataTable, Given, Then, When } from '@cucumber/cucumber';
import { parseTypeName, TypeTag, typeName } from '../../core/data/column-type';
import { decodeUtf8 } from '../../core/data/utf8';
import { Vector } from '../../core/data/vector';
import { StorageEngine } from '../../core/extension/storage-engine';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { formatDateMillis, formatTimestampMicros } from '../../core/time/iso-timestamp';
import { FormPart, multipartBody } from '../support/multipart';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';
import { unescapeStepText } from './http-steps';

const runClient = promisify(execFile);

function file(world: SvcWorld, name: string): string {
  const text = world.values.get(`file:${name}`);
  if (text === undefined) throw new Error(`no file ${name} was given`);
  return text;
}

function dataPart(world: SvcWorld, name: string, contentType: string | undefined = 'text/csv'): FormPart {
  return { name: 'data', filename: name, contentType, body: file(world, name) };
}

async function post(world: SvcWorld, path: string, parts: readonly FormPart[], headers: Record<string, string> = {}): Promise<void> {
  const { contentType, body } = multipartBody(parts);
  await world.request('API', path, { method: 'POST', headers: { ...headers, 'Content-Type': contentType }, body });
}

function json(world: SvcWorld): Record<string, unknown> {
  const text = world.response?.body.toString('utf8') ?? '';
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`not a JSON object: ${text}`);
  return parsed as Record<string, unknown>;
}

function engine(world: SvcWorld): StorageEngine {
  if (!world.server) throw new Error('the server is not running in-process');
  return world.server.container.resolve<StorageEngine>(StorageEngine);
}

function cellText(v: Vector, r: number): string {
  if (v.offsets) return v.nulls?.[r] === 1 ? 'null' : decodeUtf8(v.data as Uint8Array, v.offsets[r], v.offsets[r + 1]);
  const x = v.data[r];
  switch (v.type.tag) {
    case TypeTag.SYMBOL: return v.symbols?.value(x) ?? 'null';
    case TypeTag.TIMESTAMP: return x === -9223372036854775808 ? 'null' : formatTimestampMicros(x);
    case TypeTag.DATE: return x === -9223372036854775808 ? 'null' : formatDateMillis(x);
    case TypeTag.BOOLEAN: return x === 1 ? 'true' : 'false';
    case TypeTag.CHAR: return x === 0 ? 'null' : String.fromCharCode(x);
    case TypeTag.INT: return x === -2147483648 ? 'null' : String(x);
    case TypeTag.LONG: return v.exact ? String(v.exact[r]) : x === -9223372036854775808 ? 'null' : String(x);
    default: return Number.isNaN(x) ? 'null' : String(x);
  }
}

async function tableRows(world: SvcWorld, table: string): Promise<string[][]> {
  const reader = engine(world).openReader(table);
  try {
    const rows: string[][] = [];
    for await (const batch of reader.scan({ columns: reader.schema.columns.map((_, i) => i) })) {
      for (let r = 0; r < batch.rowCount; r++) rows.push(batch.vectors.map((v) => cellText(v, r)));
    }
    return rows;
  } finally {
    reader.close();
  }
}

Given('the file {string} contains:', function (this: SvcWorld, name: string, text: string) {
  this.values.set(`file:${name}`, text);
});

Given('the file {string} contains {string}', function (this: SvcWorld, name: string, text: string) {
  const unescaped = unescapeStepText(text).replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  this.values.set(`file:${name}`, unescaped);
});

Given('the file {string} has the header {string} and {int} rows like {string}',
  function (this: SvcWorld, name: string, header: string, rows: number, template: string) {
    const lines = [header];
    for (let i = 0; i < rows; i++) lines.push(template.replace(/\{i\}/g, String(i)));
    this.values.set(`file:${name}`, lines.join('\n') + '\n');
  });

Given('an existing table {string} with the columns {string}', localOnly('storage'), async function (this: SvcWorld, table: string, columns: string) {
  await this.ensureStarted();
  await engine(this).createTable({
    name: table,
    columns: columns.split(',').map((c) => {
      const [name, type] = c.trim().split(/\s+/);
      const t = parseTypeName(type);
      if (!t) throw new Error(`unknown type ${type}`);
      return { name, type: t };
    }),
  });
});

When('I import the file {string} with {string}', async function (this: SvcWorld, name: string, query: string) {
  await post(this, `/imp?${query}`, [dataPart(this, name)]);
});

When('I import the file {string} with {string} and the header {string} set to {string}',
  async function (this: SvcWorld, name: string, query: string, header: string, value: string) {
    await post(this, `/imp?${query}`, [dataPart(this, name)], { [header]: value });
  });

When('I import the file {string} without a content type with {string}', async function (this: SvcWorld, name: string, query: string) {
  await post(this, `/imp?${query}`, [dataPart(this, name, undefined)]);
});

When('I import the file {string} with {string} and the schema:', async function (this: SvcWorld, name: string, query: string, schema: string) {
  await post(this, `/imp?${query}`, [{ name: 'schema', body: schema }, dataPart(this, name)]);
});

When('I import the file {string} with {string} and then the schema:', async function (this: SvcWorld, name: string, query: string, schema: string) {
  await post(this, `/imp?${query}`, [dataPart(this, name), { name: 'schema', body: schema }]);
});

When('I send {string} a multipart body with only the schema:', async function (this: SvcWorld, path: string, schema: string) {
  await post(this, path, [{ name: 'schema', body: schema }]);
});

When('I send {string} a multipart part named {string}', async function (this: SvcWorld, path: string, part: string) {
  await post(this, path, [{ name: part, body: 'a,b\n1,2\n' }]);
});

When('I send {string} a multipart part without Content-Disposition', async function (this: SvcWorld, path: string) {
  await post(this, path, [{ contentType: 'text/csv', body: 'a,b\n1,2\n' }]);
});

When('I send {string} the file {string} as plain text', async function (this: SvcWorld, path: string, name: string) {
  await this.request('API', path, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: file(this, name) });
});

When('a client uploads half of the file {string} to {string} and disconnects', async function (this: SvcWorld, name: string, path: string) {
  await this.ready();
  const { contentType, body } = multipartBody([dataPart(this, name)]);
  const half = body.subarray(0, Math.floor(body.length / 2));
  await new Promise<void>((resolve) => {
    const req = request({ host: this.host('API'), port: this.port('API'), path, method: 'POST', agent: false,
      headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) } });
    req.on('error', () => resolve());
    req.write(half, () => setTimeout(() => { req.destroy(); resolve(); }, 300));
  });
  await new Promise((r) => setTimeout(r, 300));
});

/**
 * A real client's upload from another process (one sharing the server's event loop would read the answer
 * before its next write ever failed): the multipart head, `mb` MiB of CSV rows written with back-pressure,
 * the closing boundary. The answer is kept as the response; a socket error (EPIPE, ECONNRESET) before any
 * answer becomes status 0 with the error's code as the body.
 */
const UPLOAD_CLIENT = `
const { request } = require('node:http');
const [port, path, mb] = [Number(process.argv[1]), process.argv[2], Number(process.argv[3])];
const boundary = 'svcBulkBoundary';
const head = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="data"; filename="bulk.csv"\\r\\nContent-Type: text/csv\\r\\n\\r\\nts,v\\n');
const rows = Buffer.from('2020-01-01T00:00:00.000000Z,1\\n'.repeat(32768));
const count = Math.ceil((mb * 1048576) / rows.length);
const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
let said = false;
const say = (o) => { if (!said) { said = true; process.stdout.write(JSON.stringify(o)); } };
const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent: false,
  headers: { 'Content-Type': 'multipart/form-data; boundary=' + boundary, 'Content-Length': String(head.length + count * rows.length + tail.length) } }, (res) => {
  const chunks = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => say({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
});
req.on('error', (e) => say({ status: 0, body: 'socket error ' + (e.code ?? e.message) }));
(async () => {
  req.write(head);
  for (let i = 0; i < count && !req.destroyed; i++) {
    if (!req.write(rows)) await new Promise((r) => { req.once('drain', r); req.once('close', r); });
  }
  req.end(tail);
})();
`;

When('a client uploads {int} MB of CSV rows to {string}', async function (this: SvcWorld, mb: number, path: string) {
  await this.ready();
  const started = performance.now();
  const { stdout } = await runClient(process.execPath, ['-e', UPLOAD_CLIENT, String(this.port('API')), path, String(mb)], { timeout: 60_000 });
  const answer = JSON.parse(stdout) as { status: number; body: string };
  this.response = { status: answer.status, reason: '', headers: [], body: Buffer.from(answer.body), millis: performance.now() - started };
});

Then('the import status is {string}', function (this: SvcWorld, status: string) {
  assert.equal(json(this).status, status);
});

Then('the import reports {int} rows imported and {int} rows rejected', function (this: SvcWorld, imported: number, rejected: number) {
  const j = json(this);
  assert.deepEqual([j.rowsImported, j.rowsRejected], [imported, rejected], JSON.stringify(j));
});

Then('the import header flag is {word}', function (this: SvcWorld, flag: string) {
  assert.equal(json(this).header, flag === 'true');
});

Then('the import columns are {string}', function (this: SvcWorld, expected: string) {
  const columns = json(this).columns;
  assert.ok(Array.isArray(columns), JSON.stringify(json(this)));
  const actual = columns.map((c: { name?: unknown; type?: unknown; errors?: unknown }) =>
    `${String(c.name)} ${String(c.type)}${c.errors ? ` (${String(c.errors)} errors)` : ''}`);
  assert.equal(actual.join(', '), expected);
});

Then('the table {string} holds the rows:', localOnly('storage'), async function (this: SvcWorld, table: string, expected: DataTable) {
  const [header, ...rows] = expected.raw();
  const reader = engine(this).openReader(table);
  const names = reader.schema.columns.map((c) => c.name);
  reader.close();
  assert.deepEqual(names, header);
  assert.deepEqual(await tableRows(this, table), rows);
});

Then('the table {string} holds {int} rows', localOnly('storage'), async function (this: SvcWorld, table: string, count: number) {
  assert.equal((await tableRows(this, table)).length, count);
});

Then('the table {string} holds the columns {string}', localOnly('storage'), function (this: SvcWorld, table: string, columns: string) {
  const schema = engine(this).getTable(table);
  assert.ok(schema, `no table ${table}`);
  assert.equal(schema.columns.map((c) => `${c.name} ${typeName(c.type)}`).join(', '), columns);
});

Then('the table {string} is partitioned by {word} on {string}', localOnly('storage'), function (this: SvcWorld, table: string, partitionBy: string, ts: string) {
  const schema = engine(this).getTable(table);
  assert.ok(schema, `no table ${table}`);
  assert.equal(schema.partitionBy, partitionBy);
  assert.equal(schema.columns[schema.timestampIndex]?.name, ts);
});

Then('storage has no table {string}', localOnly('storage'), function (this: SvcWorld, table: string) {
  assert.equal(engine(this).getTable(table), undefined);
});

Then('the body is, with CRLF line ends:', function (this: SvcWorld, text: string) {
  assert.equal(this.response?.body.toString('utf8'), text.split('\n').join('\r\n') + '\r\n');
});

Then('the table {string} keeps maxUncommittedRows {int} and o3MaxLag {int}', localOnly('storage'), function (this: SvcWorld, table: string, rows: number, lag: number) {
  const schema = engine(this).getTable(table);
  assert.ok(schema, `no table ${table}`);
  assert.deepEqual([schema.maxUncommittedRows, schema.o3MaxLagMicros], [rows, lag]);
});

Then('the server has counted {int} imported rows', localOnly('in-process'), function (this: SvcWorld, rows: number) {
  assert.equal(this.server?.container.resolve(ServerMetrics).importedRows, rows);
});

Then('the table {string} deduplicates on {string}', localOnly('storage'), function (this: SvcWorld, table: string, keys: string) {
  const schema = engine(this).getTable(table);
  assert.ok(schema, `no table ${table}`);
  assert.equal(schema.dedupKeys.join(', '), keys);
});
