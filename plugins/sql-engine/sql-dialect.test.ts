/**
 * The Tier 1 / Tier 2 worked examples of QuestDB's SQL documentation (non-time-series) as SQL → expected rows,
 * run through the real grammar, storage and engine.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DIALECT_EXAMPLE_DATA, SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script(DIALECT_EXAMPLE_DATA);
});

after(async () => { await h.close(); });

const CASES: [string, string[] | undefined, unknown[][], number?][] = [
  ['SELECT id, count(), avg(temp) FROM sensors ORDER BY id', ['id:SYMBOL', 'count():LONG', 'avg(temp):DOUBLE'], [['s1', 3, 22], ['s2', 2, 22.5]], -1],
  ['SELECT * FROM sensors', ['ts:TIMESTAMP', 'id:SYMBOL', 'temp:DOUBLE'], [
    ['2025-03-01T00:05:00.000000Z', 's1', 20], ['2025-03-01T00:40:00.000000Z', 's2', 22], ['2025-03-01T01:10:00.000000Z', 's1', 21],
    ['2025-03-01T03:20:00.000000Z', 's1', 25], ['2025-03-01T03:50:00.000000Z', 's2', 23]], 0],
  ["SELECT ts, id FROM sensors WHERE ts IN '2025-03-01T00;2h'", ['ts:TIMESTAMP', 'id:SYMBOL'], [
    ['2025-03-01T00:05:00.000000Z', 's1'], ['2025-03-01T00:40:00.000000Z', 's2'], ['2025-03-01T01:10:00.000000Z', 's1']], 0],
  ["sensors WHERE id = 's1' LIMIT -1", undefined, [['2025-03-01T03:20:00.000000Z', 's1', 25]]],
  ["SELECT temp FROM sensors WHERE ts BETWEEN '2025-03-01T03:20' AND '2025-03-01T01:00'", undefined, [[21], [25]]],
  ["SELECT temp FROM sensors WHERE ts > '2025-03-01T03:20'", undefined, [[23]]],
  ["SELECT temp FROM sensors WHERE ts NOT IN '2025-03-01T03'", undefined, [[20], [22], [21]]],
  ['SELECT id FROM sensors WHERE temp > 22 UNION SELECT id FROM calib', ['id:SYMBOL'], [['s1'], ['s2']]],
  ['SELECT id FROM sensors UNION ALL SELECT id FROM calib', undefined, [['s1'], ['s2'], ['s1'], ['s1'], ['s2'], ['s1'], ['s2'], ['s1']]],
  ['SELECT id FROM sensors EXCEPT SELECT id FROM calib WHERE adj > 0', undefined, [['s2']]],
  ['SELECT id FROM sensors INTERSECT SELECT id FROM calib WHERE adj > 0', undefined, [['s1']]],
  ['SELECT DISTINCT id FROM sensors ORDER BY id DESC', undefined, [['s2'], ['s1']]],
  ['SELECT count(*) FROM sensors', ['count():LONG'], [[5]]],
  ['SELECT count() FROM sensors WHERE temp > 100', undefined, [[0]]],
  ['SELECT sum(temp), min(temp), max(temp), first(temp), last(temp), count_distinct(id) FROM sensors', undefined, [[111, 20, 25, 20, 23, 2]]],
  ['SELECT (min(temp) + max(temp)) / 2 FROM sensors', ['(min(temp) + max(temp)) / 2:DOUBLE'], [[22.5]]],
  ['SELECT x FROM long_sequence(10) LIMIT 2, 5', ['x:LONG'], [[3], [4], [5]]],
  ['SELECT x FROM long_sequence(10) LIMIT -5, -3', undefined, [[6], [7]]],
  ['SELECT x FROM long_sequence(10) LIMIT 2, -1', undefined, [[3], [4], [5], [6], [7], [8], [9]]],
  ['SELECT x FROM long_sequence(10) LIMIT 5, 2', undefined, [[3], [4], [5]]],
  ['SELECT cast(7234623 AS SHORT), cast(2334444.323 AS SHORT), cast(3.5 + 2 AS INT)', ['7234623::SHORT:SHORT', '2334444.323::SHORT:SHORT', '(3.5 + 2)::INT:INT'], [[25663, 0, 5]]],
  ['SELECT 7 / 2, -7 / 2, 7 % 3, 1234L + 567, 1234L + 0.567', ['7 / 2:INT', '-(7) / 2:INT', '7 % 3:INT', '1234L + 567:LONG', '1234L + 0.567:DOUBLE'], [[3, -3, 1, 1801, 1234.567]]],
  ["SELECT concat('Tim', ' ', 'Smith'), substring('UK2022', 1, 2), lpad('QuestDB', 10, '0'), split_part('a,b,c', ',', 2)", undefined, [['Tim Smith', 'UK', '000QuestDB', 'b']]],
  ["SELECT length_bytes('ДЖЕК'::varchar), strpos('abc', 'c'), starts_with('abc', 'ab')", undefined, [[8, 3, true]]],
  ['SELECT coalesce(null, 5), nullif(3, 3), greatest(1, 7, 3), least(4, 2)', undefined, [[5, null, 7, 2]]],
  ["SELECT CASE WHEN temp > 22 THEN 'hot' ELSE 'cold' END c FROM sensors WHERE id = 's1'", ['c:STRING'], [['cold'], ['cold'], ['hot']]],
  ['SELECT s.temp, c.adj FROM sensors s INNER JOIN calib c ON s.id = c.id WHERE s.temp > 24', undefined, [[25, 0.5], [25, 0.7]]],
  ['SELECT * FROM sensors s LEFT JOIN calib c ON s.id = c.id AND c.adj < 0 WHERE s.id = \'s1\' LIMIT 1', ['ts:TIMESTAMP', 'id:SYMBOL', 'temp:DOUBLE', 'ts1:TIMESTAMP', 'id1:SYMBOL', 'adj:DOUBLE'],
    [['2025-03-01T00:05:00.000000Z', 's1', 20, null, null, null]]],
  ['SELECT count() FROM sensors CROSS JOIN calib', undefined, [[15]]],
  ['SELECT count() FROM sensors a, calib b WHERE a.id = b.id', undefined, [[8]]],
  ['WITH hot AS (SELECT * FROM sensors WHERE temp > 21) SELECT id, count() c FROM hot ORDER BY c DESC', undefined, [['s2', 2], ['s1', 1]]],
  ['SELECT temp FROM sensors WHERE id IN (SELECT id FROM calib WHERE adj < 0)', undefined, [[22], [23]]],
  ['SELECT id, max(temp) - min(temp) spread FROM sensors GROUP BY id ORDER BY spread DESC', undefined, [['s1', 5], ['s2', 1]]],
  ['SELECT id, count() FROM sensors GROUP BY 1 ORDER BY 1', undefined, [['s1', 3], ['s2', 2]]],
  ['SELECT id, count() c FROM sensors GROUP BY id, temp ORDER BY c DESC, id LIMIT 2', undefined, [['s1', 1], ['s1', 1]]],
  ['SELECT id FROM sensors ORDER BY temp DESC LIMIT 2', ['id:SYMBOL'], [['s1'], ['s2']]],
  ['SELECT (SELECT max(temp) FROM sensors) m', undefined, [[25]]],
  ['SELECT temp FROM sensors ORDER BY ts DESC LIMIT 2', undefined, [[23], [25]]],
  ["SELECT temp FROM sensors WHERE id IN ('s2') AND temp BETWEEN 22 AND 30 ORDER BY temp DESC", undefined, [[23], [22]]],
  ["SELECT temp FROM sensors WHERE temp != 20 AND id LIKE 's%' AND NOT (temp = 25)", undefined, [[22], [21], [23]]],
  ['SELECT temp FROM (SELECT * FROM sensors ORDER BY temp DESC LIMIT 2) ORDER BY temp', undefined, [[23], [25]]],
  ['SELECT null, true, 1.5, \'x\', \'xy\', 10000000000', ['null:STRING', 'true:BOOLEAN', '1.5:DOUBLE', "'x':CHAR", "'xy':STRING", '10000000000:LONG'],
    [[null, true, 1.5, 'x', 'xy', 10000000000]]],
  ["SELECT column, type, designated FROM table_columns('sensors')", ['column:STRING', 'type:STRING', 'designated:BOOLEAN'],
    [['ts', 'TIMESTAMP', true], ['id', 'SYMBOL', false], ['temp', 'DOUBLE', false]]],
  ["SELECT table_name, designatedTimestamp, partitionBy FROM tables() WHERE table_name = 'sensors'", undefined, [['sensors', 'ts', 'DAY']]],
  ['SELECT stddev_samp(temp), var_pop(temp) FROM sensors WHERE id = \'s2\'', undefined, [[Math.SQRT1_2, 0.25]]],
];

for (const [sql, columns, rows, timestamp] of CASES) {
  test(`${sql} returns the dialect's rows`, async () => {
    const r = await h.query(sql);
    if (columns) assert.deepEqual(r.columns, columns);
    assert.deepEqual(r.rows, rows);
    if (timestamp !== undefined) assert.equal(r.timestamp, timestamp);
  });
}

test('INSERT, UPDATE and DDL change the table through the storage engine', async () => {
  await h.execute('CREATE TABLE t (ts TIMESTAMP, k SYMBOL, v DOUBLE, n INT) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL');
  const ins = await h.execute("INSERT INTO t (ts, k, v) VALUES ('2025-01-01', 'a', 5), ('2025-01-02T10:00:00Z', 'b', 1.5)");
  assert.deepEqual(ins, { kind: 'insert', inserted: 2 });
  const upd = await h.execute("UPDATE t SET v = v * 2, n = 7 WHERE k = 'a'");
  assert.deepEqual(upd, { kind: 'update', updated: 1 });
  await h.execute('ALTER TABLE t ADD COLUMN extra LONG');
  await h.execute('ALTER TABLE t RENAME COLUMN extra TO more');
  assert.deepEqual((await h.query('SELECT ts, k, v, n, more FROM t')).rows, [
    ['2025-01-01T00:00:00.000000Z', 'a', 10, 7, null], ['2025-01-02T10:00:00.000000Z', 'b', 1.5, null, null]]);
  await h.execute('CREATE TABLE t2 AS (SELECT * FROM t WHERE v > 2)');
  assert.deepEqual((await h.query('SELECT k FROM t2')).rows, [['a']]);
  await h.execute('INSERT INTO t2 SELECT * FROM t WHERE k = \'b\'');
  assert.deepEqual((await h.query('SELECT count() FROM t2')).rows, [[2]]);
  await h.execute('TRUNCATE TABLE t2');
  assert.deepEqual((await h.query('SELECT count() FROM t2')).rows, [[0]]);
  await h.execute('RENAME TABLE t2 TO t3');
  await h.execute('DROP TABLE t3');
  await assert.rejects(h.query('SELECT * FROM t3'), /table does not exist \[table=t3\]/);
  assert.deepEqual((await h.query('SHOW TABLES')).columns, ['table_name:STRING']);
});

test('an aborted signal stops the query with the signal reason', async () => {
  const controller = new AbortController();
  const out = await h.compiler.compile('SELECT * FROM sensors').execute({ signal: controller.signal });
  controller.abort();
  assert.equal(out.kind, 'rows');
  if (out.kind !== 'rows') return;
  await assert.rejects(async () => { for await (const b of out.result.batches()) void b; }, /cancelled/);
});

test('the execute window applies on top of the query LIMIT', async () => {
  const out = await h.compiler.compile('SELECT x FROM long_sequence(100) LIMIT 50').execute({ signal: new AbortController().signal, window: { lo: -2 } });
  assert.equal(out.kind, 'rows');
  if (out.kind !== 'rows') return;
  const xs: number[] = [];
  for await (const b of out.result.batches()) xs.push(...b.vectors[0].data);
  assert.deepEqual(xs, [49, 50]);
});

test('WHERE on the designated timestamp becomes scan intervals and the rest a compiled filter', () => {
  const plan = h.compiler.plan("SELECT temp FROM sensors WHERE ts >= '2025-03-01T01:00' AND ts < '2025-03-01T04:00' AND temp > 21");
  const labels: string[] = [];
  const walk = (p: typeof plan): void => { labels.push(p.label); p.children.forEach(walk); };
  walk(plan);
  assert.deepEqual(labels, ['Project', 'Filter(jit)', 'Scan(sensors, intervals=1)']);
});

test('ORDER BY the designated timestamp DESC with LIMIT scans backwards instead of sorting', () => {
  const plan = h.compiler.plan('SELECT * FROM sensors ORDER BY ts DESC LIMIT 3');
  assert.equal(plan.label, 'Limit(0, 3)');
  assert.equal(plan.children[0].label, 'Scan(sensors, reverse)');
});

test('GROUP BY a symbol keeps a null key as its own group', async () => {
  await h.execute('CREATE TABLE g (ts TIMESTAMP, k SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY');
  await h.execute("INSERT INTO g VALUES ('2025-01-01', 'a', 1), ('2025-01-01', NULL, 2), ('2025-01-02', 'a', 3), ('2025-01-02', NULL, 4)");
  assert.deepEqual((await h.query('SELECT k, count(), sum(v), max(v) FROM g ORDER BY k')).rows, [[null, 2, 6, 4], ['a', 2, 4, 3]]);
  assert.deepEqual((await h.query('SELECT k, first(v) FROM g ORDER BY k')).rows, [[null, 2], ['a', 1]]);
});

test('LIMIT -n on a table reads the last rows backwards and keeps table order', async () => {
  const plan = h.compiler.plan("sensors WHERE id = 's1' LIMIT -2");
  assert.equal(plan.label, 'Reverse');
  assert.deepEqual((await h.query("sensors WHERE id = 's1' LIMIT -2")).rows.map((r) => r[2]), [21, 25]);
});

test('top-N under LIMIT returns what a full sort returns', async () => {
  const top = await h.query('SELECT x % 1000 k, x FROM long_sequence(200000) ORDER BY k DESC, x LIMIT 5');
  const full = await h.query('SELECT * FROM (SELECT x % 1000 k, x FROM long_sequence(200000) ORDER BY k DESC, x) LIMIT 5');
  assert.deepEqual(top.rows, full.rows);
  assert.deepEqual(top.rows[1], [999, 1999]);
});

test('DATE columns compare with ISO strings in milliseconds', async () => {
  await h.execute('CREATE TABLE dd (d DATE, v INT)');
  await h.execute("INSERT INTO dd VALUES ('2025-01-01', 1), ('2025-01-03', 2)");
  assert.deepEqual((await h.query("SELECT v FROM dd WHERE d > '2025-01-02'")).rows, [[2]]);
  assert.deepEqual((await h.query("SELECT d FROM dd WHERE v = 1")).rows, [['2025-01-01T00:00:00.000Z']]);
});
