import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { ImportResult, renderFailure, renderJson, renderTabular } from './import-result';

const result: ImportResult = {
  location: 'test', rowsHandled: 3, rowsImported: 3, header: true, partitionBy: 'NONE', timestamp: undefined,
  partitionFromTable: false, timestampFromTable: false,
  columns: [{ name: 'col_a', type: Types.INT, errors: 0 }, { name: 'ts', type: Types.INT, errors: 0 }],
};

test('the grid is QuestDB test answer of 1287 bytes', () => {
  const grid = renderTabular(result);
  assert.equal(Buffer.byteLength(grid), 1287);
  assert.ok(grid.includes('|              0  |                                             col_a  |                      INT  |           0  |\r\n'));
});

test('long values keep their tail after three dots', () => {
  const grid = renderTabular({ ...result, location: 'x'.repeat(40) + 'y'.repeat(20) });
  assert.ok(grid.includes(`  |...${'x'.repeat(27)}${'y'.repeat(20)}  |`));
});

test('From Table marks a partitioning taken from the existing table', () => {
  const grid = renderTabular({ ...result, partitionBy: 'DAY', partitionFromTable: true });
  assert.ok(grid.includes('|  From Table  |\r\n'));
  assert.ok(renderJson({ ...result, partitionFromTable: true }).includes('"warnings":["Existing table PartitionBy is used"]'));
});

test('the JSON result lists sizes and errors per column', () => {
  assert.equal(renderJson({ ...result, timestamp: 'ts', columns: [{ name: 's', type: Types.VARCHAR, errors: 2 }] }),
    '{"status":"OK","location":"test","rowsRejected":0,"rowsImported":3,"header":true,"partitionBy":"NONE","timestamp":"ts",'
    + '"columns":[{"name":"s","type":"VARCHAR","size":0,"errors":2}]}');
});

test('failures are the bare message or a JSON status', () => {
  assert.equal(renderFailure('not enough lines [table=x]', false), 'not enough lines [table=x]');
  assert.equal(renderFailure('a "b"', true), '{"status":"a \\"b\\""}');
});
