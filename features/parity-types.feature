Feature: QuestDB's types and literals, exact to the last digit
  LONG and TIMESTAMP stay exact beyond 2^53, TIMESTAMP_NS keeps nanoseconds, DECIMAL keeps up to 76
  digits, and LONG256, GEOHASH, arrays, NaN and EXPLAIN answer as QuestDB 9.4.4 answers them.

  Scenario: LONG values near ±2^63 and timestamps in 9999 round-trip exactly
    Given these SQL statements have run:
      """
      CREATE TABLE big (ts TIMESTAMP, l LONG) TIMESTAMP(ts) PARTITION BY YEAR
      INSERT INTO big VALUES ('9999-12-31T23:59:59.999999Z', 9223372036854775807), ('2024-01-01T00:00:00.000000Z', -9223372036854775807)
      """
    Then these queries answer the datasets:
      | query                                                                 | dataset                                                                                            |
      | SELECT ts, l FROM big                                                 | [["2024-01-01T00:00:00.000000Z",-9223372036854775807],["9999-12-31T23:59:59.999999Z",9223372036854775807]] |
      | SELECT l - 1, max(ts) FROM big WHERE l > 9223372036854775806          | [[9223372036854775806,"9999-12-31T23:59:59.999999Z"]]                                              |
      | SELECT 9007199254740993 + 0, 9007199254740993 = 9007199254740992      | [[9007199254740993,false]]                                                                         |

  Scenario: TIMESTAMP_NS prints nine fraction digits and DECIMAL prints its scale
    Given these SQL statements have run:
      """
      CREATE TABLE t (ts TIMESTAMP, tn TIMESTAMP_NS, d DECIMAL(76,10)) TIMESTAMP(ts)
      INSERT INTO t VALUES ('2024-01-01', '2024-01-01T00:00:00.123456789Z', 123456789012345678901234567890123456789012345678901234567890123.1234567891m)
      """
    When I query "SELECT tn, d, d * 2, 12.34m + 1.005m FROM t"
    Then the JSON field "columns" is "[{\"name\":\"tn\",\"type\":\"TIMESTAMP_NS\"},{\"name\":\"d\",\"type\":\"DECIMAL(76,10)\"},{\"name\":\"d * 2\",\"type\":\"DECIMAL(76,10)\"},{\"name\":\"12.34m + 1.005m\",\"type\":\"DECIMAL(6,3)\"}]"
    And the dataset is "[[\"2024-01-01T00:00:00.123456789Z\",\"123456789012345678901234567890123456789012345678901234567890123.1234567891\",\"246913578024691357802469135780246913578024691357802469135780246.2469135782\",\"13.345\"]]"

  Scenario: LONG256, GEOHASH and array literals, NaN and narrowing casts
    Then these queries answer the datasets:
      | query                                                                                   | dataset                                                          |
      | SELECT 0x00ff, #u33d, #u33d/18, ##0101, #u33d8b12zzzz                                    | [["0xff","u33d","110100001100011011","0101","u33d8b12zzzz"]]     |
      | SELECT ARRAY[[1.0, 2], [3, 4]] a, ARRAY[[1.0, 2], [3, 4]][1:, 2], ARRAY[1.0, 2, 3][2]     | [[[[1.0,2.0],[3.0,4.0]],[2.0,4.0],2.0]]                          |
      | SELECT array_sum(ARRAY[1.0, 2]), dim_length(ARRAY[[1.0], [2]], 1)                        | [[3.0,2]]                                                        |
      | SELECT NaN, cast(3e10 AS INT), cast(1e300 AS FLOAT), cast(-2.9 AS INT)                  | [[null,null,null,-2]]                                            |
      | SELECT interval('2024-01-01T00:00:00.123456Z', '2024-01-02')                             | [["('2024-01-01T00:00:00.123Z', '2024-01-02T00:00:00.000Z')"]]   |

  Scenario: narrowing a GEOHASH keeps its leading bits, in casts, columns and every write
    Given these SQL statements have run:
      """
      create table g (k int, g1 geohash(1c), g4 geohash(4c), g7 geohash(7b), g12 geohash(12c), g57 geohash(57b))
      insert into g values (1, #u33d8b12, #u33d8b12, #u33d8b12, #u33d8b12zzzz, #u33d8b12zzzz)
      insert into g (k, g1, g4, g7, g57) select 2, g12, g12, g12, g12 from g where k = 1
      insert into g (k, g12) values (3, #u33d8b12zzzz)
      update g set g1 = g12, g4 = g12, g7 = g57, g57 = g12 where k = 3
      """
    When I POST to "/write" the lines:
      """
      g k=4i,g1="u33d8b12",g4="u33d8b12",g7="u33d8b12",g57="u33d8b12zzzz"
      """
    And the file "g.csv" contains:
      """
      k,g1,g4,g7,g57
      5,u33d8b12,u33d8b12,u33d8b12,u33d8b12zzzz
      """
    And I import the file "g.csv" with "name=g"
    Then these queries answer the datasets:
      | query                                                                                                  | dataset                                                                                                                                       |
      | select cast(#u33d8b12 as geohash(1c)), cast(#u33d8b12 as geohash(4c)), #u33d8b12::geohash(7b)          | [["u","u33d","1101000"]]                                                                                                                     |
      | select cast(#u33d8b12zzzz as geohash(57b)), cast(cast(#u33d8b12zzzz as geohash(57b)) as geohash(11c))  | [["110100001100011011000100001010000010001011111111111111111","u33d8b12zzz"]]                                                            |
      | select cast(cast(null as geohash(1c)) as geohash(4c)), cast(cast(null as geohash(8c)) as geohash(2c))  | [[null,null]]                                                                                                                                 |
      | select k, g1, g4, g7, g57 from g order by k                                                            | [[1,"u","u33d","1101000","110100001100011011000100001010000010001011111111111111111"],[2,"u","u33d","1101000","110100001100011011000100001010000010001011111111111111111"],[3,"u","u33d",null,"110100001100011011000100001010000010001011111111111111111"],[4,"u","u33d","1101000","110100001100011011000100001010000010001011111111111111111"],[5,"u","u33d","1101000","110100001100011011000100001010000010001011111111111111111"]] |
    When I query "select cast(#u3 as geohash(4c))"
    Then the status is 400
    And the JSON field "error" is "\"CAST cannot decrease precision from GEOHASH(10b) to GEOHASH(20b)\""
    When I query "insert into g (k, g12) values (6, #u33d)"
    Then the status is 400
    And the JSON field "error" is "\"inconvertible types: GEOHASH(4c) -> GEOHASH(12c) [from=#u33d, to=g12]\""
    When I query "update g set g12 = g4"
    Then the status is 400
    And the JSON field "error" is "\"inconvertible types: GEOHASH(4c) -> GEOHASH(12c) [to=g12]\""

  Scenario: EXPLAIN answers the plan in a QUERY PLAN column
    Given these SQL statements have run:
      """
      CREATE TABLE trades (ts TIMESTAMP, symbol SYMBOL, price DOUBLE) TIMESTAMP(ts) PARTITION BY DAY
      """
    When I query "EXPLAIN SELECT symbol, avg(price) FROM trades"
    Then the JSON field "columns" is "[{\"name\":\"QUERY PLAN\",\"type\":\"STRING\"}]"
    And the dataset is "[[\"Project\"],[\"  GroupBy\"],[\"    Scan(trades)\"]]"

  Scenario: LONG256 prints in whole bytes in /exec and in CSV
    When I GET "/exp?query=SELECT%20cast('0x01fe'%20as%20long256)%20a,%20cast('0x00'%20as%20long256)%20b" on the API listener
    Then the status is 200
    And the CSV body is:
      """
      "a","b"
      0x01fe,0x00
      """
    When I GET "/exec?query=SELECT%20cast('0x01fe'%20as%20long256)%20a" on the API listener
    Then the body contains "[[\"0x01fe\"]]"

  Scenario: a number with an f or F suffix is a FLOAT literal, over /exec and PostgreSQL
    When I query "SELECT 1.5f g, 2F h, -0.25f n, 1e3f e, 1.5f * 2 m, 1.5f + 1.5 d, 1.5f"
    Then the JSON field "columns" is "[{\"name\":\"g\",\"type\":\"FLOAT\"},{\"name\":\"h\",\"type\":\"FLOAT\"},{\"name\":\"n\",\"type\":\"FLOAT\"},{\"name\":\"e\",\"type\":\"FLOAT\"},{\"name\":\"m\",\"type\":\"FLOAT\"},{\"name\":\"d\",\"type\":\"DOUBLE\"},{\"name\":\"1.5f\",\"type\":\"FLOAT\"}]"
    And the dataset is "[[1.5,2.0,-0.25,1000.0,3.0,3.0,1.5]]"
    Given these SQL statements have run:
      """
      CREATE TABLE fl (f FLOAT, d DOUBLE)
      INSERT INTO fl VALUES (1.5f, 2.5f), (0.1f, 0.1f)
      """
    Then these queries answer the datasets:
      | query                                   | dataset                               |
      | SELECT f, d FROM fl                     | [[1.5,2.5],[0.1,0.10000000149011612]] |
      | SELECT count() FROM fl WHERE f = 0.1f   | [[1]]                                 |
    When I query "SELECT 1e39f"
    Then the status is 400
    And the JSON field "error" is "\"invalid constant: 1e39f\""
    Given a PostgreSQL client connected as "admin" with password "quest"
    When the PostgreSQL client runs "SELECT 1.5f g, -2F h"
    Then the PostgreSQL column types are "g:float4, h:float4"
    And the rows are:
      | g   | h  |
      | 1.5 | -2 |

  Scenario: base64(bin, maxLength) encodes the first maxLength bytes of a BINARY value
    Given these SQL statements have run:
      """
      CREATE TABLE bins (id INT, bin BINARY)
      INSERT INTO bins VALUES (1, cast(E'\u0001\u0002\u0003ABC' AS binary)), (2, null), (3, cast('hello world' AS binary))
      """
    When I query "SELECT id, base64(bin, 100), base64(bin, 4) four, base64(bin, 1) one FROM bins"
    Then the JSON field "columns" is "[{\"name\":\"id\",\"type\":\"INT\"},{\"name\":\"base64(bin, 100)\",\"type\":\"STRING\"},{\"name\":\"four\",\"type\":\"STRING\"},{\"name\":\"one\",\"type\":\"STRING\"}]"
    And the dataset is "[[1,\"AQIDQUJD\",\"AQIDQQ==\",\"AQ==\"],[2,null,null,null],[3,\"aGVsbG8gd29ybGQ=\",\"aGVsbA==\",\"aA==\"]]"
    When I query "SELECT base64(bin, 0) FROM bins"
    Then the status is 400
    And the JSON field "error" is "\"maxLength has to be greater than 0\""
    And the JSON field "position" is "19"
    Given a PostgreSQL client connected as "admin" with password "quest"
    When the PostgreSQL client runs "SELECT base64(bin, 100) b FROM bins WHERE id = 1"
    Then the PostgreSQL column types are "b:varchar"
    And the rows are:
      | b        |
      | AQIDQUJD |
