/**
 * Worked examples of QuestDB's time-series SQL (interval search, SAMPLE BY, LATEST ON, ASOF/LT/SPLICE
 * joins, date/time functions, window functions) over real storage.
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

const T = (hms: string): string => `2025-03-01T${hms}.000000Z`;

const CASES: [string, string[] | undefined, unknown[][], number?][] = [
  // SAMPLE BY
  ['SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h', ['ts:TIMESTAMP', 'avg(temp):DOUBLE'], [[T('00:00:00'), 21], [T('01:00:00'), 21], [T('03:00:00'), 24]], 0],
  ['SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(LINEAR)', undefined, [[T('00:00:00'), 21], [T('01:00:00'), 21], [T('02:00:00'), 22.5], [T('03:00:00'), 24]], 0],
  ['SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(PREV)', undefined, [[T('00:00:00'), 21], [T('01:00:00'), 21], [T('02:00:00'), 21], [T('03:00:00'), 24]], 0],
  ['SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(NULL)', undefined, [[T('00:00:00'), 21], [T('01:00:00'), 21], [T('02:00:00'), null], [T('03:00:00'), 24]], 0],
  ['SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(0)', undefined, [[T('00:00:00'), 21], [T('01:00:00'), 21], [T('02:00:00'), 0], [T('03:00:00'), 24]], 0],
  ["SELECT ts, max(temp) FROM sensors SAMPLE BY 1h FROM '2025-03-01T00:00:00Z' TO '2025-03-01T05:00:00Z' FILL(NULL)", undefined,
    [[T('00:00:00'), 22], [T('01:00:00'), 21], [T('02:00:00'), null], [T('03:00:00'), 25], [T('04:00:00'), null]], 0],
  ['SELECT ts, count() FROM sensors SAMPLE BY 1h ALIGN TO FIRST OBSERVATION', undefined, [[T('00:05:00'), 2], [T('01:05:00'), 1], [T('03:05:00'), 2]], 0],
  ["SELECT ts, count() FROM sensors SAMPLE BY 1d ALIGN TO CALENDAR TIME ZONE 'Europe/Berlin'", undefined, [['2025-02-28T23:00:00.000000Z', 5]], 0],
  ["SELECT ts, count() FROM sensors SAMPLE BY 1d ALIGN TO CALENDAR WITH OFFSET '02:00'", undefined, [['2025-02-28T02:00:00.000000Z', 3], [T('02:00:00'), 2]], 0],
  ['SELECT ts, id, count() FROM sensors SAMPLE BY 2h ORDER BY ts, id', undefined,
    [[T('00:00:00'), 's1', 2], [T('00:00:00'), 's2', 1], [T('02:00:00'), 's1', 1], [T('02:00:00'), 's2', 1]]],
  ['SELECT ts, id, sum(temp) FROM sensors SAMPLE BY 1h FILL(PREV) ORDER BY ts, id', undefined,
    [[T('00:00:00'), 's1', 20], [T('00:00:00'), 's2', 22], [T('01:00:00'), 's1', 21], [T('01:00:00'), 's2', 22],
      [T('02:00:00'), 's1', 21], [T('02:00:00'), 's2', 22], [T('03:00:00'), 's1', 25], [T('03:00:00'), 's2', 23]]],
  ['SELECT ts, min(temp), max(temp) FROM sensors SAMPLE BY 1h FILL(NULL, 0)', undefined,
    [[T('00:00:00'), 20, 22], [T('01:00:00'), 21, 21], [T('02:00:00'), null, 0], [T('03:00:00'), 23, 25]], 0],
  ['SELECT ts, first(temp), last(temp), first(id), last(id) FROM sensors SAMPLE BY 2h', undefined, [[T('00:00:00'), 20, 21, 's1', 's1'], [T('02:00:00'), 25, 23, 's1', 's2']], 0],
  ['SELECT ts, count() FROM sensors SAMPLE BY 1M', undefined, [['2025-03-01T00:00:00.000000Z', 5]], 0],
  ["SELECT ts, count() FROM sensors WHERE id = 's2' SAMPLE BY 30m", undefined, [[T('00:30:00'), 1], [T('03:30:00'), 1]], 0],
  ["SELECT ts, count() FROM sensors SAMPLE BY 1h FROM '2025-03-01T01:00' TO '2025-03-01T03:00' FILL(0)", undefined, [[T('01:00:00'), 1], [T('02:00:00'), 0]], 0],
  // LATEST ON
  ['SELECT * FROM sensors LATEST ON ts PARTITION BY id', ['ts:TIMESTAMP', 'id:SYMBOL', 'temp:DOUBLE'], [[T('03:20:00'), 's1', 25], [T('03:50:00'), 's2', 23]], 0],
  ['SELECT * FROM sensors WHERE temp < 23 LATEST ON ts PARTITION BY id', undefined, [[T('00:40:00'), 's2', 22], [T('01:10:00'), 's1', 21]], 0],
  ['(SELECT * FROM sensors LATEST ON ts PARTITION BY id) WHERE temp > 24', undefined, [[T('03:20:00'), 's1', 25]]],
  ['SELECT * FROM (SELECT * FROM sensors ORDER BY temp DESC) timestamp(ts) LATEST ON ts PARTITION BY id', undefined, [[T('03:20:00'), 's1', 25], [T('03:50:00'), 's2', 23]]],
  ["(sensors WHERE ts IN '2025-03-01' LATEST ON ts PARTITION BY id) WHERE temp > 22", undefined, [[T('03:20:00'), 's1', 25], [T('03:50:00'), 's2', 23]]],
  ['SELECT id, temp FROM sensors LATEST ON ts PARTITION BY id, temp', undefined, [['s1', 20], ['s2', 22], ['s1', 21], ['s1', 25], ['s2', 23]], -1],
  ['SELECT count() FROM sensors LATEST ON ts PARTITION BY id', undefined, [[2]]],
  ["SELECT temp FROM sensors WHERE id IN ('s2', 'nope') LATEST ON ts PARTITION BY id", undefined, [[23]]],
  ["SELECT temp FROM sensors WHERE id = 's1' AND temp < 25 LATEST ON ts PARTITION BY id", undefined, [[21]]],
  // ASOF / LT / SPLICE
  ['SELECT s.ts, s.id, s.temp, c.adj FROM sensors s ASOF JOIN calib c ON (id)', ['ts:TIMESTAMP', 'id:SYMBOL', 'temp:DOUBLE', 'adj:DOUBLE'],
    [[T('00:05:00'), 's1', 20, 0.5], [T('00:40:00'), 's2', 22, -0.2], [T('01:10:00'), 's1', 21, 0.7], [T('03:20:00'), 's1', 25, 0.7], [T('03:50:00'), 's2', 23, -0.2]], 0],
  ['SELECT s.temp, p.temp AS prev FROM sensors s LT JOIN sensors p ON (id)', undefined, [[20, null], [22, null], [21, 20], [25, 21], [23, 22]]],
  ['SELECT s.temp, c.adj FROM sensors s ASOF JOIN calib c ON s.id = c.id TOLERANCE 10m', undefined, [[20, 0.5], [22, -0.2], [21, 0.7], [25, null], [23, null]]],
  ['SELECT s.temp, c.adj FROM sensors s ASOF JOIN calib c', undefined, [[20, 0.5], [22, -0.2], [21, 0.7], [25, 0.7], [23, 0.7]]],
  ['SELECT s.temp, c.adj FROM sensors s LT JOIN calib c', undefined, [[20, 0.5], [22, -0.2], [21, 0.7], [25, 0.7], [23, 0.7]]],
  ['SELECT c.ts, c.adj FROM calib c LT JOIN calib d', undefined, [[T('00:00:00'), 0.5], [T('00:30:00'), -0.2], [T('01:00:00'), 0.7]], 0],
  ['SELECT * FROM calib c ASOF JOIN sensors s ON (id) LIMIT 1', ['ts:TIMESTAMP', 'id:SYMBOL', 'adj:DOUBLE', 'ts1:TIMESTAMP', 'id1:SYMBOL', 'temp:DOUBLE'],
    [[T('00:00:00'), 's1', 0.5, null, null, null]]],
  ["SELECT c.adj, s.temp FROM calib c SPLICE JOIN sensors s WHERE s.id = 's2' OR c.adj < 0", undefined, [[-0.2, 20], [-0.2, 22], [0.7, 22], [0.7, 23]]],
  ['SELECT count(*), avg(a.temp / b.temp) FROM (SELECT * FROM sensors WHERE id = \'s1\') a ASOF JOIN (SELECT * FROM sensors WHERE id = \'s2\') b', undefined, [[3, (21 / 22 + 25 / 22) / 2]]],
  // date/time functions
  ["SELECT dateadd('M', 1, '2024-01-31'::timestamp)", ["dateadd('M', 1, '2024-01-31'::timestamp):TIMESTAMP"], [['2024-02-29T00:00:00.000000Z']]],
  ["SELECT dateadd('w', 1, '2024-10-21T10:00:00Z'::timestamp, 'Europe/Bratislava'), dateadd('w', 1, '2024-10-21T10:00:00Z'::timestamp)", undefined,
    [['2024-10-28T11:00:00.000000Z', '2024-10-28T10:00:00.000000Z']]],
  ["SELECT datediff('d', '2020-01-23'::timestamp, '2020-01-27'::timestamp), datediff('M', '2020-01-23'::timestamp, '2020-02-27'::timestamp)", ["datediff('d', '2020-01-23'::timestamp, '2020-01-27'::timestamp):LONG", "datediff('M', '2020-01-23'::timestamp, '2020-02-27'::timestamp):LONG"], [[4, 1]]],
  ["SELECT timestamp_floor('5d', '2018-01-01'::timestamp), timestamp_floor('5d', '2018-01-01'::timestamp, '2018-01-01'::timestamp)", undefined,
    [['2017-12-30T00:00:00.000000Z', '2018-01-01T00:00:00.000000Z']]],
  ["SELECT timestamp_ceil('h', '2021-01-01T16:18:22.862145Z'::timestamp)", undefined, [['2021-01-01T17:00:00.000000Z']]],
  ["SELECT date_trunc('hour', ts), date_trunc('month', ts), date_trunc('quarter', ts) FROM sensors LIMIT 1", undefined,
    [[T('00:00:00'), T('00:00:00'), '2025-01-01T00:00:00.000000Z']]],
  ['SELECT extract(hour FROM ts), extract(dow FROM ts), extract(epoch FROM ts) FROM sensors LIMIT -1', undefined, [[3, 6, 1740800999 + 1]]],
  ['SELECT year(ts), month(ts), day(ts), hour(ts), minute(ts), second(ts), day_of_week(ts), week_of_year(ts), days_in_month(ts), is_leap_year(ts) FROM sensors LIMIT 1', undefined,
    [[2025, 3, 1, 0, 5, 0, 6, 9, 31, false]]],
  ["SELECT to_timezone('2025-03-01T12:00:00Z'::timestamp, 'Europe/Berlin'), to_utc('2025-03-01T12:00:00Z'::timestamp, '+03:00')", undefined,
    [['2025-03-01T13:00:00.000000Z', '2025-03-01T09:00:00.000000Z']]],
  ['SELECT timestamp_floor(\'1h\', ts) bucket, count() FROM sensors GROUP BY 1 ORDER BY 1', undefined, [[T('00:00:00'), 2], [T('01:00:00'), 1], [T('03:00:00'), 2]]],
  // window functions
  ['SELECT ts, id, temp, avg(temp) OVER (PARTITION BY id ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ma FROM sensors', ['ts:TIMESTAMP', 'id:SYMBOL', 'temp:DOUBLE', 'ma:DOUBLE'],
    [[T('00:05:00'), 's1', 20, 20], [T('00:40:00'), 's2', 22, 22], [T('01:10:00'), 's1', 21, 20.5], [T('03:20:00'), 's1', 25, 23], [T('03:50:00'), 's2', 23, 22.5]], 0],
  ['SELECT id, row_number() OVER (PARTITION BY id ORDER BY ts), rank() OVER (ORDER BY id), dense_rank() OVER (ORDER BY id) FROM sensors', undefined,
    [['s1', 1, 1, 1], ['s2', 1, 4, 2], ['s1', 2, 1, 1], ['s1', 3, 1, 1], ['s2', 2, 4, 2]]],
  ['SELECT temp, lag(temp) OVER (ORDER BY ts), lead(temp, 2) OVER (ORDER BY ts), lag(temp, 1, -1.0) OVER (PARTITION BY id ORDER BY ts) FROM sensors', undefined,
    [[20, null, 21, -1], [22, 20, 25, -1], [21, 22, 23, 20], [25, 21, null, 21], [23, 25, null, 22]]],
  ['SELECT sum(temp) OVER (ORDER BY ts), count() OVER (), max(temp) OVER (PARTITION BY id), first_value(temp) OVER (PARTITION BY id ORDER BY ts), last_value(temp) OVER (ORDER BY ts ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM sensors', undefined,
    [[20, 5, 25, 20, 22], [42, 5, 23, 22, 21], [63, 5, 25, 20, 25], [88, 5, 25, 20, 23], [111, 5, 23, 22, 23]]],
  ["SELECT temp, avg(temp) OVER (ORDER BY ts RANGE BETWEEN '1' HOUR PRECEDING AND CURRENT ROW), min(temp) OVER (ORDER BY ts RANGE BETWEEN 40 MINUTES PRECEDING AND CURRENT ROW) FROM sensors", undefined,
    [[20, 20, 20], [22, 21, 20], [21, 21.5, 21], [25, 25, 25], [23, 24, 23]]],
  ["SELECT temp, sum(temp) OVER (ORDER BY ts DESC RANGE BETWEEN '1' HOUR PRECEDING AND CURRENT ROW) FROM sensors", undefined, [[20, 42], [22, 43], [21, 21], [25, 48], [23, 23]]],
  ['SELECT count() OVER (ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), max(temp) OVER (ORDER BY ts ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) FROM sensors', undefined,
    [[0, 25], [1, 25], [2, 25], [3, 23], [4, null]]],
  ['SELECT temp, percent_rank() OVER (ORDER BY temp), cume_dist() OVER (ORDER BY id), ntile(2) OVER (ORDER BY ts), nth_value(temp, 2) OVER (ORDER BY ts) FROM sensors', undefined,
    [[20, 0, 0.6, 1, null], [22, 0.5, 1, 1, 22], [21, 0.25, 0.6, 1, 22], [25, 1, 0.6, 2, 22], [23, 0.75, 1, 2, 22]]],
  ['SELECT temp, lag(x) IGNORE NULLS OVER (ORDER BY ts), lag(x) OVER (ORDER BY ts), lead(x) IGNORE NULLS OVER (ORDER BY ts), first_value(x) IGNORE NULLS OVER (ORDER BY ts), '
    + 'last_value(x) IGNORE NULLS OVER (ORDER BY ts) FROM (SELECT ts, temp, CASE WHEN temp > 21 THEN temp END x FROM sensors)', undefined,
  [[20, null, null, 22, null, null], [22, null, null, 25, 22, 22], [21, 22, 22, 25, 22, 22], [25, 22, null, 23, 22, 25], [23, 25, 25, null, 22, 23]]],
  ['SELECT temp, sum(temp) OVER w FROM sensors WINDOW w AS (PARTITION BY id ORDER BY ts) ORDER BY ts DESC LIMIT 2', undefined, [[23, 45], [25, 66]]],
  // interval search
  ["SELECT temp FROM sensors WHERE ts IN '2025-03-01T00;1h' OR ts IN '2025-03-01T03:50'", undefined, [[20], [22], [23]]],
  ["SELECT temp FROM sensors WHERE ts IN ('2025-03-01T00:05:00Z', '2025-03-01T03:50:00Z')", undefined, [[20], [23]]],
  ["SELECT temp FROM sensors WHERE ts != '2025-03-01T03:20' AND ts IN '2025-03-01T03'", undefined, [[23]]],
  ["SELECT temp FROM sensors WHERE ts IN '2025-03-01T00:00;30m;1h;4'", undefined, [[20], [21], [25]]],
  ["SELECT temp FROM sensors WHERE NOT (ts IN '2025-03-01T00' OR ts IN '2025-03-01T03')", undefined, [[21]]],
  ["SELECT temp FROM sensors WHERE ts IN interval('2025-03-01T01:00', '2025-03-01T03:30')", undefined, [[21], [25]]],
  ["SELECT interval_start(interval('2025-03-01', '2025-03-02')), interval_end(interval('2025-03-01', '2025-03-02'))", undefined,
    [['2025-03-01T00:00:00.000000Z', '2025-03-02T00:00:00.000000Z']]],
  ["SELECT temp FROM sensors WHERE ts = '2025-03-01T03'", undefined, []],
  ["SELECT temp FROM sensors WHERE ts = '2025-03-01T03:20'", undefined, [[25]]],
  ["SELECT temp FROM sensors WHERE ts IN '2025-03-01;1d'", undefined, [[20], [22], [21], [25], [23]]],
  ["SELECT temp FROM sensors WHERE ts IN '2025-03;-30d'", undefined, []],
  ["SELECT temp FROM sensors WHERE ts IN '2025-03-02;-1d'", undefined, [[20], [22], [21], [25], [23]]],
  ["SELECT temp FROM sensors WHERE ts IN '2025-02-28;1d'", undefined, []],
  ["SELECT temp FROM sensors WHERE ts IN '2025-02-28;2d'", undefined, [[20], [22], [21], [25], [23]]],
  ["SELECT temp FROM sensors WHERE ts IN '2025-03-01T01;-1h'", undefined, [[20], [22]]],
  ["SELECT temp FROM sensors WHERE ts IN '2025-04;-3d' OR ts < '2025-03-01T00:10'", undefined, [[20]]],
  ["SELECT to_timestamp('2020-03-01:15:43:21.127329', 'yyyy-MM-dd:HH:mm:ss.SSSUUU'), to_timestamp('15/03/2024 14:30:45', 'dd/MM/yyyy HH:mm:ss'), to_timestamp('2020-03-01:15:43:21', 'yyyy')", ["to_timestamp('2020-03-01:15:43:21.127329', 'yyyy-MM-dd:HH:mm::TIMESTAMP", "to_timestamp('15/03/2024 14:30:45', 'dd/MM/yyyy HH:mm:ss'):TIMESTAMP", "to_timestamp('2020-03-01:15:43:21', 'yyyy'):TIMESTAMP"],
    [['2020-03-01T15:43:21.127329Z', '2024-03-15T14:30:45.000000Z', null]]],
  ["SELECT to_date('2020-03-01:15:43:21', 'yyyy-MM-dd:HH:mm:ss')", ["to_date('2020-03-01:15:43:21', 'yyyy-MM-dd:HH:mm:ss'):DATE"], [['2020-03-01T15:43:21.000Z']]],
  ["SELECT to_str(ts, 'yyyy-MM-dd HH:mm') FROM sensors LIMIT 1", ["to_str(ts, 'yyyy-MM-dd HH:mm'):STRING"], [['2025-03-01 00:05']]],
  // designated timestamp propagation
  ['SELECT * FROM (SELECT * FROM sensors ORDER BY temp) ORDER BY ts', undefined,
    [[T('00:05:00'), 's1', 20], [T('00:40:00'), 's2', 22], [T('01:10:00'), 's1', 21], [T('03:20:00'), 's1', 25], [T('03:50:00'), 's2', 23]], 0],
  ['SELECT ts, count() FROM (SELECT * FROM sensors ORDER BY ts) SAMPLE BY 2h', undefined, [[T('00:00:00'), 3], [T('02:00:00'), 2]], 0],
  ['SELECT ts, max(temp) FROM (SELECT ts, temp FROM sensors) timestamp(ts) SAMPLE BY 4h', undefined, [[T('00:00:00'), 25]], 0],
];

for (const [sql, columns, rows, timestamp] of CASES) {
  test(`${sql} returns the dialect's rows`, async () => {
    const r = await h.query(sql);
    if (columns) assert.deepEqual(r.columns, columns);
    assert.deepEqual(r.rows, rows);
    if (timestamp !== undefined) assert.equal(r.timestamp, timestamp);
  });
}

test('LATEST ON another column and RANGE offsets over a SYMBOL order are refused', async () => {
  await assert.rejects(h.query('SELECT * FROM sensors LATEST ON temp PARTITION BY id'), /LATEST ON column must be a TIMESTAMP/);
  await assert.rejects(h.query('SELECT avg(temp) OVER (ORDER BY id RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM sensors'), /RANGE/);
});

test('an unknown unit is reported at its literal', async () => {
  await assert.rejects(h.query("SELECT timestamp_floor('xx', ts) FROM sensors"), (e: unknown) => {
    const err = e as { message: string; position?: number };
    assert.equal(err.message, "invalid unit 'xx'");
    assert.equal(err.position, 23);
    return true;
  });
});

function labels(sql: string): string[] {
  const out: string[] = [];
  const walk = (p: ReturnType<SqlHarness['compiler']['plan']>): void => { out.push(p.label); p.children.forEach(walk); };
  walk(h.compiler.plan(sql));
  return out;
}

test('OR, NOT IN, IN lists and != on the designated timestamp become scan intervals', () => {
  assert.deepEqual(labels("SELECT temp FROM sensors WHERE ts IN '2025-03-01T00' OR ts IN '2025-03-01T03'"), ['Project', 'Scan(sensors, intervals=2)']);
  assert.deepEqual(labels("SELECT temp FROM sensors WHERE ts NOT IN '2025-03-01T03'"), ['Project', 'Scan(sensors, intervals=2)']);
  assert.deepEqual(labels("SELECT temp FROM sensors WHERE ts IN ('2025-03-01T00:05:00Z', '2025-03-01T03:50:00Z')"), ['Project', 'Scan(sensors, intervals=2)']);
  assert.deepEqual(labels("SELECT temp FROM sensors WHERE ts != '2025-03-01T03:20'"), ['Project', 'Scan(sensors, intervals=2)']);
  assert.deepEqual(labels("SELECT temp FROM sensors WHERE ts IN interval('2025-03-01', '2025-03-02')"), ['Project', 'Scan(sensors, intervals=1)']);
});

test('SAMPLE BY, LATEST ON and ASOF JOIN plan their time-series operators', () => {
  assert.ok(labels('SELECT ts, count() FROM sensors SAMPLE BY 1h').includes('SampleBy'));
  assert.deepEqual(labels("SELECT ts, count() FROM sensors SAMPLE BY 1h FROM '2025-03-01T01:00' TO '2025-03-01T02:00'").slice(-1), ['Scan(sensors, intervals=1)']);
  assert.deepEqual(labels('SELECT * FROM sensors LATEST ON ts PARTITION BY id'), ['LatestOn(backwards)', 'Scan(sensors, reverse, latest)']);
  assert.ok(labels('SELECT * FROM sensors s ASOF JOIN calib c ON (id)').includes('AsofJoin(keyed)'));
  // A join side reads only the columns the query uses, and its filter gathers none that only it reads
  // (`id` on both sides here).
  assert.deepEqual(labels("SELECT b.temp FROM (SELECT * FROM sensors WHERE id = 's1') a ASOF JOIN (SELECT * FROM sensors WHERE id = 's2') b").slice(1),
    ['AsofJoin', 'Project', 'ExpandColumns', 'Filter(jit)', 'Scan(sensors, symbols=1)', 'Project', 'ExpandColumns', 'Filter(jit)', 'Scan(sensors, symbols=1)']);
});
