import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typeName, Types } from '../../core/data/column-type';
import { TableSchema } from '../../core/data/table-schema';
import { planBlocks, PlanRules } from './table-plan';
import { parse } from './test-support';

const RULES: PlanRules = {
  autoCreateTables: true, autoCreateColumns: true, partitionBy: 'DAY',
  newColumnTypes: { float: Types.DOUBLE, integer: Types.LONG }, maxColumns: 100, maxNameLength: 127,
};

function plan(lines: string, tables: Record<string, TableSchema> = {}, rules: PlanRules = RULES): ReturnType<typeof planBlocks> {
  return planBlocks(parse(lines).blocks.blocks, (name) => tables[name.toLowerCase()], rules);
}

test('a new table gets its first line\'s columns, then the designated timestamp, then later names', () => {
  const { plans, error } = plan('m,host=a cpu=1.0\nm,host=b cpu=2.0,mem=3i\n');
  assert.equal(error, undefined);
  const p = plans[0];
  assert.deepEqual(p.createRequest(RULES), { name: 'm', columns: p.columns.slice(0, 3), timestamp: 'timestamp', partitionBy: 'DAY' });
  assert.equal(p.columns.map((c) => `${c.name} ${typeName(c.type)}`).join(', '), 'host SYMBOL, cpu DOUBLE, timestamp TIMESTAMP, mem LONG');
  assert.deepEqual(p.added.map((c) => c.name), ['mem']);
});

test('a field named timestamp of TIMESTAMP type becomes the designated timestamp', () => {
  const { plans } = plan('m v=1i,timestamp=1700000000000000t\n');
  assert.equal(plans[0].columns[plans[0].timestampIndex].name, 'timestamp');
  assert.equal(plans[0].columns.length, 2);
  assert.equal(plans[0].prepared[0].timestamps[0], 1700000000000000);
});

test('the first bad line wins, whichever table it is in', () => {
  const { error } = plan('a v=1i\nb v=1i\nb v=1.5\na v=2.5\n');
  assert.equal(error?.line, 3);
});

test('limits and switches are line errors', () => {
  assert.match(plan('t bad/name=1i\n').error?.message ?? '', /table: t; invalid column name: bad\/name/);
  assert.match(plan('a.b..c v=1i\n').error?.message ?? '', /table: a\.b\.\.c; invalid table name/);
  assert.equal(plan('t v=1d\n').error?.message, 'table: t; decimal columns must be created manually: v');
  assert.equal(plan('t a=1\nt v=1d\n').error?.message, 'decimal columns cannot be created automatically [table=t, columnName=v]');
  assert.match(plan('t a=1i,b=1i,c=1i\n', {}, { ...RULES, maxColumns: 3 }).error?.message ?? '', /too many columns/);
  assert.match(plan('t v=1i\n', {}, { ...RULES, autoCreateTables: false }).error?.message ?? '', /creating new tables is disabled/);
  const existing: TableSchema = {
    id: 1, name: 'T', directoryName: 'T~1', columns: [{ name: 'v', type: Types.LONG }], timestampIndex: -1, partitionBy: 'NONE',
    maxUncommittedRows: 1, o3MaxLagMicros: 0, walEnabled: false, dedupKeys: [],
  };
  assert.match(plan('t w=1i\n', { t: existing }, { ...RULES, autoCreateColumns: false }).error?.message ?? '', /table: T, column: w does not exist, creating new columns is disabled/);
});
