Feature: INSERT refuses values that do not fit their column
  A value is converted to its column's type when the statement runs; one that does not fit is an error,
  never a wrapped number, and the statement leaves nothing behind.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE t (ts TIMESTAMP, b BYTE, s SHORT, i INT, l LONG, f FLOAT, bo BOOLEAN, ip IPV4) TIMESTAMP(ts) PARTITION BY DAY
      """

  Scenario: boundary values are stored, one past them is refused
    Given these SQL statements have run:
      """
      INSERT INTO t (ts, b, s, i, l, f) VALUES ('2024-01-01', 127, 32767, 2147483647, 9223372036854775807, 3.4028234663852886E38)
      INSERT INTO t (ts, b, s, i, l, f) VALUES ('2024-01-02', -128, -32768, -2147483647, -9223372036854775807, -1.5)
      """
    Then these queries fail with the error at the position:
      | query                                                        | error                                               | position |
      | INSERT INTO t (ts, b) VALUES ('2024-01-03', 128)             | inconvertible value: 128 [INT -> BYTE]              | 0        |
      | INSERT INTO t (ts, s) VALUES ('2024-01-03', -32769)          | inconvertible value: -32769 [INT -> SHORT]          | 0        |
      | INSERT INTO t (ts, i) VALUES ('2024-01-03', 3000000000)      | inconvertible value: 3000000000 [LONG -> INT]       | 0        |
      | INSERT INTO t (ts, f) VALUES ('2024-01-03', 3.4028235E38)    | inconvertible value: 3.4028235E38 [DOUBLE -> FLOAT] | 0        |
      | INSERT INTO t (ts, i) VALUES ('2024-01-03', 'abc')           | inconvertible value: `abc` [STRING -> INT]          | 0        |
      | INSERT INTO t (ts, ip) VALUES ('2024-01-03', 'abc')          | invalid IPv4 format: abc                            | 0        |
      | INSERT INTO t (ts, bo) VALUES ('2024-01-03', 'abc')          | inconvertible types: STRING -> BOOLEAN [from='abc', to=bo] | 45 |
      | INSERT INTO t (ts, i) VALUES (1.5, 1)                        | inconvertible types: DOUBLE -> TIMESTAMP [from=1.5, to=ts] | 30 |
      | INSERT INTO t (ts, i) VALUES (NULL, 1)                       | designated timestamp column cannot be NULL          | 30       |
      | INSERT INTO t (i) VALUES (1)                                 | insert statement must populate timestamp            | 0        |
      | INSERT INTO t (ts, i) VALUES ('2024-01-03', 1), ('2024-01-04') | row value count does not match column count [expected=2, actual=1, tuple=2] | 61 |
    When I query "SELECT b, s, i, l, f FROM t"
    Then the dataset is "[[127,32767,2147483647,9223372036854775807,3.4028235E38],[-128,-32768,-2147483647,-9223372036854775807,-1.5]]"

  Scenario: an explicit cast still wraps, and WITH feeds INSERT … SELECT
    Given these SQL statements have run:
      """
      INSERT INTO t (ts, i) VALUES ('2024-01-01', cast(3000000000 AS INT))
      WITH c AS (SELECT x FROM long_sequence(2)) INSERT INTO t (ts, i) SELECT '2024-01-02', x FROM c
      """
    When I query "SELECT i FROM t"
    Then the dataset is "[[-1294967296],[1],[2]]"
