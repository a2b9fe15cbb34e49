Feature: PostgreSQL wire protocol: statements from node-postgres
  The PostgreSQL listener (pg.net.bind.to, default 0.0.0.0:8812) speaks protocol 3.0 over the same SQL
  engine and storage as /exec. Every column type has a PostgreSQL type OID, text as PostgreSQL prints it,
  and a binary form; NULL is NULL.

  Background:
    Given a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE all_types (ts TIMESTAMP, b BOOLEAN, bt BYTE, sh SHORT, i INT, l LONG, f FLOAT, d DOUBLE, s SYMBOL, str STRING, vc VARCHAR, c CHAR, dt DATE, u UUID, ip IPV4, bin BINARY, g GEOHASH(4c), l256 LONG256) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO all_types VALUES ('2024-01-02T03:04:05.123456Z', true, 7, -300, 42, 9007199254740993, 1.5, 0.1, 'sym', 'text', 'varché', 'x', '2024-01-02T00:00:00.000Z', '11111111-2222-3333-4444-555555555555', '10.0.0.1', null, 'u33d', '0x01ff')
      INSERT INTO all_types (ts) VALUES ('2024-01-03')
      """

  Scenario: a simple query describes every column type and sends rows in PostgreSQL's text format
    When the PostgreSQL client runs "SELECT * FROM all_types"
    Then the PostgreSQL column types are "ts:timestamp, b:bool, bt:int2, sh:int2, i:int4, l:int8, f:float4, d:float8, s:varchar, str:varchar, vc:varchar, c:bpchar, dt:timestamp, u:uuid, ip:varchar, bin:bytea, g:varchar, l256:varchar"
    And the command tag is "SELECT 2"
    And the rows are:
      | ts                         | b | bt | sh   | i    | l                | f    | d    | s    | str  | vc     | c    | dt                  | u                                    | ip       | bin  | g    | l256  |
      | 2024-01-02 03:04:05.123456 | t | 7  | -300 | 42   | 9007199254740993 | 1.5  | 0.1  | sym  | text | varché | x    | 2024-01-02 00:00:00 | 11111111-2222-3333-4444-555555555555 | 10.0.0.1 | NULL | u33d | 0x01ff |
      | 2024-01-03 00:00:00        | f | 0  | 0    | NULL | NULL             | NULL | NULL | NULL | NULL | NULL   | NULL | NULL                | NULL                                 | NULL     | NULL | NULL | NULL  |

  Scenario: binary results decode to the same values
    When Python runs:
      """
      import psycopg
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb") as conn:
          cur = conn.cursor(binary=True)
          cur.execute("SELECT ts, b, bt, sh, i, l, f, d, s, vc, c, dt, u, bin, ip FROM all_types")
          print(set(cur.pgresult.fformat(i) for i in range(cur.pgresult.nfields)))
          for row in cur.fetchall():
              print(repr(row))
      """
    Then it prints:
      """
      {1}
      (datetime.datetime(2024, 1, 2, 3, 4, 5, 123456), True, 7, -300, 42, 9007199254740993, 1.5, 0.1, 'sym', 'varché', 'x', datetime.datetime(2024, 1, 2, 0, 0), UUID('11111111-2222-3333-4444-555555555555'), None, '10.0.0.1')
      (datetime.datetime(2024, 1, 3, 0, 0), False, 0, 0, None, None, None, None, None, None, None, None, None, None, None)
      """

  Scenario: DECIMAL is numeric with its scale and TIMESTAMP_NS is timestamp to the microsecond
    Given the PostgreSQL client has run:
      """
      CREATE TABLE exact (ts TIMESTAMP, ns TIMESTAMP_NS, price DECIMAL(12, 2)) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO exact VALUES ('2024-01-02', '2024-01-02T03:04:05.123456789Z', 12.5m), ('2024-01-02', '2024-01-02T03:04:06Z', -0.07m), ('2024-01-02', null, null)
      """
    When the PostgreSQL client runs "SELECT ns, price FROM exact"
    Then the PostgreSQL column types are "ns:timestamp, price:numeric"
    And the rows are:
      | ns                         | price |
      | 2024-01-02 03:04:05.123456 | 12.50 |
      | 2024-01-02 03:04:06        | -0.07 |
      | NULL                       | NULL  |
    When Python runs:
      """
      import psycopg
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb") as conn:
          for row in conn.cursor(binary=True).execute("SELECT ns, price FROM exact").fetchall():
              print(repr(row))
      """
    Then it prints:
      """
      (datetime.datetime(2024, 1, 2, 3, 4, 5, 123456), Decimal('12.50'))
      (datetime.datetime(2024, 1, 2, 3, 4, 6), Decimal('-0.07'))
      (None, None)
      """
    When the PostgreSQL client runs "SELECT price FROM exact WHERE price > $1 AND ns < $2" with the parameters "[\"1.25\", \"2024-01-02T03:04:05.5Z\"]"
    Then the rows are:
      | price |
      | 12.50 |

  Scenario: parameters of every type are inferred from the columns they meet and stored as those types
    When the PostgreSQL client runs "INSERT INTO all_types VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)" with the parameters "[\"2024-01-05 01:02:03.5\", \"t\", \"8\", \"-301\", \"43\", \"9007199254740995\", \"2.5\", \"1e-7\", \"sym2\", \"str2\", \"vc2\", \"y\", \"2024-01-05\", \"11111111-2222-3333-4444-555555555556\", \"10.0.0.2\", \"\\x0102ff\", \"u33e\", \"0x02\"]"
    Then the command tag is "INSERT 0 1"
    When the PostgreSQL client runs "SELECT * FROM all_types WHERE ts = $1 AND b = $2 AND l = $3 AND u = $4 AND ip = $5 AND c = $6 AND s = $7" with the parameters "[\"2024-01-05T01:02:03.500Z\", true, \"9007199254740995\", \"11111111-2222-3333-4444-555555555556\", \"10.0.0.2\", \"y\", \"sym2\"]"
    Then the rows are:
      | ts                    | b | bt | sh   | i  | l                | f   | d     | s    | str  | vc  | c | dt                  | u                                    | ip       | bin        | g    | l256 |
      | 2024-01-05 01:02:03.5 | t | 8  | -301 | 43 | 9007199254740995 | 2.5 | 1e-07 | sym2 | str2 | vc2 | y | 2024-01-05 00:00:00 | 11111111-2222-3333-4444-555555555556 | 10.0.0.2 | \x0102ff   | u33e | 0x02 |

  Scenario: a prepared statement runs again with other values
    When the PostgreSQL client runs "SELECT count() n FROM all_types WHERE i > $1 OR i IS NULL" with the parameters "[0]"
    Then the rows are:
      | n |
      | 2 |
    When the PostgreSQL client runs "SELECT count() n FROM all_types WHERE i > $1 OR i IS NULL" with the parameters "[100]"
    Then the rows are:
      | n |
      | 1 |

  Scenario: a parameter that does not convert to its type is an error with SQLSTATE 22P02
    When the PostgreSQL client runs "SELECT * FROM all_types WHERE i = $1" with the parameters "[\"forty-two\"]"
    Then the PostgreSQL error is "inconvertible value: `forty-two` [STRING -> INT] for bind variable $1" with SQLSTATE "22P02"

  Scenario: several statements in one simple query answer one result each
    When the PostgreSQL client runs "SELECT 1 a; SELECT 'x' b; SELECT count() n FROM all_types"
    Then the rows are:
      | n |
      | 2 |

  Scenario: a syntax error names SQLSTATE 42601 and the position of the offending token
    When the PostgreSQL client runs "SELECT * FROM all_types WHERE i = = 1"
    Then the PostgreSQL error position is 35
    And the PostgreSQL error is "unexpected token [=]" with SQLSTATE "42601"

  Scenario: a missing table is SQLSTATE 42P01 at the table name
    When the PostgreSQL client runs "SELECT * FROM nope"
    Then the PostgreSQL error is "table does not exist [table=nope]" with SQLSTATE "42P01"
    And the PostgreSQL error position is 15

  Scenario: rows inserted over PostgreSQL are visible to /exec at once
    When the PostgreSQL client runs "INSERT INTO all_types (ts, i) VALUES ('2024-01-06', 99)"
    And I query "SELECT i FROM all_types WHERE i = 99"
    Then the dataset is "[[99]]"

  Scenario: SET and SHOW work on the session's settings
    When the PostgreSQL client runs "SET application_name = 'dash'"
    And the PostgreSQL client runs "SHOW application_name"
    Then the rows are:
      | application_name |
      | dash             |
    When the PostgreSQL client runs "SHOW TRANSACTION ISOLATION LEVEL"
    Then the rows are:
      | transaction_isolation |
      | read committed        |

  Scenario: /exec without a value for $1 names the parameter (QuestDB, without bind values on /exec, says "bind variable service is not provided")
    When I query "SELECT $1"
    Then the status is 400
    And the JSON field "error" starts with "no value for bind variable $1"
    And the JSON field "position" is "7"
