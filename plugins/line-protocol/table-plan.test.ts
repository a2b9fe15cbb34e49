import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typeName, Types } from '../../core/data/column-type';
import { TableSchema } from '../../core/data/table-schema';
import { planBlocks, PlanRules } from './table-plan';
import { parse } from './test-support';

const RULES: PlanRules = {
  autoCreateTables: true, autoCreateColumns: true, partitionBy: 'DAY',
  newColumnTypes: { float: Types.DOUBLE, integer: Types.LONG }, maxColumns: 100, maxNewColumnsPerLine: 100, maxNameLength: 127, walEnabled: true,
  systemRelations: new Set(['telemetry_config']),
};

function plan(lines: string, tables: Record<string, TableSchema> = {}, rules: PlanRules = RULES): ReturnType<typeof planBlocks> {
  return planBlocks(parse(lines).blocks.blocks, (name) => tables[name.toLowerCase()], rules);
}

test('a new table gets its first line\'s columns, then the designated timestamp, then later names', () => {
  const { plans, error } = plan('m,host=a cpu=1.0\nm,host=b cpu=2.0,mem=3i\n');
  assert.equal(error, undefined);
  const p = plans[0];
  assert.deepEqual(p.createRequest(RULES), { name: 'm', columns: p.columns.slice(0, 3), timestamp: 'timestamp', partitionBy: 'DAY', walEnabled: true });
  assert.deepEqual([p.columns[0].symbolCapacity, p.columns[0].symbolCached], [256, true]);
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

test('an empty value refuses its line unless the column exists by then', () => {
  assert.equal(plan('t v=1i,x=\n').error?.message, 'table: t; invalid column type: x');
  assert.equal(plan('t v=1i,x=2i\nt v=2i,x=\n').error, undefined);
  const late = plan('t v=1i,x=\nt v=2i,x=3i\n').error;
  assert.deepEqual([late?.line, late?.message], [1, 'table: t; invalid column type: x']);
  assert.equal(plan('t v=1i,timestamp=\n').error, undefined);
});

test('a table the protocol creates always has its designated timestamp', () => {
  assert.equal(plan('t,timestamp=a v=1i\n').error?.message, 'table: t, column: timestamp; cast error from protocol type: TAG to column type: TIMESTAMP');
  assert.equal(plan('t timestamp=1.5\n').error?.message, 'table: t, column: timestamp; cast error from protocol type: FLOAT to column type: TIMESTAMP');
  const { plans } = plan('t v=1i,timestamp=1700000000123456789n\n');
  assert.equal(typeName(plans[0].columns[plans[0].timestampIndex].type), 'TIMESTAMP_NS');
  assert.equal(plans[0].prepared[0].subMicros[0], 789);
});

test('a hyphen is refused in a new column name, and the first invalid name of a line is named', () => {
  assert.equal(plan('t p-q=1i,r+s=2i\n').error?.message, 'table: t; invalid column name: p-q');
});

test('a line may add at most line.max.new.columns.per.line columns; the table limit is named first', () => {
  const rules = { ...RULES, maxNewColumnsPerLine: 2 };
  assert.equal(plan('t a=1i,b=1i\n', {}, rules).error, undefined);
  const e = plan('t a=1i\nt a=1i,b=1i,c=1i,d=1i\n', {}, rules).error;
  assert.deepEqual([e?.line, e?.message], [2, 'table: t; too many new columns in one line, a line may add at most 2 [line.max.new.columns.per.line=2]']);
  assert.match(plan('t a=1i,b=1i,c=1i\n', {}, { ...rules, maxColumns: 3 }).error?.message ?? '', /too many columns/);
});

test('a system relation is read-only: its lines are refused, also over a stored table of its name', () => {
  const e = plan('m v=1i\nTelemetry_Config enabled=t\n').error;
  assert.deepEqual([e?.line, e?.message], [2, 'table: Telemetry_Config; table is read-only']);
  const stored: TableSchema = {
    id: 1, name: 'telemetry_config', directoryName: 'telemetry_config~1', columns: [{ name: 'enabled', type: Types.BOOLEAN }], timestampIndex: -1,
    partitionBy: 'NONE', maxUncommittedRows: 1, o3MaxLagMicros: 0, walEnabled: false, dedupKeys: [],
  };
  const refused = plan('telemetry_config enabled=t\ntelemetry_config enabled=f\n', { telemetry_config: stored });
  assert.deepEqual([refused.error?.line, refused.error?.message], [1, 'table: telemetry_config; table is read-only']);
  assert.equal(plan('telemetry_config enabled=t\n', {}, { ...RULES, systemRelations: new Set() }).error, undefined);
});
