import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ParquetPartitionLocation } from '../../core/extension/partition-bytes';
import { S3ObjectStore } from '../storage-object-store/s3-object-store';
import { S3TestServer, TEST_ACCESS_KEY, TEST_SECRET_KEY } from '../storage-object-store/s3-test-server';
import { readAvroFile } from './iceberg-avro';
import { IcebergTableFormat } from './iceberg-table-format';
import { TRADES, writeDays } from './iceberg-test-support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const chdb = require('chdb') as { queryAsync(sql: string, o: { format: string }): Promise<{ text(): string }> };

const server = new S3TestServer();
const dir = mkdtempSync(join(tmpdir(), 'svc-iceberg-'));
let store: S3ObjectStore;
let format: IcebergTableFormat;
let files: ParquetPartitionLocation[];

async function uploadAll(list: readonly ParquetPartitionLocation[]): Promise<ParquetPartitionLocation[]> {
  const out: ParquetPartitionLocation[] = [];
  for (const f of list) {
    const key = format.dataKey(TRADES, f);
    const info = await store.uploadFile(key, f.path ?? '');
    out.push({ ...f, tier: 'cold', remote: { key, size: info.size, checksum: `etag:${info.etag}` } });
  }
  return out;
}

async function clickhouse(sql: string): Promise<string> {
  return (await chdb.queryAsync(sql, { format: 'CSV' })).text().trim();
}

const tableUrl = (): string => `${server.endpoint}/${server.bucket}/ice/trades/`;

before(async () => {
  await server.start();
  store = new S3ObjectStore(server.settings('ice'));
  format = new IcebergTableFormat(store);
  files = await uploadAll(await writeDays(dir, 3, 1000));
});
after(async () => {
  store.close();
  await server.dispose();
  rmSync(dir, { recursive: true, force: true });
});

test('data files are Hive-partitioned by the day of the designated timestamp', () => {
  assert.deepEqual(files.map((f) => f.remote?.key), [
    'trades/ts_day=2024-01-01/2024-01-01.1.parquet',
    'trades/ts_day=2024-01-02/2024-01-02.2.parquet',
    'trades/ts_day=2024-01-03/2024-01-03.3.parquet',
  ]);
});

test('a publish writes v1 metadata, a manifest list and a manifest, then the version hint', async () => {
  await format.publish(TRADES, files);
  const hint = Buffer.from(await store.read('trades/metadata/version-hint.text', 0, 1)).toString();
  assert.equal(hint, '1');
  const info = await store.head('trades/metadata/v1.metadata.json');
  assert.ok(info !== undefined);
  const meta = JSON.parse(Buffer.from(await store.read('trades/metadata/v1.metadata.json', 0, info.size)).toString()) as {
    'format-version': number; 'partition-specs': { fields: { name: string; transform: string }[] }[];
    snapshots: { 'manifest-list': string; summary: Record<string, string> }[];
  };
  assert.equal(meta['format-version'], 2);
  assert.deepEqual(meta['partition-specs'][0].fields.map((f) => [f.name, f.transform]), [['ts_day', 'day']]);
  assert.equal(meta.snapshots[0].summary['total-records'], '3000');
  const listKey = meta.snapshots[0]['manifest-list'].replace(`${store.location}/`, '');
  const listInfo = await store.head(listKey);
  const manifests = await readAvroFile(await store.read(listKey, 0, listInfo?.size ?? 0)) as { added_files_count: number }[];
  assert.equal(manifests[0].added_files_count, 3);
});

test('publishing the same files again writes no new version', async () => {
  await format.publish(TRADES, files);
  assert.equal(await store.head('trades/metadata/v2.metadata.json'), undefined);
});

test('ClickHouse reads the Iceberg table from the S3 endpoint', async () => {
  const got = await clickhouse(`SELECT count(), sum(qty), round(sum(price), 2) FROM icebergS3('${tableUrl()}', '${TEST_ACCESS_KEY}', '${TEST_SECRET_KEY}')`);
  assert.equal(got, '3000,1498500,74250');
});

test('ClickHouse reads the Hive folders with an s3() glob', async () => {
  const got = await clickhouse(`SELECT ts_day, count() FROM s3('${tableUrl()}*/*.parquet', '${TEST_ACCESS_KEY}', '${TEST_SECRET_KEY}', 'Parquet')
    GROUP BY ts_day ORDER BY ts_day SETTINGS use_hive_partitioning = 1`);
  assert.equal(got, '"2024-01-01",1000\n"2024-01-02",1000\n"2024-01-03",1000');
});

test('a file removed from the table leaves the next snapshot', async () => {
  await format.publish(TRADES, files.slice(1));
  const hint = Buffer.from(await store.read('trades/metadata/version-hint.text', 0, 1)).toString();
  assert.equal(hint, '2');
  const got = await clickhouse(`SELECT count(), min(ts) FROM icebergS3('${tableUrl()}', '${TEST_ACCESS_KEY}', '${TEST_SECRET_KEY}')`);
  assert.equal(got, '2000,"2024-01-02 00:00:00.000000"');
});
