/** The catalog through the real engine: what psql, SQLAlchemy and Grafana ask, answered from real tables. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlCompiler } from '../../core/sql/sql-compiler';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { SqlHarness } from '../sql-engine/sql-harness';
import { catalogCompiler, queryRows } from './test-support';

let h: SqlHarness;
let compiler: SqlCompiler;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE trades (ts TIMESTAMP, sym SYMBOL, price DOUBLE, qty LONG) TIMESTAMP(ts) PARTITION BY DAY;
CREATE TABLE notes (id INT, body VARCHAR)`);
  compiler = catalogCompiler(h);
});
after(async () => { await h.close(); });

const rows = (sql: string): Promise<SqlValue[][]> => queryRows(compiler, sql);

test('pg_class lists every table in public; pg_tables and pg_namespace agree', async () => {
  assert.deepEqual(await rows(`SELECT n.nspname, c.relname, c.relkind FROM pg_catalog.pg_class c
    LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r','p') ORDER BY 2`),
  [['public', 'notes', 'r'], ['public', 'trades', 'r']]);
  assert.deepEqual(await rows('SELECT tablename FROM pg_tables ORDER BY 1'), [['notes'], ['trades']]);
});

test('psql\'s table lookup: OPERATOR(pg_catalog.~), COLLATE and pg_table_is_visible', async () => {
  const found = await rows(`SELECT c.relname FROM pg_catalog.pg_class c
    WHERE c.relname OPERATOR(pg_catalog.~) '^(trades)$' COLLATE pg_catalog.default AND pg_catalog.pg_table_is_visible(c.oid)`);
  assert.deepEqual(found, [['trades']]);
});

test('pg_attribute gives each column its PostgreSQL type, read back through format_type', async () => {
  const oid = (await rows("SELECT oid FROM pg_class WHERE relname = 'trades'"))[0][0];
  assert.deepEqual(await rows(`SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull,
      (SELECT pg_catalog.pg_get_expr(d.adbin, d.adrelid, true) FROM pg_catalog.pg_attrdef d WHERE d.adrelid = a.attrelid AND d.adnum = a.attnum)
    FROM pg_catalog.pg_attribute a WHERE a.attrelid = '${String(oid)}' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`), [
    ['ts', 'timestamp without time zone', true, null], ['sym', 'character varying', false, null],
    ['price', 'double precision', false, null], ['qty', 'bigint', false, null],
  ]);
});

test('casts to reg* types, ANY over array text and ARRAY(SELECT …)', async () => {
  const oid = (await rows("SELECT oid FROM pg_class WHERE relname = 'notes'"))[0][0];
  assert.deepEqual(await rows("SELECT 'notes'::regclass, 'public.notes'::pg_catalog.regclass"), [[oid, oid]]);
  assert.deepEqual(await rows('SELECT 23::regtype, 2200::regnamespace'), [['int4', 'public']]);
  assert.deepEqual(await rows("SELECT 'b' = any('{a,b}'), array_to_string(ARRAY(SELECT relname FROM pg_class ORDER BY 1), ',')"), [[true, 'notes,trades']]);
});

test('settings read as PostgreSQL 14 in UTC', async () => {
  assert.deepEqual(await rows("SELECT current_setting('server_version_num'), current_setting('TimeZone'), current_setting('standard_conforming_strings')"),
    [['140009', 'UTC', 'on']]);
  assert.deepEqual(await rows("SELECT setting FROM pg_settings WHERE name = 'max_identifier_length'"), [['63']]);
});

test('text arrays: string_to_array, subscripts, bounds, parse_ident', async () => {
  assert.deepEqual(await rows("SELECT string_to_array('a,b,c', ','), (string_to_array('a,b,c', ','))[2], array_upper(string_to_array('a,b', ','), 1)"),
    [['{a,b,c}', 'b', 2]]);
  assert.deepEqual(await rows("SELECT parse_ident('public.\"My T\"'), array_length(parse_ident('t'), 1)"), [['{public,"My T"}', 1]]);
});

test('generate_series and a scalar function in FROM take their alias as column name', async () => {
  assert.deepEqual(await rows("SELECT trim(s[i]) FROM generate_series(1, 2) AS i, string_to_array('x, y', ',') s"), [['x'], ['y']]);
  assert.deepEqual(await rows('SELECT x FROM long_sequence(2) s'), [[1], [2]]);
});
