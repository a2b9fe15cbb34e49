/** QuestDB 9.4.4 semantics: LATEST ON over sub-queries, CREATE TABLE LIKE, extract types, array type names, keyed FILL(LINEAR). */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE ev (id SYMBOL, at TIMESTAMP, v INT);
INSERT INTO ev VALUES ('a', '2024-01-03', 1), ('b', '2024-01-01', 2), ('a', '2024-01-05', 3), ('b', '2024-01-02', 4), ('c', '2024-01-04', 5);
CREATE TABLE m (ts TIMESTAMP, k SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO m VALUES ('2024-01-01T00:00:00Z', 'a', 0.0), ('2024-01-01T00:00:00Z', 'b', 10.0), ('2024-01-01T03:00:00Z', 'a', 3.0), ('2024-01-01T04:00:00Z', 'b', 40.0);
`);
});
after(async () => { await h.close(); });

test('LATEST ON over a sub-query without a designated timestamp keeps the greatest TIMESTAMP per key, by that column', async () => {
  const r = await h.query('(SELECT id, at, v FROM ev ORDER BY v DESC) LATEST ON at PARTITION BY id');
  assert.deepEqual(r.rows, [['b', '2024-01-02T00:00:00.000000Z', 4], ['c', '2024-01-04T00:00:00.000000Z', 5], ['a', '2024-01-05T00:00:00.000000Z', 3]]);
  assert.equal(r.timestamp, 1);
});

test('LATEST ON needs a TIMESTAMP column', async () => {
  await assert.rejects(async () => h.query('(SELECT * FROM ev) LATEST ON v PARTITION BY id'),
    (e: unknown) => e instanceof SvcError && e.message === 'base query does not provide designated TIMESTAMP column');
});

test('CREATE TABLE LIKE copies the designated timestamp, partitioning, WAL, dedup keys and symbol settings', async () => {
  await h.execute('CREATE TABLE src (ts TIMESTAMP, s SYMBOL CAPACITY 512 NOCACHE INDEX CAPACITY 1024, v DOUBLE) TIMESTAMP(ts) PARTITION BY HOUR WAL DEDUP UPSERT KEYS(ts, s) WITH maxUncommittedRows=1000');
  await h.execute('CREATE TABLE cp (LIKE src)');
  const ddl = async (t: string): Promise<string> => String((await h.query(`SHOW CREATE TABLE ${t}`)).rows[0][0]);
  assert.equal((await ddl('cp')).replace("'cp'", "'src'"), await ddl('src'));
  assert.equal(h.engine.getTable('cp')?.timestampIndex, 0);
});

test('extract gives INT, LONG for epoch; sub-second parts are within the second', async () => {
  const r = await h.query("SELECT extract(hour FROM t), extract(epoch FROM t), extract(milliseconds FROM t), extract(microseconds FROM t), extract(nanoseconds FROM t) FROM (SELECT '2025-03-01T15:43:21.127329Z'::timestamp t)");
  assert.deepEqual(r.columns.map((c) => c.slice(c.lastIndexOf(':') + 1)), ['INT', 'LONG', 'INT', 'INT', 'INT']);
  assert.deepEqual(r.rows, [[15, 1740843801, 127, 127329, 127329000]]);
  await assert.rejects(async () => h.query('SELECT extract(foo FROM at) FROM ev'), (e: unknown) => e instanceof SvcError && e.message === "unsupported part 'foo'" && e.position === 15);
});

test('table_columns() and SHOW COLUMNS name array types DOUBLE[] and DOUBLE[][]', async () => {
  await h.execute('CREATE TABLE arr (ts TIMESTAMP, a DOUBLE[], b DOUBLE[][])');
  for (const sql of ["SELECT column, type FROM table_columns('arr')", 'SHOW COLUMNS FROM arr']) {
    assert.deepEqual((await h.query(sql)).rows.map((r) => r.slice(0, 2)), [['ts', 'TIMESTAMP'], ['a', 'DOUBLE[]'], ['b', 'DOUBLE[][]']]);
  }
});

test('keyed FILL(LINEAR) interpolates per key and does not extrapolate past a key’s points', async () => {
  const r = await h.query('SELECT ts, k, avg(v) FROM m SAMPLE BY 1h FILL(LINEAR)');
  const t = (hh: string): string => `2024-01-01T${hh}:00:00.000000Z`;
  assert.deepEqual(r.rows, [
    [t('00'), 'a', 0], [t('00'), 'b', 10], [t('01'), 'a', 1], [t('01'), 'b', 17.5], [t('02'), 'a', 2], [t('02'), 'b', 25],
    [t('03'), 'a', 3], [t('03'), 'b', 32.5], [t('04'), 'a', null], [t('04'), 'b', 40],
  ]);
});
