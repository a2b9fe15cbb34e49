Feature: The calls QuestDB's own web console makes
  A user can point QuestDB's console bundle at svc (put it in the public directory): these are the requests
  it sends, with the parameters it adds to every query (`count=true&src=con&timings=true&version=2`), and the
  answers it reads. /settings preferences (PUT and POST with versions) are in console.feature.

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

  Scenario: the sign-in check of the console's auth provider
    When I query "select 42" with "session=true"
    Then the status is 200
    And the dataset is "[[42]]"
