import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ColumnType, Types } from '../../core/data/column-type';
import { TableSchema } from '../../core/data/table-schema';
import { uuidText } from '../../core/data/wide-value-text';
import { ColdPartitionStore } from '../../core/extension/partition-bytes';
import { Log } from '../../core/log/log';
import { ColumnarEngine } from '../storage-columnar/columnar-engine';
import { Cell, makeBatch, openEngine, readRows } from '../storage-columnar/test-support';
import { IcebergTableFormat } from '../table-format-iceberg/iceberg-table-format';
import { BlockCache } from './block-cache';
import { ColdPartitions } from './cold-partitions';
import { ColdTierMover } from './cold-tier-mover';
import { LayoutPublisher } from './layout-publisher';
import { S3ObjectStore } from './s3-object-store';
import { S3TestServer } from './s3-test-server';

const DAY = 86_400_000_000;
const T0 = Date.UTC(2024, 0, 1) * 1000;
const TYPES: ColumnType[] = [Types.TIMESTAMP, Types.SYMBOL, Types.DOUBLE, Types.LONG, Types.VARCHAR, Types.INT, Types.BOOLEAN, Types.UUID, Types.DATE];

function rows(days: number, n: number): Cell[][] {
  const out: Cell[][] = [];
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < n; i++) {
      const k = d * n + i;
      const nul = k % 9 === 4;
      out.push([
        T0 + d * DAY + i * 300_000_000, nul ? null : `s${k % 4}`, nul ? null : k * 0.25, nul ? null : k * 1_000_003, nul ? null : `v${k}é`,
        nul ? null : k - 100, k % 3 === 0 ? 1 : 0, nul ? null : Uint8Array.from({ length: 16 }, (_, b) => (k + b) & 255), nul ? null : 1_700_000_000_000 + k,
      ]);
    }
  }
  return out;
}

interface Rig {
  readonly engine: ColumnarEngine;
  readonly mover: ColdTierMover;
  readonly publisher: LayoutPublisher;
  readonly format: IcebergTableFormat;
  readonly errors: string[];
  readonly dir: string;
}

const server = new S3TestServer();
let store: S3ObjectStore;
const dirs: string[] = [];

before(async () => {
  await server.start();
  store = new S3ObjectStore(server.settings('tier'));
});
after(async () => {
  store.close();
  await server.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function log(errors: string[]): Log {
  return { source: 'test', debugEnabled: false, advisory: () => undefined, critical: (m) => errors.push(m), error: (m) => errors.push(m), info: () => undefined, debug: () => undefined };
}

/** An engine whose cold tier is the S3 test server; partitions whose newest row is 36 h older than the table's are due. */
async function rig(dir = mkdtempSync(join(tmpdir(), 'svc-cold-tier-'))): Promise<Rig> {
  if (!dirs.includes(dir)) dirs.push(dir);
  let cold: ColdPartitionStore | undefined;
  const engine = await openEngine(join(dir, 'db'), { coldStore: () => cold });
  const errors: string[] = [];
  const format = new IcebergTableFormat(store);
  const publisher = new LayoutPublisher(store, engine, engine.tiers, () => format, log(errors));
  const cache = new BlockCache(join(dir, 'cache'), 1 << 20, 4096);
  cache.reset();
  cold = new ColdPartitions(store, cache, publisher);
  const mover = new ColdTierMover(store, engine, engine.tiers, () => format, publisher,
    { coldAfterMs: 36 * 3_600_000, checkIntervalMs: 1_000_000, now: () => Date.UTC(2024, 0, 10) }, log(errors));
  return { engine, mover, publisher, format, errors, dir };
}

async function table(engine: ColumnarEngine, name: string, data: Cell[][]): Promise<void> {
  await engine.createTable({ name, columns: TYPES.map((type, i) => ({ name: i === 0 ? 'ts' : `c${i}`, type })), timestamp: 'ts', partitionBy: 'DAY' });
  const w = await engine.openWriter(name);
  await w.append(makeBatch(TYPES, data));
  await w.commit();
  await w.close();
}

function tiers(engine: ColumnarEngine, name: string): string[] {
  const r = engine.openReader(name);
  try {
    return r.partitions.map((p) => `${p.name}:${p.tier}`);
  } finally {
    r.close();
  }
}

async function same(engine: ColumnarEngine, a: string, b: string, options?: Parameters<typeof readRows>[1]): Promise<void> {
  const ra = engine.openReader(a);
  const rb = engine.openReader(b);
  try {
    assert.deepEqual(await readRows(ra, options), await readRows(rb, options));
  } finally {
    ra.close();
    rb.close();
  }
}

async function icebergFiles(name: string): Promise<string | undefined> {
  const hint = await store.head(`${name}/metadata/version-hint.text`);
  if (hint === undefined) return undefined;
  const v = Buffer.from(await store.read(`${name}/metadata/version-hint.text`, 0, hint.size)).toString();
  const info = await store.head(`${name}/metadata/v${v}.metadata.json`);
  const meta = JSON.parse(Buffer.from(await store.read(`${name}/metadata/v${v}.metadata.json`, 0, info?.size ?? 0)).toString()) as { snapshots: { summary: Record<string, string> }[] };
  return meta.snapshots[0].summary['total-data-files'];
}

test('Parquet partitions past cold.after move to the store; the table reads like its native twin, also after a restart', async () => {
  const r = await rig();
  const data = rows(4, 200);
  await table(r.engine, 'twin', data);
  await table(r.engine, 'trades', data);
  await r.engine.convertPartitions('trades', ['2024-01-01', '2024-01-02', '2024-01-03'], 'parquet');
  const localFile = (p: string): string | undefined => r.engine.tiers.parquetPartitions('trades').find((l) => l.partition === p)?.path;
  const day1 = localFile('2024-01-01');
  assert.ok(day1 !== undefined && existsSync(day1));
  await r.publisher.enqueue(() => r.mover.pass());
  assert.deepEqual(r.errors, []);
  assert.deepEqual(tiers(r.engine, 'trades'), ['2024-01-01:cold', '2024-01-02:cold', '2024-01-03:parquet', '2024-01-04:native']);
  assert.equal(existsSync(day1), false, 'the local copy is gone once uploaded and verified');
  assert.equal(await icebergFiles('trades'), '2');
  await same(r.engine, 'twin', 'trades');
  await same(r.engine, 'twin', 'trades', { reverse: true, batchRows: 33 });
  await same(r.engine, 'twin', 'trades', { intervals: [{ lo: T0 + DAY / 2, hi: T0 + DAY + DAY / 3 }], columns: [0, 2, 4] });
  await r.engine.close();
  const again = await rig(r.dir);
  assert.deepEqual(tiers(again.engine, 'trades'), ['2024-01-01:cold', '2024-01-02:cold', '2024-01-03:parquet', '2024-01-04:native']);
  await same(again.engine, 'twin', 'trades');
  await again.engine.close();
});

test('while the store is down nothing moves and nothing is lost; the next pass moves the partitions', async () => {
  const r = await rig();
  const data = rows(4, 200);
  await table(r.engine, 'twin', data);
  await table(r.engine, 'outage', data);
  await r.engine.convertPartitions('outage', ['2024-01-01', '2024-01-02'], 'parquet');
  server.mode = 'down';
  try {
    await r.publisher.enqueue(() => r.mover.pass());
  } finally {
    server.release();
  }
  assert.match(r.errors.join('\n'), /could not move outage partition 2024-01-01 to s3:\/\/svc-cold\/tier: cold storage s3:\/\/svc-cold\/tier is unavailable/);
  assert.deepEqual(tiers(r.engine, 'outage'), ['2024-01-01:parquet', '2024-01-02:parquet', '2024-01-03:native', '2024-01-04:native']);
  await same(r.engine, 'twin', 'outage');
  await r.publisher.enqueue(() => r.mover.pass());
  assert.deepEqual(tiers(r.engine, 'outage'), ['2024-01-01:cold', '2024-01-02:cold', '2024-01-03:native', '2024-01-04:native']);
  await same(r.engine, 'twin', 'outage');
  await r.engine.close();
});

test('a dropped cold partition leaves the Iceberg table, then its object is deleted', async () => {
  const r = await rig();
  await table(r.engine, 'dropped', rows(4, 200));
  await r.engine.convertPartitions('dropped', ['2024-01-01', '2024-01-02'], 'parquet');
  await r.publisher.enqueue(() => r.mover.pass());
  const key = r.engine.tiers.parquetPartitions('dropped')[0].remote?.key ?? '';
  assert.ok(await store.head(key));
  await r.engine.dropPartitions('dropped', ['2024-01-01']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await r.publisher.idle();
  assert.equal(await icebergFiles('dropped'), '1');
  assert.equal(await store.head(key), undefined);
  assert.deepEqual(r.errors, []);
  await r.engine.close();
});

test('a partition rewritten while it uploads is not switched, and its upload is removed', async () => {
  const r = await rig();
  const data = rows(2, 20);
  await table(r.engine, 'raced', data);
  await r.engine.convertPartitions('raced', ['2024-01-01'], 'parquet');
  const location = r.engine.tiers.parquetPartitions('raced')[0];
  const schema = r.engine.getTable('raced') as TableSchema;
  const holder = r.engine.openReader('raced'); // keeps the old file while the partition is rewritten
  const w = await r.engine.openWriter('raced');
  await w.append(makeBatch(TYPES, [rows(1, 1)[0].map((c, i) => (i === 0 ? T0 + 1 : c))]));
  await w.commit();
  await w.close();
  await r.mover.move(schema, location);
  holder.close();
  assert.equal(await store.head(r.format.dataKey(schema, location)), undefined);
  assert.deepEqual(tiers(r.engine, 'raced'), ['2024-01-01:parquet', '2024-01-02:native']);
  await r.engine.close();
});

test('a partition whose local file went meanwhile is skipped', async () => {
  const r = await rig();
  await table(r.engine, 'vanished', rows(2, 20));
  await r.engine.convertPartitions('vanished', ['2024-01-01'], 'parquet');
  const location = r.engine.tiers.parquetPartitions('vanished')[0];
  await r.engine.convertPartitions('vanished', ['2024-01-01'], 'native');
  await r.mover.move(r.engine.getTable('vanished') as TableSchema, location);
  assert.deepEqual(tiers(r.engine, 'vanished'), ['2024-01-01:native', '2024-01-02:native']);
  await r.engine.close();
});

test('ClickHouse reads the partitions svc wrote through their Iceberg metadata, every column with its values', async () => {
  const r = await rig();
  const data = rows(4, 200);
  await table(r.engine, 'external', data);
  await r.engine.convertPartitions('external', ['2024-01-01', '2024-01-02'], 'parquet');
  await r.publisher.enqueue(() => r.mover.pass());
  assert.deepEqual(tiers(r.engine, 'external'), ['2024-01-01:cold', '2024-01-02:cold', '2024-01-03:native', '2024-01-04:native']);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const chdb = require('chdb') as { queryAsync(q: string, o: { format: string }): Promise<{ text(): string }> };
  const url = `${server.endpoint}/${server.bucket}/tier/external/`;
  const got = JSON.parse((await chdb.queryAsync(`SELECT toUnixTimestamp64Micro(ts), c1, c2, c3, c4, c5, c6, toString(c7), toUnixTimestamp64Milli(c8)
    FROM icebergS3('${url}', 'S3RVER', 'S3RVER') ORDER BY ts`, { format: 'JSONCompact' })).text()) as { data: unknown[][] };
  const uuid = (b: Cell): string | null => (b instanceof Uint8Array ? uuidText(b, 0) : null);
  const expected = data.slice(0, 400).map((row) => [row[0], row[1], row[2], row[3], row[4], row[5], row[6] === 1, uuid(row[7]), row[8]]
    .map((v) => (v === null ? null : String(v))));
  assert.deepEqual(got.data.map((row) => row.map((v) => (v === null ? null : String(v)))), expected);
  await r.engine.close();
});

test('age counts back from the table\'s newest row: a table whose rows all are old keeps its newest Parquet partitions local', async () => {
  const r = await rig();
  await table(r.engine, 'aged', rows(4, 200));
  await r.engine.convertPartitions('aged', ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04'], 'parquet');
  await r.publisher.enqueue(() => r.mover.pass());
  // now is 2024-01-10, but the newest row is 2024-01-04 16:35: only partitions ending before 2024-01-03 04:35 go.
  assert.deepEqual(tiers(r.engine, 'aged'), ['2024-01-01:cold', '2024-01-02:cold', '2024-01-03:parquet', '2024-01-04:parquet']);
  await r.engine.close();
});

test('a scan whose intervals miss the cold partitions never asks the store', async () => {
  const r = await rig();
  const data = rows(4, 200);
  await table(r.engine, 'twin', data);
  await table(r.engine, 'pruned', data);
  await r.engine.convertPartitions('pruned', ['2024-01-01', '2024-01-02'], 'parquet');
  await r.publisher.enqueue(() => r.mover.pass());
  assert.deepEqual(tiers(r.engine, 'pruned'), ['2024-01-01:cold', '2024-01-02:cold', '2024-01-03:native', '2024-01-04:native']);
  server.mode = 'down';
  try {
    await same(r.engine, 'twin', 'pruned', { intervals: [{ lo: T0 + 2 * DAY, hi: T0 + 4 * DAY }], columns: [0, 3] });
  } finally {
    server.release();
  }
  await r.engine.close();
});
