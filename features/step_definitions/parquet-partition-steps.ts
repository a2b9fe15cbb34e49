/**
 * Parquet partitions as clients see them: the same queries against a table with Parquet partitions and its
 * twin kept native, through every answer format and PostgreSQL; the bytes an interval query reads; a damaged
 * partition file; SIGKILL during conversions; Parquet files for read_parquet() under the copy root.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DataTable, Given, Then, When } from '@cucumber/cucumber';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { Client } from 'pg';
import { localOnly } from '../support/local-only';
import { pgEndpoint, pgOf } from '../support/pg-world';
import { SvcWorld } from '../support/world';

const FORMATS = ['csv', 'parquet', 'ndjson', 'arrow'] as const;

async function exec(world: SvcWorld, sql: string): Promise<{ status: number; text: string }> {
  const r = await world.request('API', `/exec?query=${encodeURIComponent(sql)}`);
  return { status: r.status, text: r.body.toString('utf8') };
}

/** The /exec answer without the parts that name the query (its text) or time it. */
function answerOf(text: string): string {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ columns: parsed.columns, timestamp: parsed.timestamp, dataset: parsed.dataset, count: parsed.count });
}

async function pgRows(world: SvcWorld, sql: string): Promise<string> {
  const s = pgOf(world);
  let client = s.clients[0];
  if (!client) {
    const { host, port } = await pgEndpoint(world);
    client = new Client({ host, port, user: 'admin', password: 'quest', database: 'qdb' });
    // The server stops before the clients are closed (After hooks): its goodbye is no error here.
    client.on('error', () => undefined);
    await client.connect();
    s.clients.push(client);
  }
  const r = await client.query({ text: sql, rowMode: 'array' });
  return JSON.stringify({ fields: r.fields.map((f) => [f.name, f.dataTypeID]), rows: r.rows });
}

/** An Arrow IPC stream's schema and rows as text. */
function arrowText(body: Buffer): string {
  const table = tableFromIPC(body);
  const big = (_k: string, v: unknown): unknown => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v);
  return JSON.stringify({ fields: table.schema.fields.map((f) => `${f.name}:${String(f.type)}`), rows: table.toArray().map((r) => r.toJSON()) }, big);
}

/** `TABLE` in each query names the table: the twin's answer must equal the reference's, byte for byte. */
Then('these queries answer the same on {string} as on {string} through \\/exec, \\/exp in every format and PostgreSQL:',
  async function (this: SvcWorld, subject: string, reference: string, table: DataTable) {
    for (const { query } of table.hashes()) {
      const on = (t: string): string => query.replace(/\bTABLE\b/g, t);
      const [a, b] = [await exec(this, on(subject)), await exec(this, on(reference))];
      assert.equal(a.status, 200, `${on(subject)}: ${a.text.slice(0, 300)}`);
      assert.equal(b.status, 200, `${on(reference)}: ${b.text.slice(0, 300)}`);
      assert.equal(answerOf(a.text), answerOf(b.text), on(subject));
      for (const fmt of FORMATS) {
        const ra = await this.request('API', `/exp?fmt=${fmt}&query=${encodeURIComponent(on(subject))}`);
        const rb = await this.request('API', `/exp?fmt=${fmt}&query=${encodeURIComponent(on(reference))}`);
        assert.equal(ra.status, 200, `${fmt} ${on(subject)}: ${ra.body.toString('utf8').slice(0, 300)}`);
        // Arrow streams number their dictionaries per export: compared as decoded tables, the others as bytes.
        if (fmt === 'arrow') assert.equal(arrowText(ra.body), arrowText(rb.body), `/exp fmt=arrow differs for ${on(subject)}`);
        else assert.ok(Buffer.compare(ra.body, rb.body) === 0, `/exp fmt=${fmt} differs for ${on(subject)}`);
      }
      assert.equal(await pgRows(this, on(subject)), await pgRows(this, on(reference)), `PostgreSQL: ${on(subject)}`);
    }
  });

/** Every `data.parquet` of the table's partition (the folder versions of that partition). */
function partitionFiles(world: SvcWorld, tableName: string, partition: string): string[] {
  const db = join(world.root, 'db');
  const dir = readdirSync(db).find((d) => d.startsWith(`${tableName}~`));
  assert.ok(dir, `no folder for table ${tableName}`);
  return readdirSync(join(db, dir)).filter((d) => d.startsWith(`${partition}.`)).map((d) => join(db, dir, d, 'data.parquet'))
    .filter((f) => { try { return statSync(f).isFile(); } catch { return false; } });
}

Given('the Parquet file of partition {string} of {string} is overwritten with garbage of the same size', localOnly('root'),
  function (this: SvcWorld, partition: string, tableName: string) {
    const files = partitionFiles(this, tableName, partition);
    assert.equal(files.length, 1, `partition ${partition} has ${files.length} Parquet files`);
    writeFileSync(files[0], Buffer.alloc(statSync(files[0]).size, 0x5a));
  });

Then('the folder of table {string} holds exactly one folder per partition', localOnly('root'), async function (this: SvcWorld, tableName: string) {
  const db = join(this.root, 'db');
  const dir = readdirSync(db).find((d) => d.startsWith(`${tableName}~`)) as string;
  const folders = readdirSync(join(db, dir)).filter((d) => statSync(join(db, dir, d)).isDirectory()).map((d) => d.split('.')[0]).sort();
  const r = await exec(this, `SELECT name FROM table_partitions('${tableName}')`);
  const names = (JSON.parse(r.text) as { dataset: string[][] }).dataset.map((row) => row[0]).sort();
  assert.deepEqual(folders, names);
});

async function metric(world: SvcWorld, name: string): Promise<number> {
  const r = await world.request('min', '/metrics');
  const line = r.body.toString('utf8').split('\n').find((l) => l.startsWith(`${name} `));
  assert.ok(line, `no metric ${name}`);
  return Number(line.split(' ')[1]);
}

Then('the query {string} reads less than {int} percent of the Parquet bytes of {string}', async function (this: SvcWorld, sql: string, percent: number, tableName: string) {
  const sizes = await exec(this, `SELECT sum(parquetFileSize) FROM table_partitions('${tableName}') WHERE isParquet`);
  const total = (JSON.parse(sizes.text) as { dataset: number[][] }).dataset[0][0];
  assert.ok(total > 0, `table ${tableName} has no Parquet partition`);
  const before = await metric(this, 'svc_parquet_bytes_read_total');
  const r = await exec(this, sql);
  assert.equal(r.status, 200, r.text.slice(0, 300));
  const read = (await metric(this, 'svc_parquet_bytes_read_total')) - before;
  assert.ok(read > 0, 'the query read no Parquet bytes at all (were they cached by an earlier step?)');
  assert.ok(read < (total * percent) / 100, `read ${read} of ${total} bytes`);
});

/**
 * The server process is killed at a random moment (within `ms`) of each of `rounds` conversions of every
 * partition of the table to Parquet (even rounds) or back to native (odd rounds), and started again.
 */
When('the server process is killed with SIGKILL during {int} conversions of {string} between Parquet and native, each within {int} ms',
  localOnly('process'), async function (this: SvcWorld, rounds: number, tableName: string, ms: number) {
    for (let i = 0; i < rounds; i++) {
      const to = i % 2 === 0 ? 'PARQUET' : 'NATIVE';
      const pending = exec(this, `ALTER TABLE ${tableName} CONVERT PARTITION TO ${to} WHERE ts >= 0`).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * ms)));
      this.child?.kill('SIGKILL');
      await this.childExit;
      await pending;
      await this.spawnServer();
    }
  });

Given('DuckDB writes the root file {string} as Parquet from:', localOnly('root'), async function (this: SvcWorld, name: string, sql: string) {
  const path = join(this.root, name);
  mkdirSync(dirname(path), { recursive: true });
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    await conn.run(`COPY (${sql}) TO '${path.replace(/'/g, "''")}' (FORMAT parquet)`);
  } finally {
    conn.closeSync();
  }
});

Given('the answer is written to the root file {string}', localOnly('root'), function (this: SvcWorld, name: string) {
  assert.ok(this.response, 'no request was made');
  assert.equal(this.response.status, 200, this.response.body.toString('utf8').slice(0, 300));
  mkdirSync(dirname(join(this.root, name)), { recursive: true });
  writeFileSync(join(this.root, name), this.response.body);
});

/**
 * Two tables with the same rows (5 DAY partitions from 2024-01-01, one row every 30 minutes) of every column
 * type a table holds, random values from fixed seeds and nulls among them, to convert one and keep the other.
 */
Given('the tables {string} and {string} hold the same {int} rows of every column type', async function (this: SvcWorld, subject: string, twin: string, rows: number) {
  const select = "SELECT timestamp_sequence('2024-01-01', 1800000000L) ts, rnd_boolean() b, rnd_byte() by, rnd_short() sh, rnd_char() ch, "
    + 'rnd_int(0, 1000, 2) i, rnd_long(0, 100000, 2) l, rnd_float(2) f, rnd_double(2) d, '
    + "rnd_date(to_date('2020', 'yyyy'), to_date('2024', 'yyyy'), 2) dt, rnd_timestamp(to_timestamp('2020', 'yyyy'), to_timestamp('2024', 'yyyy'), 2) t2, "
    + "rnd_symbol('a', 'b', 'c', null) s, rnd_str(3, 8, 2) str, rnd_varchar(1, 10, 2) vc, rnd_uuid4() u, rnd_ipv4() ip, rnd_long256() l256, "
    + "rnd_bin(1, 8, 2) bin, cast(rnd_str('u33d8', '9v1s8', 'dr5re', null) as geohash(5c)) g5, cast(rnd_str('u33d8', '9v1s8', 'dr5re') as geohash(3b)) g3b, "
    + `cast(rnd_double() * 1000 as decimal(12, 3)) dec, ARRAY[rnd_double(), rnd_double()] arr FROM long_sequence(${rows}, 7, 11)`;
  for (const sql of [
    `CREATE TABLE ${subject} AS (${select}) TIMESTAMP(ts) PARTITION BY DAY`,
    `CREATE TABLE ${twin} AS (SELECT * FROM ${subject}) TIMESTAMP(ts) PARTITION BY DAY`,
  ]) {
    const r = await exec(this, sql);
    assert.equal(r.status, 200, `${sql}: ${r.text}`);
  }
});
