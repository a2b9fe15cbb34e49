Feature: /imp takes Parquet and NDJSON files, and gzip-compressed uploads
  The upload's format comes from fmt (parquet, ndjson, csv; it combines with fmt=json, e.g.
  fmt=parquet,json), else from the file's first bytes (PAR1, a leading {) or its name (.parquet,
  .ndjson, .jsonl). The schema, timestamp, partitionBy and atomicity parameters work as for CSV, and the
  answer is the same import summary.

  Scenario: a Parquet file written by DuckDB imports with identical values
    Given DuckDB writes the Parquet file "trades.parquet" from:
      """
      SELECT TIMESTAMP '2024-01-01' + INTERVAL (i * 7) SECOND AS ts, 'SYM' || (i % 5) AS symbol, i * 0.25 AS price, i::INTEGER AS qty, (i * 1000000000000)::BIGINT AS big, CASE WHEN i % 10 = 0 THEN NULL ELSE 'n' || i END AS note FROM range(100000) t(i)
      """
    When I upload the kept file "trades.parquet" with "name=trades&timestamp=ts&partitionBy=DAY&fmt=json"
    Then the JSON value at "status" is "OK"
    And the JSON value at "rowsImported" is "100000"
    And the import columns are "ts TIMESTAMP, symbol VARCHAR, price DECIMAL(22,2), qty INT, big LONG, note VARCHAR"
    And DuckDB finds the rows of the kept file "trades.parquet" in the CSV export of "trades" comparing "epoch_us(ts), symbol, price, qty, big, note"

  Scenario: a table /imp creates with a partitionBy is a WAL table in every format, as CREATE TABLE makes one
    Given the file "w.csv" contains:
      """
      ts,v
      2024-01-01T00:00:00.000000Z,1.5
      """
    And the file "w.ndjson" contains:
      """
      {"ts":"2024-01-01T00:00:00.000000Z","v":1.5}
      """
    When I import the file "w.csv" with "name=csv_day&timestamp=ts&partitionBy=DAY"
    And I import the file "w.csv" with "name=csv_none&timestamp=ts"
    And I import the file "w.ndjson" with "name=ndjson_day&timestamp=ts&partitionBy=DAY"
    And I GET "/exp?query=csv_day&fmt=parquet" on the API listener
    And the answer is kept as the file "w.parquet"
    And I upload the kept file "w.parquet" with "name=parquet_day&timestamp=ts&partitionBy=HOUR&fmt=json"
    And I query "SELECT table_name, partitionBy, walEnabled FROM tables() ORDER BY table_name"
    Then the dataset is "[[\"csv_day\",\"DAY\",true],[\"csv_none\",\"NONE\",false],[\"ndjson_day\",\"DAY\",true],[\"parquet_day\",\"HOUR\",true]]"
    When I query "SELECT name FROM wal_tables() ORDER BY name"
    Then the dataset is "[[\"csv_day\"],[\"ndjson_day\"],[\"parquet_day\"]]"

  Scenario: with cairo.wal.enabled.default=false neither /imp nor the line protocol makes WAL tables
    Given the server.conf contains:
      """
      cairo.wal.enabled.default=false
      """
    And the file "w.csv" contains:
      """
      ts,v
      2024-01-01T00:00:00.000000Z,1.5
      """
    And the file "w.ndjson" contains:
      """
      {"ts":"2024-01-01T00:00:00.000000Z","v":1.5}
      """
    When I import the file "w.csv" with "name=csv_day&timestamp=ts&partitionBy=DAY"
    And I import the file "w.ndjson" with "name=ndjson_day&timestamp=ts&partitionBy=DAY"
    And I GET "/exp?query=csv_day&fmt=parquet" on the API listener
    And the answer is kept as the file "w.parquet"
    And I upload the kept file "w.parquet" with "name=parquet_day&timestamp=ts&partitionBy=DAY&fmt=json"
    And I write the lines:
      """
      ilp_day,host=a v=1.5 1700000000000000000
      """
    And I query "SELECT table_name, partitionBy, walEnabled FROM tables() ORDER BY table_name"
    Then the dataset is "[[\"csv_day\",\"DAY\",false],[\"ilp_day\",\"DAY\",false],[\"ndjson_day\",\"DAY\",false],[\"parquet_day\",\"DAY\",false]]"
    When I query "SELECT count() FROM wal_tables()"
    Then the dataset is "[[0]]"

  Scenario: a Parquet file svc exported imports back with its types, also into an existing table
    Given these SQL statements have run:
      """
      CREATE TABLE src AS (SELECT timestamp_sequence('2024-01-01', 60000000) ts, rnd_symbol('a','b') s, rnd_double() d, rnd_ipv4() ip, rnd_char() c FROM long_sequence(5000)) TIMESTAMP(ts) PARTITION BY DAY
      """
    When I GET "/exp?query=src&fmt=parquet" on the API listener
    And the answer is kept as the file "src.parquet"
    And I upload the kept file "src.parquet" with "name=copied&timestamp=ts&partitionBy=DAY&fmt=json"
    Then the import columns are "ts TIMESTAMP, s SYMBOL, d DOUBLE, ip IPv4, c CHAR"
    And DuckDB finds the rows of the kept file "src.parquet" in the CSV export of "copied" comparing "epoch_us(ts), s, d, ip, c"
    When I upload the kept file "src.parquet" with "name=copied&fmt=json"
    Then the JSON value at "rowsImported" is "5000"
    And the table "copied" holds 10000 rows

  Scenario: DOUBLE arrays of every dimension make the round trip through svc's own Parquet, their shapes kept
    Given these SQL statements have run:
      """
      CREATE TABLE arr (ts TIMESTAMP, a DOUBLE[], b DOUBLE[][], c DOUBLE[][][]) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO arr VALUES ('2024-01-01T00:00:00Z', ARRAY[1.0, 2.5, NaN], ARRAY[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], ARRAY[[[1.0], [2.0]], [[3.0], [4.0]]]), ('2024-01-01T00:00:01Z', null, null, null), ('2024-01-01T00:00:02Z', ARRAY[]::double[], ARRAY[[-0.5], [7.0]], ARRAY[[[1.5, 2.5, 3.5]]])
      """
    When I GET "/exp?query=arr&fmt=parquet" on the API listener
    Then DuckDB reads column "b" of the body as "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],[[-0.5], [7.0]]"
    And DuckDB reads column "c" of the body as "[[[1.0], [2.0]], [[3.0], [4.0]]],[[[1.5, 2.5, 3.5]]]"
    When the answer is kept as the file "arr.parquet"
    And I upload the kept file "arr.parquet" with "name=arr_copy&timestamp=ts&fmt=json"
    Then the JSON value at "rowsImported" is "3"
    And the import columns are "ts TIMESTAMP, a ARRAY, b ARRAY, c ARRAY"
    When I GET "/exec?query=select%20a,%20b,%20c%20from%20arr_copy" on the API listener
    Then the JSON value at "columns" is "[{\"name\":\"a\",\"type\":\"ARRAY\",\"dim\":1,\"elemType\":\"DOUBLE\"},{\"name\":\"b\",\"type\":\"ARRAY\",\"dim\":2,\"elemType\":\"DOUBLE\"},{\"name\":\"c\",\"type\":\"ARRAY\",\"dim\":3,\"elemType\":\"DOUBLE\"}]"
    And the dataset is "[[[1.0,2.5,null],[[1.0,2.0,3.0],[4.0,5.0,6.0]],[[[1.0],[2.0]],[[3.0],[4.0]]]],[null,null,null],[[],[[-0.5],[7.0]],[[[1.5,2.5,3.5]]]]]"
    When I upload the kept file "arr.parquet" with "name=arr_copy&fmt=json"
    Then the table "arr_copy" holds 6 rows

  Scenario: Parquet lists of numbers from DuckDB import as DOUBLE arrays, a ragged one as a bad value
    Given DuckDB writes the Parquet file "lists.parquet" from:
      """
      SELECT i AS n, [i * 0.5, i + 1.0] AS flat, [[i, i + 1], [i + 2, i + 3]] AS grid, CASE WHEN i = 2 THEN [[1.0], [2.0, 3.0]] ELSE [[i * 1.0], [i + 1.0]] END AS ragged FROM range(3) t(i)
      """
    When I upload the kept file "lists.parquet" with "name=lists&fmt=json"
    Then the import columns are "n LONG, flat ARRAY, grid ARRAY, ragged ARRAY (1 errors)"
    When I GET "/exec?query=select%20flat,%20grid,%20ragged%20from%20lists" on the API listener
    Then the dataset is "[[[0.0,1.0],[[0.0,1.0],[2.0,3.0]],[[0.0],[1.0]]],[[0.5,2.0],[[1.0,2.0],[3.0,4.0]],[[1.0],[2.0]]],[[1.0,3.0],[[2.0,3.0],[4.0,5.0]],null]]"

  Scenario: decimals and nanosecond timestamps keep every digit, from DuckDB's files and from svc's own
    Given DuckDB writes the Parquet file "fine.parquet" from:
      """
      SELECT TIMESTAMP '2024-01-01' AS ts, 12.34::DECIMAL(10,2) AS m, -123456789012345678901234567890.12345::DECIMAL(38,5) AS w, NULL::DECIMAL(4,1) AS z
      """
    When I upload the kept file "fine.parquet" with "name=fine&timestamp=ts&fmt=json"
    Then the import columns are "ts TIMESTAMP, m DECIMAL(10,2), w DECIMAL(38,5), z DECIMAL(4,1)"
    When I GET "/exec?query=select%20m,%20w,%20z%20from%20fine" on the API listener
    Then the JSON value at "dataset.0" is "[\"12.34\",\"-123456789012345678901234567890.12345\",null]"
    Given these SQL statements have run:
      """
      CREATE TABLE ns (ts TIMESTAMP, n TIMESTAMP_NS, m DECIMAL(40,3)) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO ns VALUES ('2024-01-01T00:00:00Z', '2024-01-01T00:00:00.123456789Z', -1234567890123456789012345678901234567.125m)
      INSERT INTO ns VALUES ('2024-01-01T00:00:01Z', null, null)
      """
    When I GET "/exp?query=ns&fmt=parquet" on the API listener
    And the answer is kept as the file "ns.parquet"
    And I upload the kept file "ns.parquet" with "name=ns_copy&timestamp=ts&fmt=json"
    Then the import columns are "ts TIMESTAMP, n TIMESTAMP_NS, m DECIMAL(40,3)"
    When I GET "/exec?query=select%20n,%20m%20from%20ns_copy" on the API listener
    Then the JSON value at "dataset" is "[[\"2024-01-01T00:00:00.123456789Z\",\"-1234567890123456789012345678901234567.125\"],[null,null]]"

  Scenario: 64-bit values keep every digit: LONG next to its NULL, timestamps after 2255 in every unit
    Given DuckDB writes the Parquet file "wide.parquet" from:
      """
      SELECT TIMESTAMP '2024-01-01' AS ts, (-9223372036854775807)::BIGINT AS l, 9223372036854775807::BIGINT AS h, TIMESTAMP '9999-12-31 23:59:59.999999' AS t, make_timestamp_ns(9223372036854775806) AS n, '9999-12-31 23:59:59.999'::TIMESTAMP_MS AS m, '9999-12-31 23:59:59'::TIMESTAMP_S AS s
      """
    When I upload the kept file "wide.parquet" with "name=wide&timestamp=ts&fmt=json"
    Then the import columns are "ts TIMESTAMP, l LONG, h LONG, t TIMESTAMP, n TIMESTAMP, m TIMESTAMP, s TIMESTAMP"
    When I GET "/exec?query=select%20l,%20h,%20t,%20n,%20m,%20s,%20l%20is%20null%20from%20wide" on the API listener
    Then the dataset is "[[-9223372036854775807,9223372036854775807,\"9999-12-31T23:59:59.999999Z\",\"2262-04-11T23:47:16.854775Z\",\"9999-12-31T23:59:59.999000Z\",\"9999-12-31T23:59:59.000000Z\",false]]"

  Scenario: fmt=parquet,json names the format of a file with any name, and schema overrides a type
    Given DuckDB writes the Parquet file "upload.bin" from:
      """
      SELECT 'k' || (i % 3) AS key, i AS n FROM range(10) t(i)
      """
    When I upload the kept file "upload.bin" with "name=keyed&fmt=parquet,json"
    Then the import columns are "key VARCHAR, n LONG"

  Scenario: NDJSON imports with types from the values and its rows in any key order
    Given the file "rows.ndjson" contains:
      """
      {"ts":"2024-01-01T00:00:00.000000Z","host":"a","cpu":0.5,"n":1,"up":true}
      {"n":2,"up":false,"cpu":null,"host":"b\u00e9","ts":"2024-01-01T00:00:01.000000Z","tags":["x"]}
      """
    When I import the file "rows.ndjson" with "name=metrics&timestamp=ts&fmt=json"
    Then the JSON value at "status" is "OK"
    And the import columns are "ts TIMESTAMP, host VARCHAR, cpu DOUBLE, n INT, up BOOLEAN, tags VARCHAR"
    And the table "metrics" holds the rows:
      | ts                          | host | cpu  | n | up    | tags  |
      | 2024-01-01T00:00:00.000000Z | a    | 0.5  | 1 | true  | null  |
      | 2024-01-01T00:00:01.000000Z | bé   | null | 2 | false | ["x"] |

  Scenario: a gzip-compressed upload is decompressed as it streams
    Given the file "rows.ndjson" contains:
      """
      {"k":"a","v":1}
      {"k":"b","v":2}
      """
    And the file "rows.ndjson" is kept for upload
    When I upload the kept file "rows.ndjson" gzipped with "name=gz&fmt=json"
    Then the JSON value at "rowsImported" is "2"

  Scenario Outline: bad files are refused with a clear status and leave nothing behind
    Given DuckDB writes the Parquet file "ok.parquet" from:
      """
      SELECT i AS n FROM range(100000) t(i)
      """
    And DuckDB writes the Parquet file "nested.parquet" from:
      """
      SELECT 1 AS a, {'x': 1, 'y': 'q'} AS s, MAP {'k': 1} AS m
      """
    And the file "truncated.parquet" is the first 20000 bytes of "ok.parquet"
    When I upload the kept file "<file>" with "name=bad&fmt=json"
    Then the status is 200
    And the JSON field "status" starts with "<status>"
    And storage has no table "bad"

    Examples:
      | file              | status                                                                  |
      | truncated.parquet | invalid Parquet file [table=bad]                                        |
      | nested.parquet    | unsupported Parquet column type [column=s, type=Struct<{x:Int32, y:Utf8}> |

  Scenario: NDJSON whose key changes type is refused, naming the key and the lines
    Given the file "mixed.ndjson" contains:
      """
      {"a":1}
      {"a":"x"}
      """
    When I import the file "mixed.ndjson" with "name=mixed&fmt=json"
    Then the JSON value at "status" is "mixed types for key \"a\": integer at line 1, string at line 2 [table=mixed]; give its type in the schema"
    And storage has no table "mixed"

  Scenario: a value that does not fit aborts the whole Parquet import with atomicity=abort
    Given DuckDB writes the Parquet file "wide.parquet" from:
      """
      SELECT i * 1000000 AS n FROM range(3000) t(i)
      """
    When I upload the kept file "wide.parquet" with "name=narrow&atomicity=abort&fmt=json" and the schema:
      """
      [{"name": "n", "type": "INT"}]
      """
    Then the JSON value at "status" is "could not parse value [line=2149, column=n, type=INT, table=narrow]"
    And the table "narrow" holds 0 rows

  Scenario: bytes that are not what Content-Encoding says are a request-level failure
    When I POST "/imp?name=z&fmt=json" with the content type "multipart/form-data; boundary=x", claiming gzip encoding, and the body:
      """
      not gzip at all
      """
    Then the status is 200
    And the JSON value at "status" is "invalid gzip request body [incorrect header check]"
    And storage has no table "z"
