/** The catalog functions psql's `\d+`/`\dt+`/`\df`/`\l+` and pgjdbc's DatabaseMetaData read, through the real engine. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlCompiler } from '../../core/sql/sql-compiler';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { SqlHarness } from '../sql-engine/sql-harness';
import { catalogCompiler, queryRows } from './test-support';
import { sizePretty } from './pg-size-functions';
import { QUESTDB_KEYWORDS } from './pg-keywords';

let h: SqlHarness;
let compiler: SqlCompiler;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE m (ts TIMESTAMP, k SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO m VALUES ('2024-01-01T00:00:00Z', 'a', 1.0), ('2024-01-02T00:00:00Z', 'b', 2.0), ('2024-01-02T01:00:00Z', 'a', 3.0);
CREATE TABLE empty (x INT)`);
  compiler = catalogCompiler(h);
});
after(async () => { await h.close(); });

const rows = (sql: string): Promise<SqlValue[][]> => queryRows(compiler, sql);

test('pg_size_pretty prints as PostgreSQL 15 does', () => {
  assert.deepEqual([0, 10239, 10240, 20479 * 512, 123456789, 1e12, 2 ** 60, -20000].map(sizePretty),
    ['0 bytes', '10239 bytes', '10 kB', '10 MB', '118 MB', '931 GB', '1024 PB', '-20 kB']);
});

test("a table's size is its committed column bytes, by OID or by name; the database is every table", async () => {
  // m: 3 rows of ts (8) + k (4) + v (8) bytes.
  assert.deepEqual(await rows(`SELECT pg_table_size(c.oid), pg_total_relation_size(c.relname), pg_relation_size(c.oid, 'main'), pg_indexes_size(c.oid)
    FROM pg_class c ORDER BY c.relname`), [[0, 0, 0, 0], [60, 60, 60, 0]]);
  assert.deepEqual(await rows("SELECT pg_database_size(current_database()), pg_database_size('other'), pg_table_size('missing'), pg_table_size(1)"), [[60, null, null, null]]);
});

test('pg_proc lists the functions in pg_catalog; pg_get_function_result and _arguments print their types', async () => {
  assert.deepEqual(await rows(`SELECT p.proname, n.nspname, p.prokind, pg_get_function_result(p.oid), pg_get_function_arguments(p.oid)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.proname = 'sqrt'`), [['sqrt', 'pg_catalog', 'f', 'double precision', 'double precision']]);
  assert.deepEqual(await rows("SELECT DISTINCT prokind FROM pg_proc WHERE proname IN ('sum', 'avg')"), [['a']]);
  assert.deepEqual(await rows('SELECT pg_get_function_result(1), count() FROM pg_proc WHERE prorettype = 0'), [[null, 0]]);
});

test('_pg_expandarray gives (x, n) records: fields read directly and through a sub-query', async () => {
  assert.deepEqual(await rows("SELECT (information_schema._pg_expandarray('{7,9}')).n, (information_schema._pg_expandarray('{7,9}')).x"), [[1, '7'], [2, '9']]);
  assert.deepEqual(await rows("SELECT (r.keys).n FROM (SELECT information_schema._pg_expandarray('3 5 8') AS keys) r WHERE (r.keys).x = '5'"), [[2]]);
  assert.deepEqual(await rows("SELECT information_schema._pg_expandarray('{a,\"b c\"}')"), [['(a,1)'], ['("b c",2)']]);
});

test("pg_get_keywords lists QuestDB's 90 keywords in its order", async () => {
  assert.equal(QUESTDB_KEYWORDS.length, 90);
  assert.deepEqual(await rows("SELECT count(), string_agg(word, ',') FROM pg_catalog.pg_get_keywords()"), [[90, QUESTDB_KEYWORDS.join(',')]]);
  assert.deepEqual(await rows("SELECT word, catcode, barelabel FROM pg_get_keywords() WHERE word = 'asof'"), [['asof', null, false]]);
});

test("pg_auth_members has no memberships, so psql's du lists the role with none", async () => {
  assert.deepEqual(await rows(`SELECT r.rolname, ARRAY(SELECT b.rolname FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles b ON (m.roleid = b.oid)
    WHERE m.member = r.oid) AS memberof FROM pg_catalog.pg_roles r WHERE r.rolname !~ '^pg_'`), [['admin', '{}']]);
});

test("pg_class.reloptions is array text: || joins it with ARRAY(SELECT …) of a correlated unnest, as psql's d+ asks", async () => {
  assert.deepEqual(await rows(`SELECT c.relname, pg_catalog.array_to_string(c.reloptions || array(select 'toast.' || x from pg_catalog.unnest(tc.reloptions) x), ', ')
    FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_class tc ON (c.reltoastrelid = tc.oid) ORDER BY 1`), [['empty', ''], ['m', '']]);
});
