/**
 * The object-storage cold tier against a real S3 server on loopback (@20minutes/s3rver, in the test
 * process): the server's cold.* settings pointing at it, the store going down, holding uploads or losing
 * objects, what it was asked for, and the table on it read by ClickHouse (chdb) and DuckDB.
 */
import assert from 'node:assert/strict';
import { readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { After, DataTable, Given, Then, When } from '@cucumber/cucumber';
import { DuckDBInstance } from '@duckdb/node-api';
import { S3ObjectStore } from '../../plugins/storage-object-store/s3-object-store';
import { S3TestServer, TEST_ACCESS_KEY, TEST_SECRET_KEY } from '../../plugins/storage-object-store/s3-test-server';
import { localOnly } from '../support/local-only';
import { SvcWorld } from '../support/world';

/** The key prefix the scenarios' servers write under. */
const PREFIX = 'svc';

const stores = new WeakMap<SvcWorld, { server: S3TestServer; client: S3ObjectStore }>();

function storeOf(world: SvcWorld): { server: S3TestServer; client: S3ObjectStore } {
  const s = stores.get(world);
  assert.ok(s, 'no S3 store: add "Given an S3 store on loopback for the cold tier"');
  return s;
}

After(async function (this: SvcWorld) {
  const s = stores.get(this);
  if (s === undefined) return;
  s.client.close();
  await s.server.dispose();
});

Given('an S3 store on loopback for the cold tier', localOnly('environment'), async function (this: SvcWorld) {
  const server = new S3TestServer();
  await server.start();
  stores.set(this, { server, client: new S3ObjectStore(server.settings(PREFIX)) });
  Object.assign(this.env, {
    SVC_COLD_STORE_ENDPOINT: server.endpoint, SVC_COLD_STORE_BUCKET: server.bucket, SVC_COLD_STORE_PREFIX: PREFIX,
    SVC_COLD_STORE_ACCESS_KEY: TEST_ACCESS_KEY, SVC_COLD_STORE_SECRET_KEY: TEST_SECRET_KEY,
    SVC_COLD_CHECK_INTERVAL: '200ms', SVC_COLD_STORE_MAX_ATTEMPTS: '1', SVC_COLD_STORE_REQUEST_TIMEOUT: '3s',
  });
});

When('the S3 store goes down', function (this: SvcWorld) {
  storeOf(this).server.mode = 'down';
});

When('the S3 store comes back', function (this: SvcWorld) {
  storeOf(this).server.release();
});

When('the S3 store holds uploads', function (this: SvcWorld) {
  storeOf(this).server.mode = 'hold-uploads';
});

Then('within {int} seconds the S3 store holds an upload', async function (this: SvcWorld, seconds: number) {
  const { server } = storeOf(this);
  const until = Date.now() + seconds * 1000;
  while (server.heldUploads === 0) {
    assert.ok(Date.now() < until, `no upload arrived within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
});

When('the S3 store lets uploads through', function (this: SvcWorld) {
  storeOf(this).server.release();
});

When('the S3 store\'s request counts are reset', function (this: SvcWorld) {
  storeOf(this).server.resetRequests();
});

Then('the S3 store answered no GET', function (this: SvcWorld) {
  const { requests } = storeOf(this).server;
  assert.equal(requests.gets, 0, JSON.stringify(requests));
});

Then('the S3 store answered only ranged GETs, for less than {int} % of the cold bytes of {string}',
  async function (this: SvcWorld, percent: number, table: string) {
    const { server, client } = storeOf(this);
    const r = server.requests;
    assert.ok(r.gets > 0, 'no GET was made');
    assert.equal(r.rangedGets, r.gets, JSON.stringify(r));
    const total = (await client.list(`${table}/`)).filter((o) => o.key.endsWith('.parquet')).reduce((a, o) => a + o.size, 0);
    assert.ok(r.rangeBytes < total * percent / 100, `ranged GETs asked ${r.rangeBytes} bytes of ${total}`);
  });

interface Snapshot {
  readonly summary: Readonly<Record<string, string>>;
}

async function currentSummary(client: S3ObjectStore, table: string): Promise<Readonly<Record<string, string>> | undefined> {
  const hintKey = `${table}/metadata/version-hint.text`;
  const hint = await client.head(hintKey);
  if (hint === undefined) return undefined;
  const version = Buffer.from(await client.read(hintKey, 0, hint.size)).toString().trim();
  const key = `${table}/metadata/v${version}.metadata.json`;
  const info = await client.head(key);
  if (info === undefined) return undefined;
  const meta = JSON.parse(Buffer.from(await client.read(key, 0, info.size)).toString()) as { snapshots: Snapshot[] };
  return meta.snapshots.at(-1)?.summary;
}

Then('within {int} seconds the Iceberg table {string} on the S3 store has {int} data files and {int} records',
  async function (this: SvcWorld, seconds: number, table: string, files: number, records: number) {
    const { client } = storeOf(this);
    const until = Date.now() + seconds * 1000;
    let last: Readonly<Record<string, string>> | undefined;
    for (;;) {
      last = await currentSummary(client, table).catch(() => undefined);
      if (last?.['total-data-files'] === String(files) && last['total-records'] === String(records)) return;
      assert.ok(Date.now() < until, `after ${seconds} s the current snapshot says ${JSON.stringify(last)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

async function execRows(world: SvcWorld, sql: string): Promise<{ status: number; text: string; rows?: unknown[][] }> {
  const r = await world.request('API', `/exec?query=${encodeURIComponent(sql)}`);
  const text = r.body.toString('utf8');
  if (r.status !== 200) return { status: r.status, text };
  const body = JSON.parse(text) as { dataset: unknown[][] };
  return { status: r.status, text, rows: body.dataset };
}

/** Each row's `query` names the table as `{table}`; both tables must answer it with the same JSON. */
Then('these queries answer the same for {string} as for {string}:', async function (this: SvcWorld, table: string, reference: string, queries: DataTable) {
  for (const { query } of queries.hashes()) {
    const a = await execRows(this, query.replace(/\{table\}/g, table));
    const b = await execRows(this, query.replace(/\{table\}/g, reference));
    assert.equal(a.status, 200, `${query}: ${a.text}`);
    assert.equal(b.status, 200, `${query}: ${b.text}`);
    assert.ok((a.rows?.length ?? 0) > 0, `${query}: no rows`);
    assert.deepEqual(a.rows, b.rows, query);
  }
});

const normalize = (rows: readonly (readonly unknown[])[]): string[][] =>
  rows.map((r) => r.map((v) => (v === null || v === undefined ? 'null' : String(v))));

async function clickhouse(sql: string): Promise<string[][]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const chdb = require('chdb') as { queryAsync(q: string, o: { format: string }): Promise<{ text(): string }> };
  const r = await chdb.queryAsync(sql, { format: 'JSONCompact' });
  return normalize((JSON.parse(r.text()) as { data: unknown[][] }).data);
}

async function duckdb(sql: string): Promise<string[][]> {
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    return normalize((await conn.runAndReadAll(sql)).getRowsJS() as unknown[][]);
  } finally {
    conn.closeSync();
  }
}

/**
 * Each row: the same question in svc's SQL, ClickHouse's and DuckDB's. In ClickHouse `{iceberg}` is the table
 * through `icebergS3` from the S3 endpoint and `{glob}` its Hive folders through `s3()`; in DuckDB `{parquet}`
 * is `read_parquet` of the same objects' bytes where the S3 server keeps them (DuckDB's httpfs extension
 * cannot be downloaded here). Every answer must be svc's, value for value.
 */
Then('ClickHouse and DuckDB read the table {string} from the S3 store and answer like svc:', async function (this: SvcWorld, table: string, rows: DataTable) {
  const { server } = storeOf(this);
  const url = `${server.endpoint}/${server.bucket}/${PREFIX}/${table}/`;
  const iceberg = `icebergS3('${url}', '${TEST_ACCESS_KEY}', '${TEST_SECRET_KEY}')`;
  const glob = `s3('${url}*/*.parquet', '${TEST_ACCESS_KEY}', '${TEST_SECRET_KEY}', 'Parquet')`;
  const parquet = `read_parquet('${join(server.directory, server.bucket, PREFIX, table)}/*/*.parquet._S3rver_object', hive_partitioning = true)`;
  for (const row of rows.hashes()) {
    const mine = await execRows(this, row.svc);
    assert.equal(mine.status, 200, `${row.svc}: ${mine.text}`);
    const expected = normalize(mine.rows ?? []);
    assert.ok(expected.length > 0, `${row.svc}: no rows`);
    const ch = row.clickhouse.replace(/\{iceberg\}/g, iceberg).replace(/\{glob\}/g, glob);
    assert.deepEqual(await clickhouse(ch), expected, `ClickHouse: ${ch}`);
    const duck = row.duckdb.replace(/\{parquet\}/g, parquet);
    assert.deepEqual(await duckdb(duck), expected, `DuckDB: ${duck}`);
  }
});

/** The file the S3 server keeps the `day`-th oldest data object of the table in (Hive folders sort by time). */
async function objectOf(world: SvcWorld, table: string, day: number): Promise<string> {
  const { client, server } = storeOf(world);
  const objects = (await client.list(`${table}/`)).filter((o) => o.key.endsWith('.parquet')).map((o) => o.key).sort();
  assert.ok(objects.length >= day, `objects under ${table}/: ${objects.join(', ')}`);
  return server.objectFile(`${PREFIX}/${objects[day - 1]}`);
}

When('the cold object of day {int} \\(oldest first) of the table {string} is cut to {int} bytes on the S3 store',
  async function (this: SvcWorld, day: number, table: string, bytes: number) {
    const file = await objectOf(this, table, day);
    truncateSync(file, bytes);
    rmSync(`${file}.md5`, { force: true }); // the store recomputes its ETag from the bytes it holds
  });

When('the cold object of day {int} \\(oldest first) of the table {string} is overwritten with other bytes of the same size on the S3 store',
  async function (this: SvcWorld, day: number, table: string) {
    const file = await objectOf(this, table, day);
    writeFileSync(file, Buffer.alloc(statSync(file).size, 7));
    rmSync(`${file}.md5`, { force: true });
  });

function folderBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    total += e.isDirectory() ? folderBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  }
  return total;
}

Then('the root folder {string} holds at most {int} bytes', localOnly('root'), function (this: SvcWorld, folder: string, bytes: number) {
  const used = folderBytes(join(this.root, folder));
  assert.ok(used <= bytes, `${folder} holds ${used} bytes`);
});

Then('within {int} seconds the log has a line matching {string}', localOnly('log'), async function (this: SvcWorld, seconds: number, pattern: string) {
  const until = Date.now() + seconds * 1000;
  const re = new RegExp(pattern, 'm');
  for (;;) {
    const log = this.child ? this.childOutput : this.console;
    if (re.test(log)) return;
    assert.ok(Date.now() < until, `no log line matching ${pattern} within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
