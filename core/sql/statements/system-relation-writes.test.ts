/** A system relation (`telemetry_config`) only reads: every write statement naming it is refused at its name. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlHarness } from '../../../plugins/sql-engine/sql-harness';
import { Types } from '../../data/column-type';
import { SvcError } from '../../errors';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script('CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY');
});
after(async () => { await h.close(); });

function refusal(sql: string): [string, number | undefined] {
  try {
    h.compiler.compile(sql);
  } catch (e) {
    if (e instanceof SvcError) return [e.message, e.position];
    throw e;
  }
  return ['compiled', undefined];
}

test('INSERT, UPDATE, DROP, TRUNCATE, RENAME and ALTER of telemetry_config are read-only errors at its name', () => {
  const readOnly = (table: string): string => `table is read-only [table=${table}]`;
  assert.deepEqual(refusal('INSERT INTO telemetry_config VALUES (null, true)'), [readOnly('telemetry_config'), 12]);
  assert.deepEqual(refusal('INSERT INTO Telemetry_Config SELECT * FROM telemetry_config'), [readOnly('Telemetry_Config'), 12]);
  assert.deepEqual(refusal('UPDATE telemetry_config SET enabled = true'), [readOnly('telemetry_config'), 7]);
  assert.deepEqual(refusal('DROP TABLE telemetry_config'), [readOnly('telemetry_config'), 11]);
  assert.deepEqual(refusal('DROP TABLE IF EXISTS telemetry_config'), [readOnly('telemetry_config'), 21]);
  assert.deepEqual(refusal('TRUNCATE TABLE t, telemetry_config'), [readOnly('telemetry_config'), 18]);
  assert.deepEqual(refusal('RENAME TABLE telemetry_config TO x'), [readOnly('telemetry_config'), 13]);
  assert.deepEqual(refusal('ALTER TABLE telemetry_config ADD COLUMN x INT'), [readOnly('telemetry_config'), 12]);
});

test('no table takes the name: CREATE and RENAME TO are "table already exists"; reading it still works', async () => {
  assert.deepEqual(refusal('CREATE TABLE telemetry_config (enabled BOOLEAN)'), ['table already exists', 13]);
  assert.deepEqual(refusal('RENAME TABLE t TO telemetry_config'), ['table already exists [table=telemetry_config]', 18]);
  assert.deepEqual(refusal('INSERT INTO t SELECT now(), 1 FROM telemetry_config'), ['compiled', undefined]);
  assert.deepEqual((await h.query('SELECT enabled FROM telemetry_config')).rows, [[false]]);
});

test('a stored table under the name, left from before it was refused, can still be renamed away or dropped', async () => {
  await h.engine.createTable({ name: 'telemetry_config', columns: [{ name: 'enabled', type: Types.BOOLEAN }], partitionBy: 'NONE' });
  assert.equal(refusal('INSERT INTO telemetry_config VALUES (true)')[0], 'table is read-only [table=telemetry_config]');
  await h.execute('RENAME TABLE telemetry_config TO old_telemetry');
  assert.ok(h.engine.getTable('old_telemetry'));
});
