/**
 * Every SQL statement of shared/reference/sql-dialect.md, for the parser corpus test. Templates of the
 * reference (`[IF NOT EXISTS]`, `…`) are written out as concrete statements; expression snippets
 * (`cast(7234623 AS SHORT)`) are wrapped in a SELECT. `tier3` entries must fail with
 * "<feature> is not supported" at `position`.
 */
export interface CorpusEntry {
  readonly section: string;
  readonly sql: string;
}

export interface Tier3Entry extends CorpusEntry {
  readonly error: string;
  readonly position: number;
}

export const DIALECT_CORPUS: readonly CorpusEntry[] = [
  // Example data
  { section: 'data', sql: 'CREATE TABLE sensors (ts TIMESTAMP, id SYMBOL, temp DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;' },
  { section: 'data', sql: `INSERT INTO sensors VALUES
  ('2025-03-01T00:05:00.000000Z', 's1', 20.0),
  ('2025-03-01T00:40:00.000000Z', 's2', 22.0),
  ('2025-03-01T01:10:00.000000Z', 's1', 21.0),
  ('2025-03-01T03:20:00.000000Z', 's1', 25.0),
  ('2025-03-01T03:50:00.000000Z', 's2', 23.0);` },
  { section: 'data', sql: 'CREATE TABLE calib (ts TIMESTAMP, id SYMBOL, adj DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;' },
  { section: 'data', sql: `INSERT INTO calib VALUES
  ('2025-03-01T00:00:00.000000Z', 's1', 0.5),
  ('2025-03-01T00:30:00.000000Z', 's2', -0.2),
  ('2025-03-01T01:00:00.000000Z', 's1', 0.7);` },
  // §0
  { section: '0', sql: 'SELECT * FROM sensors' },
  { section: '0', sql: 'SELECT id, count() FROM sensors' },
  { section: '0', sql: '(SELECT * FROM sensors ORDER BY ts) timestamp(ts)' },
  // §1 literals and casts
  { section: '1', sql: 'SELECT 1::byte, 1::short, 1.5::float, ts::timestamp, \'abc\'::varchar FROM sensors' },
  { section: '1', sql: "SELECT cast(1.5 AS DECIMAL(18,6))" },
  { section: '1', sql: 'SELECT null' },
  { section: '1', sql: "SELECT * FROM sensors WHERE id = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'" },
  { section: '1', sql: "SELECT 1234L + 567, 1234L + 0.567, 1000000::timestamp, ts::long, true::int FROM sensors" },
  { section: '1', sql: 'SELECT cast(7234623 AS SHORT), cast(2334444.323 AS SHORT), cast(3.5 + 2 AS INT)' },
  { section: '1', sql: "SELECT ARRAY[[1.0,2],[3,4]] arr, ARRAY[1.0, 2.0] v" },
  { section: '1', sql: 'SELECT arr[2, 1], arr[1:2], arr[1:, 2] FROM (SELECT ARRAY[[1.0,2],[3,4]] arr)' },
  { section: '1', sql: 'SELECT * FROM "my table.v2"' },
  { section: '1', sql: "SELECT #u33d8, ##0101, #u33d/18, 0x7ee65ec7b6e3bc3a422a8855e9d7bfd29199af5c2aa91ba39c022fa261bdede7, 'u33d8'::geohash(5c)" },
  // §2.1
  { section: '2.1', sql: 'sensors;' },
  { section: '2.1', sql: "sensors WHERE id = 's1'" },
  { section: '2.1', sql: "(sensors WHERE ts IN '2025-03-01' LATEST ON ts PARTITION BY id) WHERE temp > 22" },
  { section: '2.1', sql: 'SELECT id, count(), avg(temp) FROM sensors ORDER BY id;' },
  { section: '2.1', sql: 'SELECT id, count(*), count(temp) FROM sensors GROUP BY id' },
  { section: '2.1', sql: 'SELECT id, count() FROM sensors GROUP BY 1' },
  { section: '2.1', sql: "SELECT * FROM sensors WHERE temp = 20 OR temp != 21 OR temp <> 22 OR temp < 1 OR temp <= 2 OR temp > 3 OR temp >= 4" },
  { section: '2.1', sql: "SELECT * FROM sensors WHERE id IN ('s1', 's2') AND id NOT IN ('s3') AND temp BETWEEN 25 AND 20" },
  { section: '2.1', sql: "SELECT * FROM sensors WHERE id LIKE 's%' OR id ILIKE 'S_' OR id ~ '^s[0-9]$' OR id !~ 'x'" },
  { section: '2.1', sql: 'SELECT * FROM sensors WHERE temp IS NULL OR temp IS NOT NULL OR temp = NULL OR temp != NULL' },
  { section: '2.1', sql: 'SELECT * FROM flags WHERE flag' },
  { section: '2.1', sql: 'SELECT * FROM flags WHERE NOT flag' },
  { section: '2.1', sql: 'SELECT * FROM sensors LIMIT 2' },
  { section: '2.1', sql: 'SELECT * FROM sensors LIMIT -2' },
  { section: '2.1', sql: 'SELECT * FROM sensors LIMIT 2, 5' },
  { section: '2.1', sql: 'SELECT * FROM sensors LIMIT -5, -3' },
  { section: '2.1', sql: 'SELECT * FROM sensors LIMIT 2, -1' },
  { section: '2.1', sql: 'SELECT ts, temp t FROM sensors ORDER BY t DESC, 1 ASC, id' },
  { section: '2.1', sql: 'SELECT ts AS time, temp celsius FROM sensors' },
  // §2.2 interval search
  { section: '2.2', sql: "SELECT ts, id FROM sensors WHERE ts IN '2025-03-01T00;1h';" },
  { section: '2.2', sql: "SELECT * FROM sensors WHERE ts IN '2025' OR ts IN '2025-03' OR ts IN '2025-03-01T03:20:15'" },
  { section: '2.2', sql: "SELECT * FROM sensors WHERE ts IN '2025-03-01;1d' OR ts IN '2025-04;-3d' OR ts IN '2025-01-01T00:00;1h;1d;3'" },
  { section: '2.2', sql: "SELECT * FROM sensors WHERE ts IN ('2025-03-01T00:05:00Z', '2025-03-01T03:50:00Z')" },
  { section: '2.2', sql: "SELECT * FROM sensors WHERE ts NOT IN '2025-03-01'" },
  { section: '2.2', sql: "SELECT * FROM sensors WHERE ts BETWEEN '2025-03-01T01:00' AND '2025-03-01T03:20'" },
  { section: '2.2', sql: "SELECT * FROM sensors WHERE ts > '2025-03-01' AND ts <= '2025-03-02' AND ts = '2025-03-01T03' AND ts != '2025-03-01T03'" },
  { section: '2.2', sql: "SELECT * FROM sensors WHERE ts IN interval('2025-03-01', '2025-03-02')" },
  // §2.3 SAMPLE BY
  { section: '2.3', sql: 'SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h;' },
  { section: '2.3', sql: 'SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(LINEAR);' },
  { section: '2.3', sql: 'SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(PREV);' },
  { section: '2.3', sql: 'SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(NULL);' },
  { section: '2.3', sql: 'SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(0);' },
  { section: '2.3', sql: "SELECT ts, max(temp) FROM sensors\nSAMPLE BY 1h FROM '2025-03-01T00:00:00Z' TO '2025-03-01T05:00:00Z' FILL(NULL);" },
  { section: '2.3', sql: 'SELECT ts, count() FROM sensors SAMPLE BY 1h ALIGN TO FIRST OBSERVATION;' },
  { section: '2.3', sql: "SELECT ts, count() FROM sensors SAMPLE BY 1d ALIGN TO CALENDAR TIME ZONE 'Europe/Berlin';" },
  { section: '2.3', sql: "SELECT ts, count() FROM sensors SAMPLE BY 1d ALIGN TO CALENDAR WITH OFFSET '02:00';" },
  { section: '2.3', sql: "SELECT ts, count() FROM sensors SAMPLE BY 1d ALIGN TO CALENDAR TIME ZONE 'Europe/Berlin' WITH OFFSET '00:45'" },
  { section: '2.3', sql: 'SELECT ts, id, count() FROM sensors SAMPLE BY 2h ORDER BY ts, id;' },
  { section: '2.3', sql: 'SELECT ts, min(temp), max(temp), avg(temp) FROM sensors SAMPLE BY 30m FILL(PREV, NONE, 0)' },
  { section: '2.3', sql: 'SELECT ts, first(temp), last(temp) FROM sensors SAMPLE BY 1M FILL(PREV(temp), NULL)' },
  { section: '2.3', sql: "SELECT timestamp_floor('1h', ts) ts, avg(temp) FROM sensors GROUP BY timestamp_floor('1h', ts)" },
  { section: '2.3', sql: 'SELECT ts, count() FROM sensors SAMPLE BY 500T' },
  // §2.4 LATEST ON
  { section: '2.4', sql: 'SELECT * FROM sensors LATEST ON ts PARTITION BY id;' },
  { section: '2.4', sql: 'SELECT * FROM sensors WHERE temp < 23 LATEST ON ts PARTITION BY id' },
  { section: '2.4', sql: '(SELECT * FROM sensors LATEST ON ts PARTITION BY id) WHERE temp > 22' },
  { section: '2.4', sql: '(SELECT * FROM unsorted) LATEST ON ts PARTITION BY k' },
  { section: '2.4', sql: 'SELECT * FROM t LATEST ON ts PARTITION BY a, b' },
  // §2.5 joins
  { section: '2.5', sql: 'SELECT s.ts, s.id, s.temp, c.adj FROM sensors s ASOF JOIN calib c ON (id);' },
  { section: '2.5', sql: 'SELECT s.ts, s.id, s.temp, p.temp AS prev FROM sensors s LT JOIN sensors p ON (id);' },
  { section: '2.5', sql: 'SELECT * FROM sensors s SPLICE JOIN calib c ON (id)' },
  { section: '2.5', sql: 'SELECT * FROM sensors s ASOF JOIN calib c ON s.id = c.id AND s.ts > c.ts TOLERANCE 1s' },
  { section: '2.5', sql: 'SELECT * FROM sensors s ASOF JOIN calib c ON (id, ts) TOLERANCE 10m' },
  { section: '2.5', sql: 'SELECT * FROM sensors JOIN calib ON (id)' },
  { section: '2.5', sql: 'SELECT * FROM sensors s INNER JOIN calib c ON s.id = c.id' },
  { section: '2.5', sql: 'SELECT * FROM sensors s LEFT JOIN calib c ON s.id = c.id' },
  { section: '2.5', sql: 'SELECT * FROM sensors s LEFT OUTER JOIN calib c ON (id)' },
  { section: '2.5', sql: 'SELECT * FROM sensors CROSS JOIN calib' },
  { section: '2.5', sql: 'SELECT * FROM a, b WHERE a.k = b.k' },
  // §2.6 INSERT
  { section: '2.6', sql: "INSERT INTO t VALUES (1, 'a'), (2, 'b');" },
  { section: '2.6', sql: "INSERT INTO t (c1, c3) VALUES (1, 'x');" },
  { section: '2.6', sql: 'INSERT INTO t SELECT * FROM u;' },
  { section: '2.6', sql: 'WITH x AS (SELECT * FROM u) INSERT INTO t SELECT * FROM x;' },
  { section: '2.6', sql: 'INSERT ATOMIC INTO t SELECT * FROM u;' },
  { section: '2.6', sql: "INSERT BATCH 4096 o3MaxLag '1s' INTO t SELECT * FROM u;" },
  { section: '2.6', sql: 'INSERT BATCH 4096 INTO t SELECT * FROM u' },
  { section: '2.6', sql: 'INSERT INTO t VALUES (5)' },
  // §2.7 DDL
  { section: '2.7', sql: `CREATE TABLE IF NOT EXISTS t (
  ts TIMESTAMP, sym SYMBOL CAPACITY 256 NOCACHE INDEX CAPACITY 1024, sym2 SYMBOL CACHE, v DOUBLE
), INDEX(sym2) TIMESTAMP(ts) PARTITION BY DAY TTL 2 DAYS BYPASS WAL
  DEDUP UPSERT KEYS(ts, sym) WITH maxUncommittedRows=10000, o3MaxLag=1s;` },
  { section: '2.7', sql: 'CREATE TABLE t (ts TIMESTAMP, v DOUBLE) TIMESTAMP(ts) PARTITION BY HOUR WAL' },
  { section: '2.7', sql: 'CREATE TABLE t (a INT, b LONG, c GEOHASH(5c), d DOUBLE[], e VARCHAR, f IPV4, g UUID, h LONG256, i CHAR, j BOOLEAN)' },
  { section: '2.7', sql: 'CREATE TABLE t AS (SELECT * FROM sensors), CAST(temp AS FLOAT), INDEX(id) TIMESTAMP(ts) PARTITION BY MONTH;' },
  { section: '2.7', sql: 'CREATE TABLE t2 (LIKE t);' },
  { section: '2.7', sql: 'DROP TABLE t;' },
  { section: '2.7', sql: 'DROP TABLE IF EXISTS t;' },
  { section: '2.7', sql: 'TRUNCATE TABLE t;' },
  { section: '2.7', sql: 'RENAME TABLE a TO b;' },
  { section: '2.7', sql: 'ALTER TABLE t ADD COLUMN c INT, c2 DOUBLE;' },
  { section: '2.7', sql: 'ALTER TABLE t DROP COLUMN c;' },
  { section: '2.7', sql: 'ALTER TABLE t RENAME COLUMN a TO b;' },
  { section: '2.7', sql: 'ALTER TABLE t ALTER COLUMN c TYPE LONG;' },
  { section: '2.7', sql: 'ALTER TABLE t DEDUP ENABLE UPSERT KEYS(ts, k);' },
  { section: '2.7', sql: 'ALTER TABLE t DEDUP DISABLE;' },
  { section: '2.7', sql: 'ALTER TABLE t ALTER COLUMN s ADD INDEX;' },
  { section: '2.7', sql: "ALTER TABLE t DROP PARTITION LIST '2025-03-01';" },
  { section: '2.7', sql: 'ALTER TABLE t SET PARAM maxUncommittedRows = 100' },
  { section: '2.7', sql: 'UPDATE t SET c = 1;' },
  { section: '2.7', sql: "UPDATE t u SET c = c + 1, d = 'x' FROM other o WHERE u.k = o.k;" },
  { section: '2.7', sql: 'SELECT "column", type, designated, upsertKey FROM table_columns(\'sensors\');' },
  { section: '2.7', sql: "SELECT table_name, designatedTimestamp, partitionBy, walEnabled FROM tables() WHERE table_name = 'sensors';" },
  // §2.8 aggregates
  { section: '2.8', sql: 'SELECT count(), count(*), count(temp), sum(temp), avg(temp), min(temp), max(temp), first(temp), last(temp) FROM sensors' },
  { section: '2.8', sql: "SELECT count_distinct(id), stddev_samp(temp), string_agg(id, ','), approx_percentile(temp, 0.5, 3) FROM sensors" },
  { section: '2.8', sql: 'SELECT (min(price) + max(price)) / 2 FROM trades' },
  // §2.9 date/time
  { section: '2.9', sql: "SELECT dateadd('M', 1, '2024-01-31'::timestamp), datediff('d', '2020-01-23', '2020-01-27')" },
  { section: '2.9', sql: "SELECT timestamp_floor('5d', '2018-01-01'), timestamp_floor('5d', '2018-01-01', '2018-01-01'), timestamp_ceil('h', ts) FROM sensors" },
  { section: '2.9', sql: "SELECT date_trunc('hour', ts), extract(hour FROM ts), year(ts), day_of_week(ts) FROM sensors" },
  { section: '2.9', sql: "SELECT to_timestamp('2020-03-01:15:43:21.127329', 'yyyy-MM-dd:HH:mm:ss.SSSUUU'), to_date('2020-03-01:15:43:21', 'yyyy-MM-dd:HH:mm:ss'), to_str(ts, 'yyyy-MM-dd') FROM sensors" },
  { section: '2.9', sql: "SELECT to_timezone(ts, 'Europe/Berlin'), to_utc(ts, '+03:00'), now(), systimestamp() FROM sensors" },
  // §3.1
  { section: '3.1', sql: 'SELECT (3.5 + 2)::int' },
  { section: '3.1', sql: "SELECT CASE WHEN temp > 22 THEN 'hot' WHEN temp > 20 THEN 'warm' ELSE 'cold' END FROM sensors" },
  { section: '3.1', sql: "SELECT CASE id WHEN 's1' THEN 1 END, coalesce(temp, 0), nullif(temp, 0), greatest(1, 2), least(1, 2) FROM sensors" },
  // §3.2
  { section: '3.2', sql: 'WITH a AS (SELECT * FROM sensors), b AS (SELECT * FROM calib) SELECT * FROM a JOIN b ON (id)' },
  { section: '3.2', sql: 'SELECT * FROM sensors WHERE id IN (SELECT id FROM calib)' },
  { section: '3.2', sql: 'SELECT id FROM sensors WHERE temp > 22 UNION SELECT id FROM calib;' },
  { section: '3.2', sql: 'SELECT id FROM sensors UNION ALL SELECT id FROM calib EXCEPT SELECT id FROM x INTERSECT ALL SELECT id FROM y ORDER BY id LIMIT 5' },
  { section: '3.2', sql: 'SELECT DISTINCT a, b FROM t' },
  // §3.3
  { section: '3.3', sql: `SELECT ts, id, temp,
       avg(temp) OVER (PARTITION BY id ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ma
FROM sensors;` },
  { section: '3.3', sql: 'SELECT row_number() OVER (), rank() OVER (ORDER BY temp DESC), ntile(4) OVER (PARTITION BY id ORDER BY ts) FROM sensors' },
  { section: '3.3', sql: "SELECT avg(temp) OVER (ORDER BY ts RANGE BETWEEN '5' MINUTE PRECEDING AND CURRENT ROW) FROM sensors" },
  { section: '3.3', sql: 'SELECT sum(temp) OVER (ORDER BY ts RANGE BETWEEN 5 minute preceding AND CURRENT ROW EXCLUDE CURRENT ROW) FROM sensors' },
  { section: '3.3', sql: 'SELECT sum(temp) OVER (ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE NO OTHERS) FROM sensors' },
  { section: '3.3', sql: 'SELECT first_value(temp) IGNORE NULLS OVER (PARTITION BY id ORDER BY ts), lag(temp, 1, 0.0) OVER (ORDER BY ts) FROM sensors' },
  { section: '3.3', sql: 'SELECT avg(temp) OVER w FROM sensors WINDOW w AS (PARTITION BY id ORDER BY ts)' },
  { section: '3.3', sql: 'SELECT * FROM (SELECT id, temp, row_number() OVER (PARTITION BY id ORDER BY temp DESC) rn FROM sensors) WHERE rn <= 2' },
  // §3.4 – §3.6
  { section: '3.4', sql: "SELECT concat('Tim', ' ', 'Smith'), 'a' || 'b', length_bytes('ДЖЕК'), substring('UK2022', 1, 2), lpad('QuestDB', 10, '0'), split_part('a,b,c', ',', 2), left('abc', 2), right('abc', 2)" },
  { section: '3.5', sql: 'SELECT 7 / 2, -7 / 2, 7 % 3, 5 & 3, 5 | 3, 5 ^ 3, ~5, abs(-1), round(1.234, 2), power(2, 10)' },
  { section: '3.6', sql: 'SHOW TABLES' },
  { section: '3.6', sql: 'SHOW COLUMNS FROM t' },
  { section: '3.6', sql: 'SHOW PARTITIONS FROM t' },
  { section: '3.6', sql: 'SHOW CREATE TABLE t' },
  { section: '3.6', sql: 'SHOW PARAMETERS' },
  { section: '3.6', sql: "SELECT * FROM table_partitions('t')" },
  { section: '3.6', sql: 'SELECT * FROM wal_tables()' },
  { section: '3.6', sql: 'SELECT version(), build(), current_database()' },
  { section: '3.6', sql: 'SELECT x FROM long_sequence(10)' },
  { section: '3.6', sql: 'SELECT rnd_double() FROM long_sequence(2, 128349234, 4327897)' },
  { section: '3.6', sql: "SELECT timestamp_sequence('2025-01-01', 1000000), rnd_symbol('a', 'b'), rnd_int(1, 10, 0) FROM long_sequence(5)" },
  { section: '3.6', sql: 'SELECT * FROM generate_series(1, 10, 2)' },
  // §4.1 literals
  { section: '4.1', sql: "SELECT 42, 42L, 10000000000, 1.5, 1e3, .5, 'x', 'abc', E'a\\nb', '', 'it''s', true, false, null, NULL" },
  { section: '4.1', sql: "SELECT '2025-03-01'::timestamp -- a comment\n/* a block\ncomment */ FROM sensors" },
  { section: '4.1', sql: 'SELECT /*+ hint */ * FROM sensors' },
  // §4.4 error table queries parse (their errors come from the binder)
  { section: '4.4', sql: 'SELECT * FROM missing_t' },
  { section: '4.4', sql: 'SELECT nope FROM t' },
  { section: '4.4', sql: "SELECT * FROM t WHERE ts = 'abc'" },
  { section: '4.4', sql: "SELECT * FROM t WHERE ts < 'abc'" },
  { section: '4.4', sql: "SELECT * FROM t WHERE ts = '2025-03-01;1h'" },
  { section: '4.4', sql: "SELECT timestamp_floor('xx', ts) FROM t" },
  { section: '4.4', sql: 'SELECT id, count() FROM sensors ORDER BY id' },
  // §8 shapes seen in the wild
  { section: '8', sql: 'trades;' },
  { section: '8', sql: "trades WHERE symbol = 'BTC-USD' LIMIT -10;" },
  { section: '8', sql: "SELECT * FROM trades WHERE ts IN '2025-03-01' AND side = 'buy';" },
  { section: '8', sql: `SELECT ts, symbol, first(price) open, max(price) high, min(price) low, last(price) close, sum(amount) volume
  FROM trades WHERE ts IN '2025-03' SAMPLE BY 1h FILL(PREV) ALIGN TO CALENDAR;` },
  { section: '8', sql: 'SELECT * FROM trades LATEST ON ts PARTITION BY symbol;' },
  { section: '8', sql: 'SELECT t.*, q.bid, q.ask FROM trades t ASOF JOIN quotes q ON (symbol) TOLERANCE 5s;' },
  { section: '8', sql: "SELECT symbol, count(), avg(price) FROM trades WHERE ts > dateadd('d', -1, now());" },
  { section: '8', sql: "SELECT timestamp_floor('15m', ts) bucket, count() FROM trades GROUP BY 1 ORDER BY 1;" },
  { section: '8', sql: "SELECT ts, price, avg(price) OVER (ORDER BY ts RANGE BETWEEN '1' MINUTE PRECEDING AND CURRENT ROW) FROM trades;" },
  { section: '8', sql: "WITH t AS (SELECT * FROM trades WHERE ts IN '$today') SELECT symbol, max(price) FROM t;" },
  { section: '8', sql: `CREATE TABLE IF NOT EXISTS trades (ts TIMESTAMP, symbol SYMBOL, side SYMBOL, price DOUBLE, amount DOUBLE)
  TIMESTAMP(ts) PARTITION BY DAY WAL DEDUP UPSERT KEYS(ts, symbol);` },
  { section: '8', sql: "INSERT INTO trades VALUES (now(), 'BTC-USD', 'buy', 65000.5, 0.1);" },
  // EXPLAIN is parsed as a wrapper (the engine decides whether to run it).
  { section: '5', sql: 'EXPLAIN SELECT * FROM sensors' },
];

/** Tier 3 (sql-dialect.md §5): each must fail with its "not supported" message at the keyword. */
export const TIER3_CORPUS: readonly Tier3Entry[] = [
  { section: '5', sql: 'CREATE MATERIALIZED VIEW mv AS (SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h)', error: 'CREATE MATERIALIZED VIEW is not supported', position: 7 },
  { section: '5', sql: 'REFRESH MATERIALIZED VIEW mv FULL', error: 'REFRESH is not supported', position: 0 },
  { section: '5', sql: 'CREATE VIEW v AS (SELECT * FROM sensors)', error: 'CREATE VIEW is not supported', position: 7 },
  { section: '5', sql: 'SELECT * FROM sensors PIVOT (avg(temp) FOR id IN (\'s1\', \'s2\'))', error: 'PIVOT is not supported', position: 22 },
  { section: '5', sql: 'SELECT * FROM unnest(ARRAY[1.0, 2.0])', error: 'unnest() is not supported', position: 14 },
  { section: '5', sql: 'SELECT * FROM a LATERAL JOIN b', error: 'LATERAL JOIN is not supported', position: 16 },
  { section: '5', sql: 'SELECT * FROM a HORIZON JOIN b ON (k)', error: 'HORIZON JOIN is not supported', position: 16 },
  { section: '5', sql: 'SELECT * FROM a WINDOW JOIN b ON (k)', error: 'WINDOW JOIN is not supported', position: 16 },
  { section: '5', sql: 'SELECT * FROM a RIGHT OUTER JOIN b ON (k)', error: 'RIGHT JOIN is not supported', position: 16 },
  { section: '5', sql: 'SELECT * FROM a FULL OUTER JOIN b ON (k)', error: 'FULL JOIN is not supported', position: 16 },
  { section: '5', sql: 'DECLARE @x := 5 SELECT @x', error: 'DECLARE is not supported', position: 0 },
  { section: '5', sql: "COPY sensors FROM 'sensors.csv'", error: 'COPY is not supported', position: 0 },
  { section: '5', sql: 'COPY sensors FROM STDIN', error: 'copy from STDIN is not supported over REST', position: 0 },
  { section: '5', sql: "SELECT * FROM read_parquet('x.parquet')", error: 'read_parquet() is not supported', position: 14 },
  { section: '5', sql: 'SELECT * FROM t WHERE g WITHIN (#u33)', error: 'WITHIN is not supported', position: 24 },
  { section: '5', sql: "ALTER TABLE t SQUASH PARTITIONS", error: 'ALTER TABLE SQUASH is not supported', position: 14 },
  { section: '5', sql: "ALTER TABLE t CONVERT PARTITION TO PARQUET LIST '2025-03-01'", error: 'ALTER TABLE CONVERT is not supported', position: 14 },
  { section: '5', sql: "ALTER TABLE t ATTACH PARTITION LIST '2025-03-01'", error: 'ALTER TABLE ATTACH is not supported', position: 14 },
  { section: '5', sql: "ALTER TABLE t DETACH PARTITION LIST '2025-03-01'", error: 'ALTER TABLE DETACH is not supported', position: 14 },
  { section: '5', sql: 'ALTER TABLE t SET TTL 2 DAYS', error: 'ALTER TABLE SET is not supported', position: 14 },
  { section: '5', sql: 'VACUUM TABLE t', error: 'VACUUM is not supported', position: 0 },
  { section: '5', sql: "REINDEX TABLE t COLUMN s LOCK EXCLUSIVE", error: 'REINDEX is not supported', position: 0 },
  { section: '5', sql: 'CHECKPOINT CREATE', error: 'CHECKPOINT is not supported', position: 0 },
  { section: '5', sql: 'SNAPSHOT PREPARE', error: 'SNAPSHOT is not supported', position: 0 },
  { section: '5', sql: "CANCEL QUERY 123", error: 'CANCEL is not supported', position: 0 },
  { section: '5', sql: 'GRANT SELECT ON t TO user1', error: 'GRANT is not supported', position: 0 },
  { section: '5', sql: 'CREATE USER bob WITH PASSWORD \'x\'', error: 'CREATE USER is not supported', position: 7 },
  { section: '5', sql: 'DROP MATERIALIZED VIEW mv', error: 'DROP MATERIALIZED VIEW is not supported', position: 5 },
];
