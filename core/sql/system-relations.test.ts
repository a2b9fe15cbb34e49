import 'reflect-metadata';
import assert from 'node:assert/strict';
import test from 'node:test';
import { SqlFunction } from '../extension/sql-function';
import { SystemRelations, systemRelationNames } from './system-relations';

const table = (name: string, systemRelation?: boolean): SqlFunction => ({
  kind: 'table', name, systemRelation, describe: () => { throw new Error('not read'); },
});

test('the system relations are the table functions that declare it, by lower-case name', () => {
  assert.deepEqual([...systemRelationNames([table('Telemetry_Config', true), table('tables'), table('long_sequence', false)])], ['telemetry_config']);
});

test('a write naming one is the read-only error, in any case; other names pass', () => {
  const relations = new SystemRelations([table('telemetry_config', true)]);
  assert.equal(relations.has('TELEMETRY_CONFIG'), true);
  assert.throws(() => relations.assertWritable('Telemetry_Config'), { message: 'table is read-only [table=Telemetry_Config]', statusCode: 400 });
  relations.assertWritable('trades');
});
