import assert from 'node:assert/strict';
import { randomSource } from '../../../core/sql/random-source';
import test from 'node:test';
import { ServerConfig } from '../../../core/config/server-config';
import { geohashType, Types } from '../../../core/data/column-type';
import { ColumnBatch } from '../../../core/data/column-batch';
import { TableSchema } from '../../../core/data/table-schema';
import { TableFunction, TableFunctionContext } from '../../../core/extension/sql-function';
import { readValue, SqlValue } from '../../../core/sql/vector/sql-value';
import { informationSchemaColumns, questdbColumns } from './catalog-functions';
import { tablesFunction } from './tables-function';
import { telemetryConfig } from './telemetry-config';
import { showParametersFunction } from './show-parameters-function';
import { materializedViewsFunction, viewsFunction } from './view-functions';
import { walTablesFunction } from './wal-functions';

function schema(name: string, walEnabled: boolean): TableSchema {
  return {
    id: 1, name, directoryName: name, timestampIndex: 1, partitionBy: 'DAY', maxUncommittedRows: 1000, o3MaxLagMicros: 0, walEnabled, dedupKeys: [],
    columns: [{ name: 'price', type: Types.DOUBLE }, { name: 'ts', type: Types.TIMESTAMP }],
  };
}

function context(tables: readonly TableSchema[], txn: number): TableFunctionContext {
  return {
    now: 0, user: 'admin', random: randomSource(undefined), signal: new AbortController().signal,
    listTables: () => tables, getTable: (n) => tables.find((t) => t.name === n), partitions: () => [], symbolTableSize: () => 0,
    committedTxn: () => txn,
  };
}

async function rows(fn: TableFunction, c: TableFunctionContext): Promise<{ names: string[]; rows: SqlValue[][] }> {
  const shape = fn.describe([], [], c);
  const out: SqlValue[][] = [];
  for await (const b of shape.rows(c) as AsyncIterable<ColumnBatch>) {
    for (let i = 0; i < b.rowCount; i++) out.push(b.vectors.map((v) => readValue(v, i)));
  }
  return { names: shape.columns.map((x) => x.name), rows: out };
}

test('information_schema.columns lists every column with its 1-based position', async () => {
  const r = await rows(informationSchemaColumns, context([schema('trades', true)], 0));
  assert.deepEqual(r.names, ['table_catalog', 'table_schema', 'table_name', 'column_name', 'ordinal_position', 'column_default', 'is_nullable', 'data_type']);
  assert.deepEqual(r.rows, [['qdb', 'public', 'trades', 'price', 1, null, 'yes', 'double precision'],
    ['qdb', 'public', 'trades', 'ts', 2, null, 'yes', 'timestamp without time zone']]);
});

test('information_schema.questdb_columns names the types as QuestDB does', async () => {
  const t: TableSchema = { ...schema('t', true), columns: [{ name: 's', type: Types.SYMBOL }, { name: 'ts', type: Types.TIMESTAMP }, { name: 'g', type: geohashType(20, true) }] };
  const r = await rows(questdbColumns, context([t], 0));
  assert.deepEqual(r.rows.map((x) => [x[3], x[4], x[7]]), [['s', 1, 'SYMBOL'], ['ts', 2, 'TIMESTAMP'], ['g', 3, 'GEOHASH(4c)']]);
});

test('tables() has QuestDB 9.4.4\'s 45 columns and the committed figures of each table', async () => {
  const c: TableFunctionContext = {
    ...context([schema('a', true), schema('b', false)], 3),
    partitions: () => [{ name: '2024-01-01', minTimestamp: 10, maxTimestamp: 20, rowCount: 2, diskSize: 0 }, { name: '2024-01-02', minTimestamp: 86_400_000_000, maxTimestamp: 86_400_000_005, rowCount: 1, diskSize: 0 }],
    lastCommitMicros: () => 1_700_000_000_000_000,
  };
  const r = await rows(tablesFunction, c);
  assert.equal(r.names.length, 45);
  assert.deepEqual([r.names[12], r.names[13], r.names[32], r.names[44]], ['table_suspended', 'table_type', 'wal_txn', 'replica_more_pending']);
  const at = (row: SqlValue[], name: string): SqlValue => row[r.names.indexOf(name)];
  const [wal, plain] = r.rows;
  assert.deepEqual(['table_row_count', 'table_min_timestamp', 'table_max_timestamp', 'table_last_write_timestamp', 'table_txn', 'table_type', 'wal_txn', 'table_suspended']
    .map((n) => at(wal, n)), [3, 10, 86_400_000_005, 1_700_000_000_000_000, 3, 'T', 3, false]);
  assert.deepEqual(['wal_txn', 'wal_max_timestamp', 'table_memory_pressure_level', 'wal_pending_row_count'].map((n) => at(plain, n)), [null, null, null, 0]);
});

test('tables() reports a TIMESTAMP_NS table\'s range in microseconds and none for an empty table', async () => {
  const ns: TableSchema = { ...schema('n', true), columns: [{ name: 'price', type: Types.DOUBLE }, { name: 'ts', type: Types.TIMESTAMP_NS }] };
  const withRows = { ...context([ns], 1), partitions: () => [{ name: 'p', minTimestamp: 1_000_999, maxTimestamp: 5_000_000, rowCount: 2, diskSize: 0 }] };
  const r = await rows(tablesFunction, withRows);
  assert.deepEqual([r.rows[0][15], r.rows[0][16]], [1000, 5000]);
  const empty = await rows(tablesFunction, context([schema('e', false)], 0));
  assert.deepEqual([empty.rows[0][14], empty.rows[0][15], empty.rows[0][17]], [0, null, null]);
});

test('telemetry_config is one row with telemetry disabled', async () => {
  const r = await rows(telemetryConfig, context([], 0));
  assert.deepEqual(r.names, ['id', 'enabled', 'version', 'os', 'package', 'instance_name', 'instance_type', 'instance_desc']);
  assert.deepEqual([r.rows.length, r.rows[0][1]], [1, false]);
});

test('wal_tables lists only WAL tables with writerTxn equal to sequencerTxn', async () => {
  const r = await rows(walTablesFunction, context([schema('a', true), schema('b', false)], 7));
  assert.deepEqual(r.names, ['name', 'suspended', 'writerTxn', 'bufferedTxnSize', 'sequencerTxn', 'errorTag', 'errorMessage', 'memoryPressure']);
  assert.deepEqual(r.rows, [['a', false, 7, 0, 7, '', '', 0]]);
});

test('views and materialized views have their columns and no rows', async () => {
  const v = await rows(viewsFunction, context([], 0));
  const m = await rows(materializedViewsFunction, context([], 0));
  assert.deepEqual([v.names[0], v.names[1], v.rows.length], ['view_name', 'view_sql', 0]);
  assert.deepEqual([m.names[0], m.names[1], m.names[2], m.rows.length], ['view_name', 'refresh_type', 'base_table_name', 0]);
});

test('show_parameters masks secrets and marks them sensitive', async () => {
  const config = ServerConfig.load({ confText: 'http.password=s3cret\n', env: { SVC_HTTP_USER: 'admin' }, readFile: () => '' });
  const r = await rows(showParametersFunction(config), context([], 0));
  assert.deepEqual(r.names, ['property_path', 'env_var_name', 'value', 'value_source', 'sensitive', 'reloadable']);
  assert.deepEqual(r.rows.find((x) => x[0] === 'http.password'), ['http.password', 'SVC_HTTP_PASSWORD', '****', 'conf', true, false]);
  assert.deepEqual(r.rows.find((x) => x[0] === 'http.user'), ['http.user', 'SVC_HTTP_USER', 'admin', 'env', false, false]);
});
