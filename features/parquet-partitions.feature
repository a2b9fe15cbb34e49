Feature: Parquet partitions
  A partition can be kept as one Parquet file instead of column files: `ALTER TABLE … CONVERT PARTITION TO
  PARQUET` and back `TO NATIVE`, by LIST or WHERE (QuestDB's syntax), or in the background once partitions
  are older than the table's `parquetConvertAfter`. A Parquet partition answers every query as the native
  one did, takes writes, and `table_partitions()` shows where each partition lives and its file's size.

  Scenario: partitions convert to Parquet and back by LIST, and table_partitions() shows their tier and file size
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    When I query "ALTER TABLE trades CONVERT PARTITION TO PARQUET LIST '2024-01-01', '2024-01-03T10:00:00'"
    Then the status is 200
    And the body is "{\"ddl\":\"OK\"}"
    And these queries answer the datasets:
      | query                                                                                                | dataset                                                                                                                                 |
      | SELECT name, numRows, isParquet, tier FROM table_partitions('trades')                                | [["2024-01-01",48,true,"parquet"],["2024-01-02",48,false,"native"],["2024-01-03",48,true,"parquet"],["2024-01-04",48,false,"native"],["2024-01-05",8,false,"native"]] |
      | SELECT count() FROM table_partitions('trades') WHERE isParquet AND parquetFileSize = diskSize AND diskSize > 0 | [[2]]                                                                                                                           |
      | SELECT count() FROM table_partitions('trades') WHERE NOT isParquet AND parquetFileSize = -1          | [[3]]                                                                                                                                   |
      | SELECT count(), sum(l), min(ts), max(ts) FROM trades                                                 | [[200,8424534,"2024-01-01T00:00:00.000000Z","2024-01-05T03:30:00.000000Z"]]                                                             |
    When I query "ALTER TABLE trades CONVERT PARTITION TO NATIVE LIST '2024-01-03', '2024-01-04'"
    Then these queries answer the datasets:
      | query                                                        | dataset                                                                                                     |
      | SELECT name, tier FROM table_partitions('trades')            | [["2024-01-01","parquet"],["2024-01-02","native"],["2024-01-03","native"],["2024-01-04","native"],["2024-01-05","native"]] |

  Scenario: partitions convert by WHERE on the designated timestamp, the newest one included
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    When I query "ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE ts >= '2024-01-04'"
    Then these queries answer the datasets:
      | query                                                                 | dataset                                                  |
      | SELECT name FROM table_partitions('trades') WHERE isParquet           | [["2024-01-04"],["2024-01-05"]]                          |
    When I query "ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE ts < '2024-01-03' OR ts IN '2024-01-05'"
    And I query "ALTER TABLE trades CONVERT PARTITION TO NATIVE WHERE ts IN '2024-01-02'"
    Then these queries answer the datasets:
      | query                                                                 | dataset                                                  |
      | SELECT name FROM table_partitions('trades') WHERE isParquet           | [["2024-01-01"],["2024-01-04"],["2024-01-05"]]           |

  Scenario: a table with Parquet partitions answers every kind of query exactly as the same table kept native
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      ALTER TABLE trades CONVERT PARTITION TO PARQUET LIST '2024-01-01', '2024-01-02', '2024-01-04', '2024-01-05'
      CREATE TABLE quotes AS (SELECT timestamp_sequence('2024-01-01T00:10', 3600000000L) ts, rnd_symbol('a', 'b', 'c') s, rnd_double() bid FROM long_sequence(100)) TIMESTAMP(ts) PARTITION BY DAY
      """
    Then these queries answer the same on "trades" as on "native" through /exec, /exp in every format and PostgreSQL:
      | query                                                                                                          |
      | SELECT * FROM TABLE                                                                                            |
      | SELECT * FROM TABLE ORDER BY ts DESC LIMIT 25                                                                  |
      | SELECT * FROM TABLE WHERE ts IN '2024-01-02T05;3h' OR ts BETWEEN '2024-01-04T10' AND '2024-01-05T01'           |
      | SELECT ts, s, d, str FROM TABLE WHERE s = 'b' AND d > 0.3                                                      |
      | SELECT ts, s, vc, ip, u, g5, dec FROM TABLE WHERE s IN ('a', 'c') AND ts > '2024-01-01T12'                      |
      | SELECT ts, count(), sum(l), avg(d), min(f), max(i), first(str), last(vc) FROM TABLE SAMPLE BY 6h               |
      | SELECT ts, s, avg(d) FROM TABLE SAMPLE BY 1d FILL(PREV) ALIGN TO CALENDAR                                      |
      | SELECT * FROM TABLE LATEST ON ts PARTITION BY s                                                                |
      | SELECT s, count(), sum(i), sum(l), avg(f), min(dt), max(t2), count_distinct(ch) FROM TABLE GROUP BY s ORDER BY s |
      | SELECT b, by, count() FROM TABLE GROUP BY b, by ORDER BY b, by                                                  |
      | SELECT ts, s, d, row_number() OVER (PARTITION BY s ORDER BY ts), sum(d) OVER (ORDER BY ts ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) FROM TABLE |
      | SELECT TABLE.ts, TABLE.s, TABLE.d, q.bid FROM TABLE ASOF JOIN quotes q ON (s)                                  |
      | SELECT TABLE.ts, TABLE.d, q.bid FROM TABLE LT JOIN quotes q                                                    |
      | SELECT sh, ch, l256, bin, g3b, arr, arr[1] FROM TABLE WHERE ts IN '2024-01-04'                                 |
      | SELECT count() FROM TABLE WHERE ts IN '2024-01-03'                                                              |

  Scenario: an interval query reads only the row groups it needs from a Parquet partition
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And the environment variable "SVC_CAIRO_PARTITION_ENCODER_PARQUET_ROW_GROUP_SIZE" is "10"
    And the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE ts >= 0
      """
    Then the query "SELECT sum(d) FROM trades WHERE ts IN '2024-01-03T04:00;30m'" reads less than 2 percent of the Parquet bytes of "trades"
    And these queries answer the datasets:
      | query                                                                       | dataset   |
      | SELECT count() FROM trades WHERE ts IN '2024-01-03T04:00;30m'               | [[1]]     |
      | SELECT count() FROM native WHERE ts IN '2024-01-03T04:00;30m'               | [[1]]     |

  Scenario: rows written into Parquet partitions are merged and the partitions stay Parquet
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE ts >= 0
      INSERT INTO trades (ts, s, d, i) VALUES ('2024-01-01T00:15:00', 'late', 1.5, 1), ('2024-01-03T23:59:59', 'late', 2.5, 2), ('2024-01-05T12:00:00', 'new', 3.5, 3)
      INSERT INTO native (ts, s, d, i) VALUES ('2024-01-01T00:15:00', 'late', 1.5, 1), ('2024-01-03T23:59:59', 'late', 2.5, 2), ('2024-01-05T12:00:00', 'new', 3.5, 3)
      INSERT INTO trades SELECT * FROM native WHERE ts IN '2024-01-02T10'
      INSERT INTO native SELECT * FROM native WHERE ts IN '2024-01-02T10'
      """
    Then these queries answer the datasets:
      | query                                                                           | dataset                                                                                                           |
      | SELECT name, numRows, tier FROM table_partitions('trades')                      | [["2024-01-01",49,"parquet"],["2024-01-02",50,"parquet"],["2024-01-03",49,"parquet"],["2024-01-04",48,"parquet"],["2024-01-05",9,"parquet"]] |
      | SELECT ts, s, d FROM trades WHERE s IN ('late', 'new')                          | [["2024-01-01T00:15:00.000000Z","late",1.5],["2024-01-03T23:59:59.000000Z","late",2.5],["2024-01-05T12:00:00.000000Z","new",3.5]] |
    And these queries answer the same on "trades" as on "native" through /exec, /exp in every format and PostgreSQL:
      | query                                   |
      | SELECT * FROM TABLE                     |

  Scenario: UPDATE and DEDUP apply to rows of Parquet partitions, which stay Parquet
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      ALTER TABLE trades CONVERT PARTITION TO PARQUET LIST '2024-01-02'
      ALTER TABLE trades DEDUP ENABLE UPSERT KEYS(ts, s)
      ALTER TABLE native DEDUP ENABLE UPSERT KEYS(ts, s)
      """
    When I query "UPDATE trades SET d = 42.5 WHERE ts IN '2024-01-02' AND s = 'a'"
    Then the JSON field "updated" is "7"
    When I query "UPDATE native SET d = 42.5 WHERE ts IN '2024-01-02' AND s = 'a'"
    Then the JSON field "updated" is "7"
    Given these SQL statements have run:
      """
      INSERT INTO trades (ts, s, d) SELECT ts, s, -1.0 FROM native WHERE ts IN '2024-01-02T06;2h'
      INSERT INTO native (ts, s, d) SELECT ts, s, -1.0 FROM native WHERE ts IN '2024-01-02T06;2h'
      """
    Then these queries answer the datasets:
      | query                                                                                 | dataset                             |
      | SELECT count() FROM trades WHERE ts IN '2024-01-02' AND d = 42.5                       | [[7]]                               |
      | SELECT count(), sum(d) FROM trades WHERE ts IN '2024-01-02T06;2h'                      | [[4,-4.0]]                          |
      | SELECT name, numRows, tier FROM table_partitions('trades') WHERE name = '2024-01-02'   | [["2024-01-02",48,"parquet"]]       |
    And these queries answer the same on "trades" as on "native" through /exec, /exp in every format and PostgreSQL:
      | query                                   |
      | SELECT * FROM TABLE                     |

  Scenario: DROP PARTITION, column changes and TRUNCATE work with Parquet partitions
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE ts < '2024-01-04'
      ALTER TABLE trades DROP PARTITION LIST '2024-01-02'
      ALTER TABLE native DROP PARTITION LIST '2024-01-02'
      ALTER TABLE trades ADD COLUMN extra LONG
      ALTER TABLE native ADD COLUMN extra LONG
      ALTER TABLE trades DROP COLUMN i
      ALTER TABLE native DROP COLUMN i
      ALTER TABLE trades RENAME COLUMN l TO qty
      ALTER TABLE native RENAME COLUMN l TO qty
      INSERT INTO trades (ts, s, qty, extra) VALUES ('2024-01-01T01:01:01', 'x', 7, 8)
      INSERT INTO native (ts, s, qty, extra) VALUES ('2024-01-01T01:01:01', 'x', 7, 8)
      """
    Then these queries answer the same on "trades" as on "native" through /exec, /exp in every format and PostgreSQL:
      | query                                                    |
      | SELECT * FROM TABLE                                      |
      | SELECT s, sum(qty), count(extra) FROM TABLE ORDER BY s   |
    And these queries answer the datasets:
      | query                                                              | dataset                                                                 |
      | SELECT name, tier FROM table_partitions('trades')                  | [["2024-01-01","parquet"],["2024-01-03","parquet"],["2024-01-04","native"],["2024-01-05","native"]] |
    When I query "TRUNCATE TABLE trades"
    Then these queries answer the datasets:
      | query                                                              | dataset |
      | SELECT count() FROM trades                                         | [[0]]   |
      | SELECT count() FROM table_partitions('trades')                     | [[0]]   |

  Scenario: bad conversions are refused with QuestDB's errors and change nothing
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      CREATE TABLE flat (ts TIMESTAMP, v INT)
      CREATE TABLE undesignated (ts TIMESTAMP, v INT)
      """
    Then these queries fail with the error at the position:
      | query                                                                            | error                                                                                   | position |
      | ALTER TABLE trades CONVERT PARTITION TO PARQUET LIST '2024-01-09'                 | cannot convert partition to parquet, partition does not exist [table=trades, partition=2024-01-09] | 53 |
      | ALTER TABLE trades CONVERT PARTITION TO PARQUET LIST '2024-01-01', '2023-12-31'   | cannot convert partition to parquet, partition does not exist [table=trades, partition=2023-12-31] | 67 |
      | ALTER TABLE trades CONVERT PARTITION TO NATIVE LIST '2030-01-01'                  | cannot convert parquet partition to native, partition does not exist [table=trades, partition=2030-01-01] | 52 |
      | ALTER TABLE trades CONVERT PARTITION TO PARQUET LIST '2024-01'                    | 'yyyy-MM-dd' expected, found [ts=2024-01]                                               | 53       |
      | ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE ts > '2030-01-01'           | no partitions matched WHERE clause                                                      | 54       |
      | ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE d > 0.5                     | Invalid column: d                                                                       | 54       |
      | ALTER TABLE trades CONVERT PARTITION TO PARQUET WHERE ts                          | boolean expression expected                                                             | 54       |
      | ALTER TABLE trades CONVERT PARTITION TO CSV LIST '2024-01-01'                     | found [tok='CSV', len=3] 'parquet' or 'native' expected                                 | 40       |
      | ALTER TABLE flat CONVERT PARTITION TO PARQUET LIST '2024-01-01'                   | table is not partitioned                                                                | 38       |
      | ALTER TABLE undesignated CONVERT PARTITION TO PARQUET WHERE ts < '2024-01-01'     | table is not partitioned                                                                | 46       |
      | ALTER TABLE trades DROP PARTITION LIST '2024-02-01'                               | could not remove partition [table=trades, partitionTimestamp=2024-02-01T00:00:00.000000Z, partitionBy=DAY] | 39 |
      | ALTER TABLE nosuch CONVERT PARTITION TO PARQUET LIST '2024-01-01'                 | table does not exist [table=nosuch]                                                     | 12       |
    And these queries answer the datasets:
      | query                                                                    | dataset |
      | SELECT count() FROM table_partitions('trades') WHERE isParquet           | [[0]]   |
      | SELECT count() FROM trades                                               | [[200]] |

  Scenario: a damaged Parquet partition file fails the queries that read it clearly and loses nothing else
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      ALTER TABLE trades CONVERT PARTITION TO PARQUET LIST '2024-01-02', '2024-01-03'
      """
    And the Parquet file of partition "2024-01-02" of "trades" is overwritten with garbage of the same size
    When I query "SELECT count(), sum(d) FROM trades"
    Then the status is 500
    And the JSON field "error" starts with "could not read Parquet partition [table=trades, partition=2024-01-02, file=2024-01-02."
    When I query "ALTER TABLE trades CONVERT PARTITION TO NATIVE LIST '2024-01-02'"
    Then the status is 500
    And these queries answer the datasets:
      | query                                                                          | dataset                                      |
      | SELECT count() FROM trades WHERE ts NOT IN '2024-01-02'                        | [[152]]                                      |
      | SELECT name, tier FROM table_partitions('trades') WHERE isParquet              | [["2024-01-02","parquet"],["2024-01-03","parquet"]] |
    And the folder of table "trades" holds exactly one folder per partition

  Scenario: partitions older than the table's parquetConvertAfter are converted in the background
    Given the environment variable "SVC_CAIRO_PARTITION_PARQUET_CONVERT_INTERVAL" is "50ms"
    And the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      CREATE TABLE aged (ts TIMESTAMP, v LONG) TIMESTAMP(ts) PARTITION BY DAY WITH parquetConvertAfter = 2d
      INSERT INTO aged SELECT timestamp_sequence('2024-01-01', 3600000000L), x FROM long_sequence(120)
      """
    Then within 20000 ms the query "SELECT name FROM table_partitions('aged') WHERE isParquet" answers the dataset "[[\"2024-01-01\"],[\"2024-01-02\"]]"
    And these queries answer the datasets:
      | query                                                                  | dataset                                                     |
      | SELECT count(), sum(v) FROM aged                                       | [[120,7260]]                                                |
      | SELECT count() FROM table_partitions('trades') WHERE isParquet         | [[0]]                                                       |
    When I query "ALTER TABLE aged SET PARAM parquetConvertAfter = 1h"
    Then within 20000 ms the query "SELECT count() FROM table_partitions('aged') WHERE isParquet" answers the dataset "[[4]]"
    When I query "SHOW CREATE TABLE aged"
    Then the body contains "parquetConvertAfter=3600000000us"

  Scenario: the server default converts every table's old partitions; 0 keeps a table native
    Given the server.conf contains:
      """
      cairo.partition.parquet.convert.after=3d
      cairo.partition.parquet.convert.interval=50ms
      """
    And the tables "trades" and "native" hold the same 200 rows of every column type
    And these SQL statements have run:
      """
      ALTER TABLE native SET PARAM parquetConvertAfter = 0
      """
    Then within 20000 ms the query "SELECT name FROM table_partitions('trades') WHERE isParquet" answers the dataset "[[\"2024-01-01\"]]"
    And these queries answer the datasets:
      | query                                                                  | dataset |
      | SELECT count() FROM table_partitions('native') WHERE isParquet         | [[0]]   |

  Scenario: a SIGKILL during conversions leaves each partition native or Parquet with every row
    Given the server runs as a separate process
    And these SQL statements have run:
      """
      CREATE TABLE big AS (SELECT timestamp_sequence('2024-01-01', 1000000L) ts, rnd_symbol('a', 'b') s, rnd_double() d, rnd_str(2, 6, 1) str FROM long_sequence(400000)) TIMESTAMP(ts) PARTITION BY HOUR
      CREATE TABLE big_native AS (SELECT * FROM big) TIMESTAMP(ts) PARTITION BY HOUR
      """
    When the server process is killed with SIGKILL during 6 conversions of "big" between Parquet and native, each within 1500 ms
    Then these queries answer the datasets:
      | query                                                                              | dataset |
      | SELECT count() FROM (SELECT * FROM big UNION ALL SELECT * FROM big_native) GROUP BY ts, s, d, str HAVING count() <> 2 | [] |
      | SELECT count() FROM big                                                            | [[400000]] |
    And the folder of table "big" holds exactly one folder per partition

  Scenario: read_parquet() reads a Parquet file under cairo.sql.copy.root and refuses paths outside it
    Given the tables "trades" and "native" hold the same 200 rows of every column type
    And DuckDB writes the root file "import/prices.parquet" as Parquet from:
      """
      SELECT range AS id, 'p' || range AS name, (range * 1.5)::DOUBLE AS price, TIMESTAMP '2024-01-01' + INTERVAL (range) HOUR AS ts FROM range(5)
      """
    When I GET "/exp?fmt=parquet&query=SELECT%20ts,%20s,%20ip,%20dec%20FROM%20native%20LIMIT%203" on the API listener
    And the answer is written to the root file "import/sub/own.parquet"
    And the root file "outside.parquet" contains:
      """
      not parquet
      """
    And the root file "import/broken.parquet" contains:
      """
      PAR1 and nothing else
      """
    Then these queries answer the datasets:
      | query                                                                            | dataset                                                                  |
      | SELECT id, name, price FROM read_parquet('prices.parquet') WHERE id > 2          | [[3,"p3",4.5],[4,"p4",6.0]]                                              |
      | SELECT count(), max(ts) FROM read_parquet('prices.parquet')                      | [[5,"2024-01-01T04:00:00.000000Z"]]                                      |
    And these queries answer the same on "read_parquet('sub/own.parquet')" as on "(SELECT dateadd('s', 0, ts) ts, s::varchar s, ip, dec FROM native LIMIT 3)" through /exec, /exp in every format and PostgreSQL:
      | query                |
      | SELECT * FROM TABLE  |
    And these queries fail with the error at the position:
      | query                                                        | error                                                                | position |
      | SELECT * FROM read_parquet('../outside.parquet')             | relative path is not allowed                                         | 27       |
      | SELECT * FROM read_parquet('nope.parquet')                   | failed to read parquet file: nope.parquet: file does not exist       | 27       |
      | SELECT * FROM read_parquet('broken.parquet')                 | failed to read parquet file: broken.parquet: not a Parquet file (no PAR1 at the end) | 27 |
      | SELECT * FROM read_parquet('')                               | parquet file path pattern is empty                                   | 27       |
