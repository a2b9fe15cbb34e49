Feature: The calls QuestDB's own web console makes
  A user can point QuestDB's console bundle at svc (put it in the public directory): these are the requests
  it sends, with the parameters it adds to every query (`count=true&src=con&timings=true&version=2`), and the
  answers it reads. /settings preferences (PUT and POST with versions) are in console.feature. Its
  `api/v1/sql/validate?query=…` (as you type, and before it runs a shared link) compiles a statement and runs
  nothing.

  Background:
    Given the SQL statements ran:
      """
      create table trades (ts timestamp, sym symbol, price double) timestamp(ts) partition by DAY WAL;
      insert into trades values ('2024-01-01T00:00:00.000000Z', 'a', 1.5)
      """

  Scenario: the connection check and the build query with the console's parameters
    When I query "SELECT 1" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the dataset is "[[1]]"
    And the JSON keys are "query,columns,timestamp,dataset,count,timings"
    When I query "select build" with "limit=0,1000&count=true&src=con&timings=true&version=2"
    Then the JSON field "columns" is "[{\"name\":\"build\",\"type\":\"STRING\"}]"
    When I query "select current_user()" with "count=true&src=con&timings=true&version=2"
    Then the dataset is "[[\"admin\"]]"

  Scenario: the schema tree lists tables with a trailing semicolon, and one table's details
    When I query "tables();" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the body contains "{\"name\":\"table_name\",\"type\":\"STRING\"},{\"name\":\"designatedTimestamp\",\"type\":\"STRING\"},{\"name\":\"partitionBy\",\"type\":\"STRING\"},{\"name\":\"walEnabled\",\"type\":\"BOOLEAN\"}"
    And the body contains "\"trades\",\"ts\",\"DAY\",true"
    When I query "tables() where table_name = 'trades';" with "count=true&src=con&timings=true&version=2"
    Then the dataset has 1 rows

  Scenario: the columns of a table with SHOW COLUMNS FROM '<table>';
    When I query "SHOW COLUMNS FROM 'trades';" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"column\",\"type\":\"STRING\"},{\"name\":\"type\",\"type\":\"STRING\"},{\"name\":\"indexed\",\"type\":\"BOOLEAN\"},{\"name\":\"indexBlockCapacity\",\"type\":\"INT\"},{\"name\":\"symbolCached\",\"type\":\"BOOLEAN\"},{\"name\":\"symbolCapacity\",\"type\":\"INT\"},{\"name\":\"symbolTableSize\",\"type\":\"INT\"},{\"name\":\"designated\",\"type\":\"BOOLEAN\"},{\"name\":\"upsertKey\",\"type\":\"BOOLEAN\"}]"
    And the body contains "[\"ts\",\"TIMESTAMP\",false,0,false,0,0,true,false]"

  Scenario: a symbol column's details through a CTE over SHOW COLUMNS
    When I query "WITH cols as (SHOW COLUMNS FROM 'trades') SELECT symbolCached, symbolCapacity, indexed FROM cols WHERE column = 'sym';" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the dataset is "[[true,128,false]]"

  Scenario: the DDL of a table with SHOW CREATE TABLE '<table>';
    When I query "SHOW CREATE TABLE 'trades';" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"ddl\",\"type\":\"STRING\"}]"
    And the body contains "CREATE TABLE 'trades' ( "
    And the body contains "sym SYMBOL CAPACITY 128 CACHE,"
    And the body contains ") timestamp(ts) PARTITION BY DAY WAL"

  Scenario: the columns of every table, and the console's fallback when questdb_columns() is missing
    When I query "information_schema.questdb_columns()" with "count=true&src=con&timings=true&version=2"
    Then the status is 400
    When I query "information_schema.columns()" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the dataset is "[[\"qdb\",\"public\",\"trades\",\"ts\",1,null,\"yes\",\"timestamp\"],[\"qdb\",\"public\",\"trades\",\"sym\",2,null,\"yes\",\"symbol\"],[\"qdb\",\"public\",\"trades\",\"price\",3,null,\"yes\",\"double\"]]"

  Scenario: the WAL state of one table, and the view lists the schema tree reads
    When I query "wal_tables() WHERE name = 'trades'" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the body contains "\"dataset\":[[\"trades\",false,"
    When I query "views();" with "count=true&src=con&timings=true&version=2"
    Then the dataset is "[]"
    When I query "materialized_views()" with "count=true&src=con&timings=true&version=2"
    Then the dataset is "[]"

  Scenario: the telemetry and COPY probes find nothing, which the console reads as "off"
    When I query "telemetry_config limit -1" with "count=true&src=con&timings=true&version=2"
    Then the status is 400
    And the JSON field "error" is "\"table does not exist [table=telemetry_config]\""
    When I query "(show parameters) where property_path ilike 'cairo.sql.copy.root'" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the dataset is "[]"

  Scenario: the import dialog checks the name with /chk, then uploads with its own parameters
    When I GET "/chk?f=json&j=trades&version=2" on the API listener
    Then the body is "{\"status\":\"Exists\"}"
    When I GET "/chk?f=json&j=prices&version=2" on the API listener
    Then the body is "{\"status\":\"Does not exist\"}"
    Given the file "prices.csv" contains:
      """
      sym,price
      a,1.5
      b,2.5
      """
    When I import the file "prices.csv" with "fmt=json&name=prices&owner=admin&overwrite=false&atomicity=skipRow"
    Then the import status is "OK"
    And the import reports 2 rows imported and 0 rows rejected
    When I GET "/chk?f=json&j=prices&version=2" on the API listener
    Then the body is "{\"status\":\"Exists\"}"

  Scenario: the result toolbar downloads through /exp with its file name and Parquet's rmode
    When I GET "/exp?query=select%20*%20from%20trades&version=2&fmt=parquet&filename=questdb-query-1700000000000&rmode=nodelay" on the API listener
    Then the status is 200
    And the header "Content-Disposition" is "attachment; filename=\"questdb-query-1700000000000.parquet\""
    And DuckDB reads the body as Parquet with 1 rows
    When I GET "/exp?query=select%20*%20from%20trades&version=2&filename=questdb-query-1700000000000" on the API listener
    Then the header "Content-Disposition" is "attachment; filename=\"questdb-query-1700000000000.csv\""

  Scenario: as-you-type validation of a query answers its columns and designated timestamp
    When QuestDB's console validates "select * from trades;"
    Then the status is 200
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the body is "{\"query\":\"select * from trades\",\"columns\":[{\"name\":\"ts\",\"type\":\"TIMESTAMP\"},{\"name\":\"sym\",\"type\":\"SYMBOL\"},{\"name\":\"price\",\"type\":\"DOUBLE\"}],\"timestamp\":0}"
    And the console reads it as "a read"
    When QuestDB's console validates "select sym, avg(price) from trades"
    Then the body is "{\"query\":\"select sym, avg(price) from trades\",\"columns\":[{\"name\":\"sym\",\"type\":\"SYMBOL\"},{\"name\":\"avg(price)\",\"type\":\"DOUBLE\"}],\"timestamp\":-1}"
    When QuestDB's console validates "SHOW COLUMNS FROM 'trades'"
    Then the console reads it as "a read"
    When QuestDB's console validates "select array[1.5, 2.5] a, x from long_sequence(1)"
    Then the JSON field "columns" is "[{\"name\":\"a\",\"type\":\"ARRAY\",\"dim\":1,\"elemType\":\"DOUBLE\"},{\"name\":\"x\",\"type\":\"LONG\"}]"

  Scenario: an error answers 400 with the message and the position the editor marks
    When QuestDB's console validates "select pricee from trades"
    Then the status is 400
    And the JSON keys are "query,error,position"
    And the console reads it as "an error at 7: Invalid column: pricee"
    When QuestDB's console validates "select * from trade"
    Then the console reads it as "an error at 14: table does not exist [table=trade]"
    When QuestDB's console validates "insert into trades values (1)"
    Then the status is 400
    When QuestDB's console validates "drop table nosuch"
    Then the status is 400

  Scenario Outline: a statement that is not a query answers QuestDB's type for it, and validating it changes nothing
    When QuestDB's console validates "<statement>"
    Then the status is 200
    And the body is "{\"queryType\":\"<type>\"}"
    And the console reads it as "a write: <type>"
    When I query "select count(), max(price) from trades"
    Then the dataset is "[[1,1.5]]"
    When I query "select table_name from tables() order by table_name"
    Then the dataset is "[[\"trades\"]]"
    When I query "select column from table_columns('trades')"
    Then the dataset is "[[\"ts\"],[\"sym\"],[\"price\"]]"

    Examples:
      | statement                                                                  | type             |
      | insert into trades values ('2024-01-02T00:00:00.000000Z', 'b', 2.5)        | INSERT           |
      | insert into trades select * from trades                                    | INSERT AS SELECT |
      | update trades set price = 9.5                                              | UPDATE           |
      | create table copy (a int, ts timestamp) timestamp(ts) partition by DAY WAL | CREATE TABLE     |
      | create table copy as (select * from trades)                                | CREATE AS SELECT |
      | drop table trades;                                                         | DROP             |
      | truncate table trades                                                      | TRUNCATE         |
      | alter table trades add column extra int                                    | ALTER TABLE      |
      | rename table trades to renamed                                             | RENAME TABLE     |
      | explain select * from trades                                               | EXPLAIN          |

  Scenario: a shared link "/?query=…&executeQuery=true" runs a plain SELECT at once and asks first for a write
    The console validates every statement of the link: answers with `columns` are reads, a `queryType` is a
    write that needs the user's confirmation, and an answer it cannot read stops at "Could not classify".
    When QuestDB's console validates "select * from trades where sym = 'a';"
    Then the console reads it as "a read"
    When QuestDB's console validates "insert into trades values (now(), 'c', 3.5);"
    Then the console reads it as "a write: INSERT"
    When I query "select count() from trades"
    Then the dataset is "[[1]]"

  Scenario: an empty or blank query, and nm=true
    When QuestDB's console validates ""
    Then the status is 200
    And the body is "{\"error\":\"empty query\",\"query\":\"\",\"position\":\"0\"}"
    And the console reads it as "an error at 0: empty query"
    When I GET "/api/v1/sql/validate?query=%20%20" on the API listener
    Then the body is "{\"queryType\":\"EMPTY\"}"
    When I GET "/api/v1/sql/validate?query=select%201&nm=true" on the API listener
    Then the body is "{}"
    When I GET "/api/v1/sql/validate?query=select%20%ff" on the API listener
    Then the status is 400
    And the JSON field "error" is "\"Bad UTF8 encoding in query text\""

  Scenario: the sign-in check of the console's auth provider
    When I query "select 42" with "session=true"
    Then the status is 200
    And the dataset is "[[42]]"
