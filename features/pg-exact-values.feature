Feature: PostgreSQL wire: values at the edges of their types come back exactly
  A value is sent as it is stored, in text and in binary format: 64-bit values beyond 2^53 (a GEOHASH of
  more than 53 bits, a TIMESTAMP after 2255) are never rounded through a double, a FLOAT -0.0 keeps its
  sign. TIMESTAMP_NS is described as PostgreSQL's timestamp, which holds microseconds, as QuestDB 9.4.4
  describes it: its text and binary forms carry its microseconds (rounded down), exactly. Parameters are
  stored exactly too: a TIMESTAMP as text after 2255, a binary timestamp into a DATE column (whose
  parameter is described as timestamp), a DOUBLE[] as array text.

  Background:
    Given a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE edges (ts TIMESTAMP, t TIMESTAMP, ns TIMESTAMP_NS, dt DATE, f FLOAT, g GEOHASH(12c), gb GEOHASH(60b), a DOUBLE[], a2 DOUBLE[][]) TIMESTAMP(ts) PARTITION BY DAY
      """

  Scenario: the largest values of TIMESTAMP, TIMESTAMP_NS, DATE and GEOHASH and a FLOAT -0.0 come back exactly in text and in binary format
    Given the PostgreSQL client has run:
      """
      INSERT INTO edges (ts, t, ns, dt, f, g, gb) VALUES ('2024-01-01', '9999-12-31T23:59:59.999999Z', '2262-04-11T23:47:16.854775807Z', '9999-12-31T23:59:59.999Z', -0.0, #u33d8b12x0jq, ##100001011001001010011110010010000110011001010110001000001110)
      INSERT INTO edges (ts, t, ns, dt, f, g, gb) VALUES ('2024-01-02', '2300-01-01T00:00:00.000001Z', '1677-09-21T00:12:43.145224193Z', '0001-01-01T00:00:00.001Z', 0.0, #zzzzzzzzzzzz, ##111111111111111111111111111111111111111111111111111111111111)
      """
    When the PostgreSQL client runs "SELECT t, ns, dt, f, g, gb FROM edges"
    Then the rows are:
      | t                          | ns                         | dt                      | f  | g            | gb                                                           |
      | 9999-12-31 23:59:59.999999 | 2262-04-11 23:47:16.854775 | 9999-12-31 23:59:59.999 | -0 | u33d8b12x0jq | 100001011001001010011110010010000110011001010110001000001110 |
      | 2300-01-01 00:00:00.000001 | 1677-09-21 00:12:43.145224 | 0001-01-01 00:00:00.001 | 0  | zzzzzzzzzzzz | 111111111111111111111111111111111111111111111111111111111111 |
    When Python runs:
      """
      import psycopg
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb") as conn:
          for row in conn.cursor(binary=True).execute("SELECT t, ns, dt, f, g, gb FROM edges").fetchall():
              print(repr(row))
      """
    Then it prints:
      """
      (datetime.datetime(9999, 12, 31, 23, 59, 59, 999999), datetime.datetime(2262, 4, 11, 23, 47, 16, 854775), datetime.datetime(9999, 12, 31, 23, 59, 59, 999000), -0.0, 'u33d8b12x0jq', '100001011001001010011110010010000110011001010110001000001110')
      (datetime.datetime(2300, 1, 1, 0, 0, 0, 1), datetime.datetime(1677, 9, 21, 0, 12, 43, 145224), datetime.datetime(1, 1, 1, 0, 0, 0, 1000), 0.0, 'zzzzzzzzzzzz', '111111111111111111111111111111111111111111111111111111111111')
      """

  Scenario: a TIMESTAMP parameter in text after 2255 is stored exactly
    When the PostgreSQL client runs "INSERT INTO edges (ts, t, dt) VALUES ('2024-01-01', $1, $2)" with the parameters "[\"9999-12-31T23:59:59.999999Z\", \"9999-12-31 23:59:59.999999\"]"
    Then the command tag is "INSERT 0 1"
    When the PostgreSQL client runs "SELECT t, dt FROM edges WHERE t = $1" with the parameters "[\"9999-12-31T23:59:59.999999Z\"]"
    Then the rows are:
      | t                          | dt                      |
      | 9999-12-31 23:59:59.999999 | 9999-12-31 23:59:59.999 |

  Scenario: a binary timestamp bound to a DATE or TIMESTAMP_NS column is converted from its microseconds
    When the PostgreSQL client runs "INSERT INTO edges (ts, dt) VALUES ('2024-01-01', $1)" with the timestamp "9999-12-31T23:59:59.999999Z" as an untyped binary parameter
    And the PostgreSQL client runs "INSERT INTO edges (ts, dt) VALUES ('2024-01-02', $1)" with the timestamp "1969-12-31T23:59:59.999999Z" as an untyped binary parameter
    And the PostgreSQL client runs "INSERT INTO edges (ts, ns) VALUES ('2024-01-03', $1)" with the timestamp "2262-04-11T23:47:16.854775Z" as an untyped binary parameter
    And the PostgreSQL client runs "SELECT dt, ns FROM edges"
    Then the rows are:
      | dt                      | ns                         |
      | 9999-12-31 23:59:59.999 | NULL                       |
      | 1969-12-31 23:59:59.999 | NULL                       |
      | NULL                    | 2262-04-11 23:47:16.854775 |

  Scenario: a DOUBLE[] parameter in PostgreSQL's array text is stored as the array
    When the PostgreSQL client runs "INSERT INTO edges (ts, a, a2) VALUES ('2024-01-01', $1, $2)" with the parameters "[\"{1.0,2.0}\", \"{{1,-0.5},{1e300,NaN}}\"]"
    Then the command tag is "INSERT 0 1"
    When the PostgreSQL client runs "INSERT INTO edges (ts, a) VALUES ('2024-01-02', $1)" with the parameters "[\"{ 1.5, -2 }\"]"
    Then the command tag is "INSERT 0 1"
    When the PostgreSQL client runs "SELECT a, a2 FROM edges"
    Then the rows are:
      | a        | a2                        |
      | {1,2}    | {{1,-0.5},{1e+300,NULL}} |
      | {1.5,-2} | NULL                      |
