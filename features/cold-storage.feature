Feature: Cold storage: old Parquet partitions on an S3 store, read back by svc, ClickHouse and DuckDB
  With an S3-compatible store configured, Parquet partitions whose newest row is older than cold.after are
  uploaded (verified by size and MD5) and their local file dropped; queries read them back with ranged GETs
  through a bounded local cache. On the store each table is Hive-partitioned Parquet with Apache Iceberg v2
  metadata. The store here is a real S3-protocol server on loopback (s3rver). `trades` gets hourly rows from
  2024-01-01 to 2024-02-09 and its partitions before 2024-02-04 become Parquet; cold.after=30d counts back
  from the newest row (2024-02-09 23:00), so 2024-01-01 … 2024-01-09 go cold, 25 days stay local Parquet
  and 6 stay native. `native` holds the same rows with every partition native.

  Background:
    Given an S3 store on loopback for the cold tier
    And the environment variable "SVC_COLD_AFTER" is "30d"

  Scenario: a table with cold, Parquet and native partitions answers like the same table kept native
    Given these SQL statements have run:
      """
      create table trades (ts timestamp, sym symbol, price double, qty long, note varchar) timestamp(ts) partition by day bypass wal
      insert into trades select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 3600000000L), rnd_symbol('AAA', 'BBB', 'CCC'), (x % 400) * 0.25, x, 'n' || (x % 7) from long_sequence(960)
      create table native as (select * from trades) timestamp(ts) partition by day bypass wal
      alter table trades convert partition to parquet where ts < '2024-02-04'
      """
    Then within 60 seconds the Iceberg table "trades" on the S3 store has 9 data files and 216 records
    And these queries answer the same for "trades" as for "native":
      | query                                                                                              |
      | select count(), sum(qty), sum(price), min(ts), max(ts) from {table}                               |
      | select sym, count(), sum(price), avg(qty) from {table} order by sym                               |
      | select ts, count(), sum(qty), first(price), last(price) from {table} sample by 1d                 |
      | select ts, sym, price, qty, note from {table} where sym = 'BBB' and qty % 5 = 0                   |
      | select * from {table} where ts < '2024-01-07' and note = 'n3'      |
      | select * from {table} latest on ts partition by sym                                               |
      | select sym, max(price), min(qty) from {table} where ts < '2024-01-10' |
      | select * from {table} order by ts desc limit 30                                                    |

  Scenario: ClickHouse and DuckDB read the cold table from the store and agree with svc
    Given these SQL statements have run:
      """
      create table trades (ts timestamp, sym symbol, price double, qty long, note varchar) timestamp(ts) partition by day bypass wal
      insert into trades select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 3600000000L), rnd_symbol('AAA', 'BBB', 'CCC'), (x % 400) * 0.25, x, 'n' || (x % 7) from long_sequence(960)
      alter table trades convert partition to parquet where ts < '2024-02-04'
      """
    Then within 60 seconds the Iceberg table "trades" on the S3 store has 9 data files and 216 records
    And ClickHouse and DuckDB read the table "trades" from the S3 store and answer like svc:
      | svc                                                                                                                                                                     | clickhouse                                                                                                                   | duckdb                                                                                                                |
      | select count(), sum(qty), sum(price) from trades where ts < '2024-01-10'                                                                | select count(), sum(qty), sum(price) from {iceberg}                                                                         | select count(*), sum(qty), sum(price) from {parquet}                                                                  |
      | select cast(ts as long), c, s from (select ts, count() c, sum(qty) s from trades where ts < '2024-01-10' sample by 6h)               | select toUnixTimestamp(toStartOfInterval(ts, INTERVAL 6 HOUR)) * 1000000 b, count(), sum(qty) from {iceberg} group by b order by b | select epoch_us(time_bucket(INTERVAL 6 HOUR, ts::TIMESTAMP)) b, count(*), sum(qty) from {parquet} group by b order by b |
      | select count(), sum(price), max(qty) from trades where sym = 'BBB' and ts < '2024-01-10'                                                | select count(), sum(price), max(qty) from {iceberg} where sym = 'BBB'                                                       | select count(*), sum(price), max(qty) from {parquet} where sym = 'BBB'                                                |
      | select to_str(ts, 'yyyy-MM-dd') d, count() from trades where ts < '2024-01-10' order by d                                              | select ts_day, count() from {glob} group by ts_day order by ts_day settings use_hive_partitioning = 1                         | select ts_day::VARCHAR d, count(*) from {parquet} group by d order by d                                               |
      | select sym, count(), sum(qty) from trades where note = 'n2' and ts < '2024-01-10' order by sym                                          | select sym, count(), sum(qty) from {glob} where note = 'n2' group by sym order by sym                                         | select sym, count(*), sum(qty) from {parquet} where note = 'n2' group by sym order by sym                             |

  Scenario: a cold partition is read with ranged GETs of only the columns needed, then from the bounded local cache
    (4 days of 10000 rows; every day but the newest goes cold, since cold.after counts from the newest row)
    Given the environment variable "SVC_COLD_CACHE_BLOCK_SIZE" is "16k"
    And the environment variable "SVC_COLD_CACHE_SIZE" is "256k"
    And the environment variable "SVC_COLD_AFTER" is "1h"
    And these SQL statements have run:
      """
      create table wide (ts timestamp, a double, b double, c double, d double, e double, f double, g double, h long) timestamp(ts) partition by day bypass wal
      insert into wide select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 8640000L), rnd_double(), rnd_double(), rnd_double(), rnd_double(), rnd_double(), rnd_double(), rnd_double(), x from long_sequence(40000)
      create table wide_native as (select * from wide) timestamp(ts) partition by day bypass wal
      alter table wide convert partition to parquet where ts < '2024-02-04'
      """
    Then within 60 seconds the Iceberg table "wide" on the S3 store has 3 data files and 30000 records
    When the S3 store's request counts are reset
    And I query "select sum(h) from wide"
    Then the status is 200
    And the S3 store answered only ranged GETs, for less than 40 % of the cold bytes of "wide"
    When the S3 store's request counts are reset
    And I query "select sum(h) from wide"
    Then the S3 store answered no GET
    And these queries answer the same for "wide" as for "wide_native":
      | query                                                                  |
      | select count(), sum(a), sum(b), sum(c), sum(d), sum(e), sum(f), sum(g), sum(h) from {table} |
      | select ts, avg(a), max(g), min(h) from {table} sample by 6h            |
    And the root folder "cold-cache" holds at most 262144 bytes

  Scenario: an unreachable store fails the queries that need a cold partition clearly, and they work again when it is back
    Given these SQL statements have run:
      """
      create table trades (ts timestamp, sym symbol, price double, qty long, note varchar) timestamp(ts) partition by day bypass wal
      insert into trades select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 3600000000L), rnd_symbol('AAA', 'BBB', 'CCC'), (x % 400) * 0.25, x, 'n' || (x % 7) from long_sequence(960)
      create table native as (select * from trades) timestamp(ts) partition by day bypass wal
      alter table trades convert partition to parquet where ts < '2024-02-04'
      """
    And within 60 seconds the Iceberg table "trades" on the S3 store has 9 data files and 216 records
    When the S3 store goes down
    And I query "select count(), sum(qty) from trades"
    Then the status is 503
    And the JSON field "error" starts with "cold storage s3://svc-cold/svc is unavailable"
    When I query "select count(), sum(qty) from trades where ts >= '2024-01-20'"
    Then the status is 200
    When the S3 store comes back
    Then these queries answer the same for "trades" as for "native":
      | query                                                      |
      | select count(), sum(qty), sum(price) from {table}          |
      | select ts, count(), sum(qty) from {table} sample by 1d     |

  Scenario: a SIGKILL while a partition is uploading loses nothing, and the move completes after the restart
    Given the server runs as a separate process
    And the S3 store holds uploads
    And these SQL statements have run:
      """
      create table trades (ts timestamp, sym symbol, price double, qty long, note varchar) timestamp(ts) partition by day bypass wal
      insert into trades select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 3600000000L), rnd_symbol('AAA', 'BBB', 'CCC'), (x % 400) * 0.25, x, 'n' || (x % 7) from long_sequence(960)
      create table native as (select * from trades) timestamp(ts) partition by day bypass wal
      alter table trades convert partition to parquet where ts < '2024-02-04'
      """
    Then within 30 seconds the S3 store holds an upload
    When the server process is killed with SIGKILL
    And the S3 store lets uploads through
    And the server process starts again on the same root
    Then these queries answer the same for "trades" as for "native":
      | query                                                      |
      | select count(), sum(qty), sum(price) from {table}          |
      | select * from {table} where ts < '2024-01-10' |
    And within 60 seconds the Iceberg table "trades" on the S3 store has 9 data files and 216 records
    And these queries answer the same for "trades" as for "native":
      | query                                                      |
      | select count(), sum(qty), sum(price) from {table}          |
      | select ts, count(), sum(qty), last(note) from {table} sample by 1d |

  Scenario: wrong credentials fail the cold reads clearly and lose nothing; the right ones bring the rows back
    Given these SQL statements have run:
      """
      create table trades (ts timestamp, sym symbol, price double, qty long, note varchar) timestamp(ts) partition by day bypass wal
      insert into trades select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 3600000000L), rnd_symbol('AAA', 'BBB', 'CCC'), (x % 400) * 0.25, x, 'n' || (x % 7) from long_sequence(960)
      create table native as (select * from trades) timestamp(ts) partition by day bypass wal
      alter table trades convert partition to parquet where ts < '2024-02-04'
      """
    And within 60 seconds the Iceberg table "trades" on the S3 store has 9 data files and 216 records
    When the environment variable "SVC_COLD_STORE_SECRET_KEY" is "not-the-secret"
    And the server restarts
    And I query "select count(), sum(qty) from trades"
    Then the status is 503
    And the JSON field "error" starts with "cold storage s3://svc-cold/svc refused the credentials"
    When the environment variable "SVC_COLD_STORE_SECRET_KEY" is "S3RVER"
    And the server restarts
    Then these queries answer the same for "trades" as for "native":
      | query                                                      |
      | select count(), sum(qty), sum(price) from {table}          |

  Scenario: a missing bucket keeps every partition local and logs why
    Given the environment variable "SVC_COLD_STORE_BUCKET" is "no-such-bucket"
    And these SQL statements have run:
      """
      create table trades (ts timestamp, sym symbol, price double, qty long, note varchar) timestamp(ts) partition by day bypass wal
      insert into trades select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 3600000000L), rnd_symbol('AAA', 'BBB', 'CCC'), (x % 400) * 0.25, x, 'n' || (x % 7) from long_sequence(960)
      create table native as (select * from trades) timestamp(ts) partition by day bypass wal
      alter table trades convert partition to parquet where ts < '2024-02-04'
      """
    Then within 30 seconds the log has a line matching "could not move trades partition .* cold storage bucket does not exist: s3://no-such-bucket/svc"
    And these queries answer the same for "trades" as for "native":
      | query                                                      |
      | select count(), sum(qty), sum(price) from {table}          |
      | select ts, count(), sum(qty) from {table} sample by 1d     |

  Scenario: a corrupt object fails the queries that read it clearly; the rest of the table still answers
    Given these SQL statements have run:
      """
      create table trades (ts timestamp, sym symbol, price double, qty long, note varchar) timestamp(ts) partition by day bypass wal
      insert into trades select timestamp_sequence(to_timestamp('2024-01-01', 'yyyy-MM-dd'), 3600000000L), rnd_symbol('AAA', 'BBB', 'CCC'), (x % 400) * 0.25, x, 'n' || (x % 7) from long_sequence(960)
      create table native as (select * from trades) timestamp(ts) partition by day bypass wal
      alter table trades convert partition to parquet where ts < '2024-02-04'
      """
    And within 60 seconds the Iceberg table "trades" on the S3 store has 9 data files and 216 records
    And the server restarts
    When the cold object of day 1 (oldest first) of the table "trades" is cut to 100 bytes on the S3 store
    And I query "select sum(qty) from trades"
    Then the status is 502
    And the JSON field "error" starts with "cold storage object is corrupt"
    When the cold object of day 2 (oldest first) of the table "trades" is overwritten with other bytes of the same size on the S3 store
    And I query "select sum(qty) from trades where ts in '2024-01-02'"
    Then the status is 502
    And the JSON field "error" starts with "cold storage object is corrupt"
    And these queries answer the same for "trades" as for "native":
      | query                                                                                    |
      | select count(), sum(qty) from {table} where ts >= '2024-01-03' |
