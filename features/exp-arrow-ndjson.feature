Feature: /exp answers Arrow IPC streams and NDJSON
  Besides csv and parquet, GET /exp takes fmt=arrow (an Arrow IPC stream, record batches as the query
  produces them) and fmt=ndjson (one JSON object per row, values as /exec prints them).

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE t (ts TIMESTAMP, s SYMBOL, i INT, l LONG, d DOUBLE, v VARCHAR, b BOOLEAN, c CHAR, ip IPV4, u UUID) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO t VALUES ('2024-01-01T00:00:00.000001Z', 'a', 1, 9007199254740993, 1.5, 'x', true, 'C', '10.0.0.1', '0c4e51bf-7c47-43f3-9a31-2b3b0b8e1c1a')
      INSERT INTO t VALUES ('2024-01-01T00:00:01.000000Z', null, null, null, null, null, false, null, null, null)
      """

  Scenario: fmt=arrow maps every type and marks nulls
    When I GET "/exp?query=t&fmt=arrow&filename=t" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/vnd.apache.arrow.stream"
    And the header "Content-Disposition" is "attachment; filename=\"t.arrows\""
    And the Arrow body has 2 rows and the fields "ts:Timestamp<MICROSECOND, UTC>, s:Dictionary<Int32, Utf8>, i:Int32, l:Int64, d:Float64, v:Utf8, b:Bool, c:Utf8, ip:Utf8, u:FixedSizeBinary[16]"
    And the Arrow body column "ts" holds "1704067200000.001,1704067201000"
    And the Arrow body column "s" holds "a,null"
    And the Arrow body column "l" holds "9007199254740993,null"
    And the Arrow body column "d" holds "1.5,null"
    And the Arrow body column "ip" holds "10.0.0.1,null"
    And the Arrow body column "u" holds "0c4e51bf7c4743f39a312b3b0b8e1c1a,null"

  Scenario: an empty result is a stream with the schema and no rows
    When I GET "/exp?query=t%20where%20i%20%3D%2042&fmt=arrow" on the API listener
    Then the Arrow body has 0 rows and the fields "ts:Timestamp<MICROSECOND, UTC>, s:Dictionary<Int32, Utf8>, i:Int32, l:Int64, d:Float64, v:Utf8, b:Bool, c:Utf8, ip:Utf8, u:FixedSizeBinary[16]"

  Scenario: a bad Arrow option is a 400 before any byte
    When I GET "/exp?query=t&fmt=arrow&arrow_batch_rows=0" on the API listener
    Then the status is 400
    And the JSON value at "error" is "invalid arrow_batch_rows:0, expected 1..16777216"

  Scenario: fmt=ndjson prints one object per row, values as /exec prints them
    When I GET "/exp?query=select%20ts,%20s,%20l,%20d,%20v,%20b%20from%20t&fmt=ndjson" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/x-ndjson"
    And the body is:
      """
      {"ts":"2024-01-01T00:00:00.000001Z","s":"a","l":9007199254740993,"d":1.5,"v":"x","b":true}
      {"ts":"2024-01-01T00:00:01.000000Z","s":null,"l":null,"d":null,"v":null,"b":false}

      """

  Scenario: a million rows read back identically through apache-arrow, arrow-rs and DuckDB
    Given these SQL statements have run:
      """
      CREATE TABLE big AS (SELECT timestamp_sequence('2024-01-01', 1000) ts, rnd_symbol('s1','s2','s3', null) sym, rnd_double(2) d, rnd_int(0, 1000000, 2) i, rnd_long(0, 10000000000, 2) l, rnd_str(3, 8, 2) v FROM long_sequence(1000000)) TIMESTAMP(ts)
      """
    When I GET "/exp?query=big&fmt=arrow" on the API listener
    Then arrow-rs and DuckDB read the Arrow body as the CSV export of "big" comparing "epoch_us(ts), sym, d, i, l, v"
