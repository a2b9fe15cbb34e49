Feature: Only the null sentinel itself is NULL
  A LONG, DATE, TIMESTAMP or TIMESTAMP_NS is NULL when it holds exactly -2^63 (an INT at -2^31). Its
  neighbours are values like any other and every output prints them: −2^63+1, a common sentinel in user
  data, and the values up to −2^63+1024 whose double approximation is −2^63 itself.

  Background:
    Given these SQL statements have run:
      """
      create table edge (k int, l long, t timestamp, tn timestamp_ns, d date, i int)
      insert into edge values (1, null, null, null, null, null)
      insert into edge values (2, -9223372036854775807L, cast(-9223372036854775807L as timestamp), cast(-9223372036854775807L as timestamp_ns), cast(-9223372036854775807L as date), -2147483647)
      insert into edge values (3, -9223372036854775296L, cast(-9223372036854775296L as timestamp), cast(-9223372036854775296L as timestamp_ns), cast(-9223372036854775296L as date), -2147483646)
      insert into edge values (4, -9223372036854774784L, cast(-9223372036854774784L as timestamp), cast(-9223372036854774784L as timestamp_ns), cast(-9223372036854774784L as date), 2147483647)
      insert into edge values (5, 9223372036854775807L, cast(9223372036854775807L as timestamp), cast(9223372036854775807L as timestamp_ns), cast(9223372036854775807L as date), 0)
      """

  Scenario: /exec prints every neighbour exactly
    When I query "select l, t, tn, d, i from edge order by k"
    Then the status is 200
    And the dataset is:
      """
      [[null,null,null,null,null],[-9223372036854775807,"-290308-12-21T19:59:05.224193Z","1677-09-21T00:12:43.145224193Z","-292275055-05-16T16:47:04.193Z",-2147483647],[-9223372036854775296,"-290308-12-21T19:59:05.224704Z","1677-09-21T00:12:43.145224704Z","-292275055-05-16T16:47:04.704Z",-2147483646],[-9223372036854774784,"-290308-12-21T19:59:05.225216Z","1677-09-21T00:12:43.145225216Z","-292275055-05-16T16:47:05.216Z",2147483647],[9223372036854775807,"294247-01-10T04:00:54.775807Z","2262-04-11T23:47:16.854775807Z","292278994-08-17T07:12:55.807Z",0]]
      """

  Scenario: /exp CSV leaves only the sentinel empty
    When I GET "/exp?query=select%20l,%20t,%20tn,%20d,%20i%20from%20edge%20order%20by%20k" on the API listener
    Then the status is 200
    And the CSV body is:
      """
      "l","t","tn","d","i"
      ,,,,
      -9223372036854775807,"-290308-12-21T19:59:05.224193Z","1677-09-21T00:12:43.145224193Z","-292275055-05-16T16:47:04.193Z",-2147483647
      -9223372036854775296,"-290308-12-21T19:59:05.224704Z","1677-09-21T00:12:43.145224704Z","-292275055-05-16T16:47:04.704Z",-2147483646
      -9223372036854774784,"-290308-12-21T19:59:05.225216Z","1677-09-21T00:12:43.145225216Z","-292275055-05-16T16:47:05.216Z",2147483647
      9223372036854775807,"294247-01-10T04:00:54.775807Z","2262-04-11T23:47:16.854775807Z","292278994-08-17T07:12:55.807Z",0
      """

  Scenario: /exp NDJSON prints the neighbours as /exec does
    When I GET "/exp?query=select%20l,%20t,%20d%20from%20edge%20where%20k%20%3C%204%20order%20by%20k&fmt=ndjson" on the API listener
    Then the status is 200
    And the body is:
      """
      {"l":null,"t":null,"d":null}
      {"l":-9223372036854775807,"t":"-290308-12-21T19:59:05.224193Z","d":"-292275055-05-16T16:47:04.193Z"}
      {"l":-9223372036854775296,"t":"-290308-12-21T19:59:05.224704Z","d":"-292275055-05-16T16:47:04.704Z"}

      """

  Scenario: /exp Parquet and Arrow keep the neighbours as values
    When I GET "/exp?query=select%20l,%20t%20from%20edge%20order%20by%20k&fmt=parquet" on the API listener
    Then DuckDB reads column "l" of the body as "-9223372036854775807,-9223372036854775296,-9223372036854774784,9223372036854775807"
    When I GET "/exp?query=select%20l%20from%20edge%20order%20by%20k&fmt=arrow" on the API listener
    Then the Arrow body column "l" holds "null,-9223372036854775807,-9223372036854775296,-9223372036854774784,9223372036854775807"

  Scenario: SQL counts, groups and casts the neighbours as values
    When I query "select count(l), count(t), count(d), count_distinct(l) from edge"
    Then the dataset is "[[4,4,4,4]]"
    When I query "select l, count() c from edge group by l order by l"
    Then the dataset is "[[null,1],[-9223372036854775807,1],[-9223372036854775296,1],[-9223372036854774784,1],[9223372036854775807,1]]"
    When I query "select l::double, l::string from edge where k = 2"
    Then the dataset is "[[-9.223372036854776E18,\"-9223372036854775807\"]]"

  Scenario: PostgreSQL text results are NULL only at the sentinel
    Given a PostgreSQL client connected as "admin" with password "quest"
    When the PostgreSQL client runs "select k, l, t is null tnull, i from edge order by k"
    Then the rows are:
      | k | l                    | tnull | i           |
      | 1 | NULL                 | t     | NULL        |
      | 2 | -9223372036854775807 | f     | -2147483647 |
      | 3 | -9223372036854775296 | f     | -2147483646 |
      | 4 | -9223372036854774784 | f     | 2147483647  |
      | 5 | 9223372036854775807  | f     | 0           |
    When Python runs:
      """
      import psycopg
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb") as conn:
          for binary in (False, True):
              res = conn.cursor(binary=binary).execute("SELECT l, t, tn, d FROM edge ORDER BY k").pgresult
              print(binary, [[res.get_value(r, c) is None for c in range(4)] for r in range(res.ntuples)])
      """
    Then it prints:
      """
      False [[True, True, True, True], [False, False, False, False], [False, False, False, False], [False, False, False, False], [False, False, False, False]]
      True [[True, True, True, True], [False, False, False, False], [False, False, False, False], [False, False, False, False], [False, False, False, False]]
      """

  Scenario: UUID, LONG256, DECIMAL and IPv4 are NULL only when every part holds the sentinel
    Given these SQL statements have run:
      """
      create table wide (k int, u uuid, h long256, de decimal(18,2), i ipv4)
      insert into wide values (1, null, null, null, null)
      insert into wide values (2, '80000000-0000-0000-8000-000000000001', '0x8000000000000000800000000000000080000000000000008000000000000001', 9999999999999999.99m, '0.0.0.1')
      insert into wide values (3, '80000000-0000-0001-8000-000000000000', '0x8000000000000001800000000000000080000000000000008000000000000000', -9999999999999999.99m, '255.255.255.255')
      """
    When I GET "/exp?query=select%20k,%20u,%20h,%20de,%20i%20from%20wide%20order%20by%20k" on the API listener
    Then the CSV body is:
      """
      "k","u","h","de","i"
      1,,,,
      2,80000000-0000-0000-8000-000000000001,0x8000000000000000800000000000000080000000000000008000000000000001,9999999999999999.99,0.0.0.1
      3,80000000-0000-0001-8000-000000000000,0x8000000000000001800000000000000080000000000000008000000000000000,-9999999999999999.99,255.255.255.255
      """
    When I query "select k, u is null, h is null, de is null, i is null from wide order by k"
    Then the dataset is "[[1,true,true,true,true],[2,false,false,false,false],[3,false,false,false,false]]"
