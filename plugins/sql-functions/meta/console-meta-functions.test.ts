import assert from 'node:assert/strict';
import { randomSource } from '../../../core/sql/random-source';
import test from 'node:test';
import { ServerConfig } from '../../../core/config/server-config';
import { Types } from '../../../core/data/column-type';
import { ColumnBatch } from '../../../core/data/column-batch';
import { TableSchema } from '../../../core/data/table-schema';
import { TableFunction, TableFunctionContext } from '../../../core/extension/sql-function';
import { readValue, SqlValue } from '../../../core/sql/vector/sql-value';
import { informationSchemaColumns } from './catalog-functions';
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
  assert.deepEqual(r.rows, [['qdb', 'public', 'trades', 'price', 1, null, 'yes', 'double'], ['qdb', 'public', 'trades', 'ts', 2, null, 'yes', 'timestamp']]);
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
