Feature: GET /exp exports a query result as CSV or Parquet
  CSV and Parquet with every Parquet option; the wire details as QuestDB sends them.
  Every option is checked before the first byte: a bad value is a 400 {query,error,position}.

  Scenario: a missing query is a 400
    When I GET "/exp" on the API listener
    Then the status is 400
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the body is "{\"query\":\"\",\"error\":\"No query text\",\"position\":0}"

  Scenario: an unknown fmt is a 400 naming it
    When I GET "/exp?query=select%201&fmt=xml" on the API listener
    Then the status is 400
    And the body is "{\"query\":\"select 1\",\"error\":\"unrecognised format [format=xml]\",\"position\":0}"

  Scenario Outline: a bad Parquet option is a 400 with the reason
    When I GET "/exp?query=select%201&fmt=parquet&<option>" on the API listener
    Then the status is 400
    And the body contains "<reason>"

    Examples:
      | option                                   | reason                                                                      |
      | compression_codec=LZO                    | invalid compression codec[LZO], expected one of: uncompressed, snappy, gzip, brotli, zstd, lz4_raw |
      | compression_codec=LZ4                    | invalid compression codec[LZ4]                                              |
      | compression_codec=GZIP&compression_level=10 | invalid compression level:10                                             |
      | compression_level=x                      | invalid compression level:x                                                 |
      | row_group_size=x                         | invalid row group size:x                                                    |
      | row_group_size=-1                        | invalid row group size:-1                                                   |
      | data_page_size=abc                       | invalid data page size:abc                                                  |
      | parquet_version=3                        | invalid parquet version: 3, supported versions: 1, 2                        |
      | statistics_enabled=maybe                 | invalid statistics_enabled:maybe, expected true or false                    |
      | bloom_filter_fpp=2                       | bloom_filter_fpp must be between 0 and 1 (exclusive): 2                     |
      | partition_by=CENTURY                     | invalid partition_by:CENTURY                                                |

  Scenario: a bad CSV delimiter is a 400
    When I GET "/exp?query=select%201&delimiter=ab" on the API listener
    Then the status is 400
    And the body contains "invalid delimiter [delimiter=ab]"

  Scenario: a timeout that is not a number is ignored, as QuestDB ignores it
    When I GET "/exp?query=select%201%20x&timeout=soon" on the API listener
    Then the status is 200
    And the CSV body has the lines "\"x\",1"

  Scenario: fmt is case-insensitive
    When I GET "/exp?query=select%201%20x&fmt=CSV" on the API listener
    Then the status is 200
    And the header "Content-Type" is "text/csv; charset=utf-8"
    When I GET "/exp?query=select%201%20x&fmt=Parquet" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/vnd.apache.parquet"
    When I GET "/exp?query=select%201%20x&fmt=XML" on the API listener
    Then the status is 400
    And the body contains "unrecognised format [format=XML]"

  Scenario: a Parquet file has QuestDB's schema details
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, b BOOLEAN, v INT, s SYMBOL) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO t VALUES ('2024-01-01T00:00:00.000000Z', true, 1, 'a')
      """
    When I GET "/exp?query=t&fmt=parquet" on the API listener
    Then the Parquet schema of the body is ":-, ts:REQUIRED, b:OPTIONAL, v:OPTIONAL, s:OPTIONAL; version 1"
    When I GET "/exp?query=select%20v,%20b%20from%20t&fmt=parquet&parquet_version=2" on the API listener
    Then the Parquet schema of the body is ":-, v:OPTIONAL, b:OPTIONAL; version 2"
    When I GET "/exp?query=select%20v,%20b%20from%20t&fmt=parquet&parquet_version=1" on the API listener
    Then the Parquet schema of the body is ":-, v:OPTIONAL, b:OPTIONAL; version 1"

  Scenario: a CSV export has a quoted header, CRLF lines and QuestDB's headers
    Given the SQL statements ran:
      """
      CREATE TABLE trades (ts TIMESTAMP, sym SYMBOL, price DOUBLE, qty INT, note VARCHAR) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO trades VALUES ('2024-01-01T00:00:00.000000Z', 'A', 10.5, 1, 'x"y'), ('2024-01-01T01:00:00.000000Z', 'B', 100.0, NULL, NULL), ('2024-01-02T00:00:00.000000Z', 'A', 0.25, 3, 'z')
      """
    When I GET "/exp?query=select%20*%20from%20trades" on the API listener
    Then the status is 200
    And the headers start in the order "Server, Date, Transfer-Encoding, Content-Type, Content-Disposition, Keep-Alive"
    And the header "Content-Type" is "text/csv; charset=utf-8"
    And the header "Content-Disposition" matches "^attachment; filename=\"svc-query-\d{13}\.csv\"$"
    And the CSV body is:
      """
      "ts","sym","price","qty","note"
      "2024-01-01T00:00:00.000000Z","A",10.5,1,"x""y"
      "2024-01-01T01:00:00.000000Z","B",100.0,,
      "2024-01-02T00:00:00.000000Z","A",0.25,3,"z"
      """

  Scenario: nm=true leaves out the header line
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO t VALUES ('2024-01-01T00:00:00.000000Z', 1), ('2024-01-01T00:00:01.000000Z', 2)
      """
    When I GET "/exp?query=select%20v%20from%20t&nm=true" on the API listener
    Then the CSV body is:
      """
      1
      2
      """

  Scenario Outline: limit selects rows: n, m,n (1-based, inclusive), m, and -n
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO t VALUES ('2024-01-01T00:00:00.000000Z', 1), ('2024-01-01T00:00:01.000000Z', 2), ('2024-01-01T00:00:02.000000Z', 3), ('2024-01-01T00:00:03.000000Z', 4), ('2024-01-01T00:00:04.000000Z', 5)
      """
    When I GET "/exp?query=select%20v%20from%20t&nm=true&limit=<limit>" on the API listener
    Then the status is 200
    And the CSV body has the lines "<rows>"

    Examples:
      | limit | rows    |
      | 2     | 1,2     |
      | 2,4   | 2,3,4   |
      | 0,2   | 1,2     |
      | -2    | 4,5     |
      | 4,    | 4,5     |

  Scenario Outline: filename names the attachment once
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY
      """
    When I GET "/exp?query=select%20*%20from%20t&<params>" on the API listener
    Then the header "Content-Disposition" is "<disposition>"

    Examples:
      | params                     | disposition                                 |
      | filename=trades            | attachment; filename=\"trades.csv\"         |
      | filename=x.csv             | attachment; filename=\"x.csv\"              |
      | filename=t&fmt=parquet     | attachment; filename=\"t.parquet\"          |

  Scenario: only SELECT is exported
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY
      """
    When I GET "/exp?query=insert%20into%20t%20values(now(),%201)" on the API listener
    Then the status is 400
    And the body is "{\"query\":\"insert into t values(now(), 1)\",\"error\":\"/exp endpoint only accepts SELECT\",\"position\":0}"

  Scenario: a SQL error is a 400 with its position
    When I GET "/exp?query=select%20*%20from%20nosuch" on the API listener
    Then the status is 400
    And the body is "{\"query\":\"select * from nosuch\",\"error\":\"table does not exist [table=nosuch]\",\"position\":14}"

  Scenario: HEAD answers the head without a body
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY
      """
    When I send HEAD "/exp?query=select%20*%20from%20t" to the API listener
    Then the status is 200
    And the header "Content-Type" is "text/csv; charset=utf-8"
    And the body is empty

  Scenario: a Parquet export is a file DuckDB reads, with the options applied
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, sym SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO t VALUES ('2024-01-01T00:00:00.000000Z', 'a', 1.5), ('2024-01-01T12:00:00.000000Z', 'b', 2.5), ('2024-01-02T00:00:00.000000Z', 'a', 3.5), ('2024-01-03T00:00:00.000000Z', 'c', 4.5)
      """
    When I GET "/exp?query=select%20*%20from%20t&fmt=parquet&compression_codec=SNAPPY&partition_by=DAY" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/vnd.apache.parquet"
    And the header "Content-Disposition" matches "^attachment; filename=\"svc-query-\d{13}\.parquet\"$"
    And DuckDB reads the body as Parquet with 4 rows
    And DuckDB reads column "sym" of the body as "a,b,a,c"
    And the Parquet body has 3 row groups compressed with SNAPPY

  Scenario: row_group_size=0 writes one row group, a positive size cuts the rows into groups of that size
    Given the SQL statements ran:
      """
      CREATE TABLE g AS (SELECT x, timestamp_sequence('2024-01-01', 1000000) ts FROM long_sequence(2500)) TIMESTAMP(ts) PARTITION BY DAY
      """
    When I GET "/exp?query=g&fmt=parquet&row_group_size=0" on the API listener
    Then the status is 200
    And DuckDB reads the body as Parquet with 2500 rows
    And the Parquet body has 1 row groups compressed with ZSTD
    When I GET "/exp?query=g&fmt=parquet&row_group_size=1000" on the API listener
    Then the Parquet body has 3 row groups compressed with ZSTD

  Scenario: limit applies to Parquet too
    Given the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO t VALUES ('2024-01-01T00:00:00.000000Z', 1), ('2024-01-01T00:00:01.000000Z', 2), ('2024-01-01T00:00:02.000000Z', 3)
      """
    When I GET "/exp?query=select%20v%20from%20t&fmt=parquet&limit=-2" on the API listener
    Then DuckDB reads column "v" of the body as "2,3"

  Scenario: a format plugin from docs/plugins.md serves fmt=jsonl-example
    Given the example plugin "jsonl-export-plugin.js" is copied to the root as "plugins/jsonl.js"
    And the SQL statements ran:
      """
      CREATE TABLE t (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO t VALUES ('2024-01-01T00:00:00.000000Z', 7)
      """
    When I GET "/exp?query=select%20*%20from%20t&fmt=jsonl-example&filename=out" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/jsonl; charset=utf-8"
    And the header "Content-Disposition" is "attachment; filename=\"out.jsonl\""
    And the body is "{\"ts\":\"2024-01-01T00:00:00.000000Z\",\"v\":7}\n"

  Scenario: a query still running at its timeout is a 400 when no data was sent yet
    When I GET "/exp?query=select%20x%20from%20long_sequence(500000000)%20where%20x%20%3C%200&timeout=0.2" on the API listener
    Then the status is 400
    And the body matches "timeout, query aborted \[fd=\d+, runtime=\d+ms, timeout=200ms\]"

  Scenario: an error after data started closes the connection
    When I GET "/exp?query=select%20x,%20x*2.5%20d%20from%20long_sequence(20000000)&timeout=2" on the API listener and the server may cut the response
    Then the connection was closed before the response ended
