/**
 * Arrow, Parquet and NDJSON files in scenarios: files written by DuckDB or kept from an answer, uploads of
 * them, and comparisons through independent readers (apache-arrow, arrow-rs inside parquet-wasm, DuckDB).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Given, Then, When } from '@cucumber/cucumber';
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { Table as WasmTable, writeParquet } from 'parquet-wasm/node';
import { FormPart, multipartBody } from '../support/multipart';
import { SvcWorld } from '../support/world';

const files = new WeakMap<SvcWorld, Map<string, Buffer>>();

/** A file kept by an earlier step (bomb-steps.ts uses them too). */
export function keptFile(world: SvcWorld, name: string): Buffer {
  return stored(world, name);
}

function stored(world: SvcWorld, name: string): Buffer {
  const b = files.get(world)?.get(name);
  if (!b) throw new Error(`no file ${name} was kept`);
  return b;
}

/** Keeps `bytes` as the file `name` for later steps. */
export function keepFile(world: SvcWorld, name: string, bytes: Buffer): void {
  keep(world, name, bytes);
}

function keep(world: SvcWorld, name: string, bytes: Buffer): void {
  let m = files.get(world);
  if (!m) { m = new Map(); files.set(world, m); }
  m.set(name, bytes);
}

function body(world: SvcWorld): Buffer {
  assert.ok(world.response, 'no request was made');
  assert.equal(world.response.status, 200, world.response.body.toString('utf8').slice(0, 500));
  return world.response.body;
}

/** Runs `work` with a DuckDB connection and a scratch folder that are gone afterwards. */
export async function withDuckDb<T>(work: (conn: DuckDBConnection, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-feature-formats-'));
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    return await work(conn, dir);
  } finally {
    conn.closeSync();
    rmSync(dir, { recursive: true, force: true });
  }
}

Given('DuckDB writes the Parquet file {string} from:', async function (this: SvcWorld, name: string, sql: string) {
  const bytes = await withDuckDb(async (conn, dir) => {
    const path = join(dir, 'out.parquet');
    await conn.run(`COPY (${sql}) TO '${path}' (FORMAT parquet)`);
    return readFileSync(path);
  });
  keep(this, name, bytes);
});

Given('the answer is kept as the file {string}', function (this: SvcWorld, name: string) {
  keep(this, name, body(this));
});

Given('the file {string} is the first {int} bytes of {string}', function (this: SvcWorld, name: string, n: number, source: string) {
  keep(this, name, stored(this, source).subarray(0, n));
});

Given('the file {string} is kept for upload', function (this: SvcWorld, name: string) {
  const text = this.values.get(`file:${name}`);
  if (text === undefined) throw new Error(`no file ${name} was given`);
  keep(this, name, Buffer.from(text, 'utf8'));
});

async function upload(world: SvcWorld, name: string, query: string, gzip: boolean, schema?: string): Promise<void> {
  const parts: FormPart[] = [{ name: 'data', filename: name, contentType: 'application/octet-stream', body: stored(world, name) }];
  if (schema !== undefined) parts.unshift({ name: 'schema', body: schema });
  const { contentType: type, body: multipart } = multipartBody(parts);
  const headers: Record<string, string> = { 'Content-Type': type };
  if (gzip) headers['Content-Encoding'] = 'gzip';
  await world.request('API', `/imp?${query}`, { method: 'POST', headers, body: gzip ? gzipSync(multipart) : multipart });
}

When('I upload the kept file {string} with {string}', async function (this: SvcWorld, name: string, query: string) {
  await upload(this, name, query, false);
});

When('I upload the kept file {string} with {string} and the schema:', async function (this: SvcWorld, name: string, query: string, schema: string) {
  await upload(this, name, query, false, schema);
});

When('I upload the kept file {string} gzipped with {string}', async function (this: SvcWorld, name: string, query: string) {
  await upload(this, name, query, true);
});

Then('the Arrow body has {int} rows and the fields {string}', function (this: SvcWorld, rows: number, fields: string) {
  const table = tableFromIPC(body(this));
  assert.equal(table.numRows, rows);
  assert.equal(table.schema.fields.map((f) => `${f.name}:${String(f.type)}`).join(', '), fields);
});

Then('the Arrow body column {string} holds {string}', function (this: SvcWorld, column: string, values: string) {
  const vector = tableFromIPC(body(this)).getChild(column);
  assert.ok(vector, `no column ${column}`);
  const texts: string[] = [];
  for (let i = 0; i < vector.length; i++) {
    const v: unknown = vector.get(i);
    texts.push(v === null ? 'null' : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : String(v));
  }
  assert.equal(texts.join(','), values);
});

/** The rows of `left` and `right` (DuckDB relations) projected by `columns` are the same multiset. */
async function sameRows(conn: DuckDBConnection, left: string, right: string, columns: string): Promise<number> {
  const count = async (sql: string): Promise<number> => Number((await conn.runAndReadAll(sql)).getRows()[0][0]);
  const rows = await count(`SELECT count(*) FROM ${left}`);
  assert.equal(await count(`SELECT count(*) FROM ${right}`), rows, 'row counts differ');
  const diff = `(SELECT ${columns} FROM ${left} EXCEPT ALL SELECT ${columns} FROM ${right})`;
  const back = `(SELECT ${columns} FROM ${right} EXCEPT ALL SELECT ${columns} FROM ${left})`;
  assert.equal(await count(`SELECT count(*) FROM ${diff}`), 0, 'rows of the first are missing from the second');
  assert.equal(await count(`SELECT count(*) FROM ${back}`), 0, 'rows of the second are missing from the first');
  return rows;
}

async function csvExport(world: SvcWorld, query: string): Promise<Buffer> {
  const r = await world.request('API', `/exp?query=${encodeURIComponent(query)}`);
  assert.equal(r.status, 200, r.body.toString('utf8').slice(0, 300));
  return r.body;
}

Then('arrow-rs and DuckDB read the Arrow body as the CSV export of {string} comparing {string}',
  async function (this: SvcWorld, query: string, columns: string) {
    const arrow = body(this);
    // apache-arrow reads it; arrow-rs (inside parquet-wasm) reads it independently and writes Parquet for DuckDB.
    const rows = tableFromIPC(arrow).numRows;
    const parquet = writeParquet(WasmTable.fromIPCStream(arrow));
    const csv = await csvExport(this, query);
    const compared = await withDuckDb(async (conn, dir) => {
      writeFileSync(join(dir, 'a.parquet'), parquet);
      writeFileSync(join(dir, 'e.csv'), csv);
      return sameRows(conn, `read_parquet('${join(dir, 'a.parquet')}')`, `read_csv('${join(dir, 'e.csv')}', header = true)`, columns);
    });
    assert.equal(compared, rows);
  });

Then('DuckDB finds the rows of the kept file {string} in the CSV export of {string} comparing {string}',
  async function (this: SvcWorld, name: string, query: string, columns: string) {
    const csv = await csvExport(this, query);
    await withDuckDb(async (conn, dir) => {
      writeFileSync(join(dir, 'f.parquet'), stored(this, name));
      writeFileSync(join(dir, 'e.csv'), csv);
      await sameRows(conn, `read_parquet('${join(dir, 'f.parquet')}')`, `read_csv('${join(dir, 'e.csv')}', header = true)`, columns);
    });
  });
