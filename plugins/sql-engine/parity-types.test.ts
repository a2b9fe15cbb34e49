/**
 * Types and literals of QuestDB 9.4.4 and 64-bit exactness: LONG and TIMESTAMP beyond 2^53, TIMESTAMP_NS,
 * DECIMAL, LONG256 and GEOHASH literals, arrays, NaN, narrowing casts, INTERVAL, EXPLAIN.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;

before(async () => { h = await SqlHarness.open(); });
after(async () => { await h.close(); });

async function row(sql: string): Promise<unknown[]> {
  return (await h.query(sql)).rows[0];
}

test('LONG arithmetic near ±2^63 is exact and wraps like Java', async () => {
  assert.deepEqual(await row('SELECT 9223372036854775807 - 1, 9007199254740993 + 0, 9007199254740992 + 1, -9223372036854775807 + 0, 9223372036854775807 / 2, 9223372036854775807 % 10, abs(-9223372036854775807), 4611686018427387904 * 2'),
    ['9223372036854775806', '9007199254740993', '9007199254740993', '-9223372036854775807', '4611686018427387903', 7, '9223372036854775807', null]);
});

test('LONG comparisons beyond 2^53 tell neighbours apart', async () => {
  assert.deepEqual(await row('SELECT 9007199254740993 = 9007199254740992, 9007199254740993 > 9007199254740992, 9223372036854775807 > 9223372036854775806'), [false, true, true]);
});

test('stored LONGs near the limits come back exact, and aggregate exactly', async () => {
  await h.script(`CREATE TABLE big (ts TIMESTAMP, l LONG, s SYMBOL) TIMESTAMP(ts) PARTITION BY YEAR;
INSERT INTO big VALUES ('9999-12-31T23:59:59.999999Z', 9223372036854775807, 'a'), ('2024-01-01', -9223372036854775807, 'a'), ('2024-01-02', 4611686018427387904, 'b');
`);
  assert.deepEqual((await h.query('SELECT l FROM big ORDER BY l')).rows, [['-9223372036854775807'], ['4611686018427387904'], ['9223372036854775807']]);
  assert.deepEqual(await row('SELECT min(l), max(l), sum(l), max(ts) FROM big'), ['-9223372036854775807', '9223372036854775807', '4611686018427387904', '9999-12-31T23:59:59.999999Z']);
  assert.deepEqual((await h.query('SELECT s, min(l), max(l) FROM big ORDER BY s')).rows, [['a', '-9223372036854775807', '9223372036854775807'], ['b', '4611686018427387904', '4611686018427387904']]);
  assert.deepEqual((await h.query('SELECT l FROM big WHERE l = 9223372036854775807')).rows, [['9223372036854775807']]);
  assert.deepEqual(await row('SELECT sum(x * 4000000000000) FROM long_sequence(5000)'), ['-5330232221128654848']);
});

test('timestamps up to 9999-12-31T23:59:59.999999Z round-trip and compare to the microsecond', async () => {
  await h.script(`CREATE TABLE far (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY YEAR;
INSERT INTO far VALUES ('9999-12-31T23:59:59.999998Z', 2), ('9999-12-31T23:59:59.999999Z', 1);
`);
  assert.deepEqual(await row("SELECT '9999-12-31T23:59:59.999999Z'::timestamp, '9999-12-31T23:59:59.999999Z'::timestamp - 1"), ['9999-12-31T23:59:59.999999Z', '9999-12-31T23:59:59.999998Z']);
  assert.deepEqual((await h.query("SELECT v FROM far WHERE ts > '9999-12-31T23:59:59.999998Z'")).rows, [[1]]);
  assert.deepEqual((await h.query("SELECT v FROM far WHERE ts = '9999-12-31T23:59:59.999998Z'")).rows, [[2]]);
  assert.deepEqual(await row("SELECT cast('9999-12-31T23:59:59.999999Z'::timestamp AS long)"), ['253402300799999999']);
});

test('date functions stay exact for timestamps beyond 2^53 µs (after 2255)', async () => {
  assert.deepEqual(await row("SELECT timestamp_floor('d', t), dateadd('d', 1, t), extract(year FROM t), extract(epoch FROM t), extract(microseconds FROM t), day_of_week(t) FROM (SELECT '9999-12-31T23:59:59.999999Z'::timestamp t)"),
    // A year past 9999 prints with all its digits and no sign, as QuestDB's timestamp format does.
    ['9999-12-31T00:00:00.000000Z', '10000-01-01T23:59:59.999999Z', 9999, 253402300799, 999999, 5]);
  assert.deepEqual(await row("SELECT dateadd('y', 200, '2100-02-28T12:00:00.000001Z'::timestamp)"), ['2300-02-28T12:00:00.000001Z']);
});

test('TIMESTAMP_NS keeps nanoseconds through storage, casts and comparisons', async () => {
  await h.script(`CREATE TABLE ns (ts TIMESTAMP, tn TIMESTAMP_NS) TIMESTAMP(ts);
INSERT INTO ns VALUES ('2024-01-01', '2024-01-01T00:00:00.123456789Z'), ('2024-01-02', '2024-01-02T00:00:00.000000001Z');
`);
  const r = await h.query("SELECT tn, cast(tn AS timestamp), tn::long FROM ns WHERE tn > '2024-01-01T00:00:00.123456788Z' AND tn < '2024-01-02'");
  assert.deepEqual(r.columns, ['tn:TIMESTAMP_NS', 'tn::timestamp:TIMESTAMP', 'tn::long:LONG']);
  assert.deepEqual(r.rows, [['2024-01-01T00:00:00.123456789Z', '2024-01-01T00:00:00.123456Z', '1704067200123456789']]);
  assert.deepEqual(await row('SELECT max(tn) FROM ns'), ['2024-01-02T00:00:00.000000001Z']);
});

test('DECIMAL literals and arithmetic are exact, with QuestDB\u2019s result types', async () => {
  const r = await h.query('SELECT 12.34m, 12.34m + 1.005m, 12.34m * 2.5m, 1.00m / 3, -0.05m, 12.34m = 12.340m, cast(12.345m AS DECIMAL(5,2))');
  assert.deepEqual(r.columns.map((c) => c.slice(c.lastIndexOf(':') + 1)), ['DECIMAL(4,2)', 'DECIMAL(6,3)', 'DECIMAL(76,3)', 'DECIMAL(76,2)', 'DECIMAL(2,2)', 'BOOLEAN', 'DECIMAL(5,2)']);
  assert.deepEqual(r.rows, [['12.34', '13.345', '30.850', '0.33', '-0.05', true, '12.35']]);
});

test('DECIMAL(76,s) columns store 76 digits exactly and refuse values that need more', async () => {
  const big = '123456789012345678901234567890123456789012345678901234567890123.1234567891';
  await h.script(`CREATE TABLE dec (ts TIMESTAMP, p DECIMAL(10,2), q DECIMAL(76,10)) TIMESTAMP(ts);
INSERT INTO dec VALUES ('2024-01-01', 12.34m, ${big}m), ('2024-01-02', 1, '0.5');
`);
  assert.deepEqual((await h.query('SELECT p, q FROM dec')).rows, [['12.34', big], ['1.00', '0.5000000000']]);
  assert.deepEqual(await row('SELECT sum(p), avg(p), min(p), max(p) FROM dec'), ['13.34', '6.67', '1.00', '12.34']);
  await assert.rejects(async () => h.execute("INSERT INTO dec (ts, p) VALUES ('2024-01-03', 123456789.123m)"),
    (e: unknown) => e instanceof SvcError && e.message === 'inconvertible value: 123456789.123 [DECIMAL(12,3) -> DECIMAL(10,2)]');
});

test('LONG256 and GEOHASH literals carry their exact precision', async () => {
  const r = await h.query('SELECT 0x00ff, #u33d, #u33d/18, ##0101, #u33d8b12zzzz');
  assert.deepEqual(r.columns.map((c) => c.slice(c.lastIndexOf(':') + 1)), ['LONG256', 'GEOHASH(4c)', 'GEOHASH(18b)', 'GEOHASH(4b)', 'GEOHASH(12c)']);
  await h.script(`CREATE TABLE geo (g GEOHASH(12c));
INSERT INTO geo VALUES (#u33d8b12zzzz), ('u33d8b12zzzy');
`);
  assert.deepEqual((await h.query('SELECT count() FROM geo WHERE g = #u33d8b12zzzz')).rows, [[1]]);
});

test('arrays: literals, element access and slices are 1-based', async () => {
  const r = await h.query('SELECT a[2, 1], a[1, 3], a[2][2], array_sum(a), array_avg(a[1:2]), array_count(a), dim_length(a, 1), array_position(flatten(a), 3) FROM (SELECT ARRAY[[1.0, 2], [3, 4]] a)');
  assert.deepEqual(r.columns.map((c) => c.slice(c.lastIndexOf(':') + 1)), ['DOUBLE', 'DOUBLE', 'DOUBLE', 'DOUBLE', 'DOUBLE', 'INT', 'INT', 'INT']);
  assert.deepEqual(r.rows, [[3, null, 4, 10, 1.5, 4, 2, 3]]);
  await assert.rejects(async () => h.query('SELECT ARRAY[[1.0, 2], [3]]'), (e: unknown) => e instanceof SvcError && e.message === 'array shape mismatch');
});

test('NaN is a null DOUBLE; FLOAT/DOUBLE narrowing is null outside the target range', async () => {
  assert.deepEqual(await row('SELECT NaN, cast(3e10 AS INT), cast(-2.9 AS INT), cast(1e300 AS FLOAT), cast(1e20 AS LONG), cast(300.7 AS BYTE), cast(7234623 AS SHORT)'),
    [null, null, -2, null, null, 0, 25663]);
});

test('rnd_bin and cast(null AS binary/interval) are values of their types', async () => {
  const r = await h.query('SELECT rnd_bin(), cast(null AS binary), cast(null AS interval)');
  assert.deepEqual(r.columns.map((c) => c.slice(c.lastIndexOf(':') + 1)), ['BINARY', 'BINARY', 'INTERVAL']);
  assert.ok(r.rows[0][0] instanceof Uint8Array && r.rows[0][0].length === 32);
});

test('EXPLAIN answers one plan line per operator in a QUERY PLAN column', async () => {
  await h.execute('CREATE TABLE ex (ts TIMESTAMP, s SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY');
  const r = await h.query('EXPLAIN SELECT s, avg(v) FROM ex WHERE v > 1 ORDER BY s');
  assert.deepEqual(r.columns, ['QUERY PLAN:STRING']);
  assert.deepEqual(r.rows.map((x) => x[0]), ['Sort', '  Project', '    GroupBy', '      Filter(jit)', '        Scan(ex)']);
});
