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
    And the JSON field "columns" is "[{\"name\":\"column\",\"type\":\"STRING\"},{\"name\":\"type\",\"type\":\"STRING\"},{\"name\":\"indexed\",\"type\":\"BOOLEAN\"},{\"name\":\"indexBlockCapacity\",\"type\":\"INT\"},{\"name\":\"symbolCached\",\"type\":\"BOOLEAN\"},{\"name\":\"symbolCapacity\",\"type\":\"INT\"},{\"name\":\"symbolTableSize\",\"type\":\"INT\"},{\"name\":\"designated\",\"type\":\"BOOLEAN\"},{\"name\":\"upsertKey\",\"type\":\"BOOLEAN\"},{\"name\":\"indexType\",\"type\":\"STRING\"},{\"name\":\"indexInclude\",\"type\":\"STRING\"}]"
    And the body contains "[\"ts\",\"TIMESTAMP\",false,0,false,0,0,true,false,\"\",\"\"]"

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

  Scenario: the schema tree reads every table's columns with QuestDB's type names; SQL tools read PostgreSQL's
    When I query "information_schema.questdb_columns()" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"table_catalog\",\"type\":\"STRING\"},{\"name\":\"table_schema\",\"type\":\"STRING\"},{\"name\":\"table_name\",\"type\":\"STRING\"},{\"name\":\"column_name\",\"type\":\"STRING\"},{\"name\":\"ordinal_position\",\"type\":\"INT\"},{\"name\":\"column_default\",\"type\":\"STRING\"},{\"name\":\"is_nullable\",\"type\":\"STRING\"},{\"name\":\"data_type\",\"type\":\"STRING\"}]"
    And the dataset is "[[\"qdb\",\"public\",\"trades\",\"ts\",1,null,\"yes\",\"TIMESTAMP\"],[\"qdb\",\"public\",\"trades\",\"sym\",2,null,\"yes\",\"SYMBOL\"],[\"qdb\",\"public\",\"trades\",\"price\",3,null,\"yes\",\"DOUBLE\"]]"
    When I query "information_schema.columns()" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the dataset is "[[\"qdb\",\"public\",\"trades\",\"ts\",1,null,\"yes\",\"timestamp without time zone\"],[\"qdb\",\"public\",\"trades\",\"sym\",2,null,\"yes\",\"character varying\"],[\"qdb\",\"public\",\"trades\",\"price\",3,null,\"yes\",\"double precision\"]]"

  Scenario: the WAL state of one table, and the view lists the schema tree reads
    When I query "wal_tables() WHERE name = 'trades'" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the body contains "\"dataset\":[[\"trades\",false,"
    When I query "views();" with "count=true&src=con&timings=true&version=2"
    Then the dataset is "[]"
    When I query "materialized_views()" with "count=true&src=con&timings=true&version=2"
    Then the dataset is "[]"

  Scenario: the telemetry probe reads telemetry off, and the COPY probe finds the import root
    When I query "telemetry_config limit -1" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"id\",\"type\":\"LONG256\"},{\"name\":\"enabled\",\"type\":\"BOOLEAN\"},{\"name\":\"version\",\"type\":\"SYMBOL\"},{\"name\":\"os\",\"type\":\"SYMBOL\"},{\"name\":\"package\",\"type\":\"SYMBOL\"},{\"name\":\"instance_name\",\"type\":\"SYMBOL\"},{\"name\":\"instance_type\",\"type\":\"SYMBOL\"},{\"name\":\"instance_desc\",\"type\":\"SYMBOL\"}]"
    And the JSON field "count" is "1"
    And the body contains "\"dataset\":[[\"\",false,"
    When I query "create table telemetry_config (enabled boolean)"
    Then the status is 400
    And the JSON field "error" is "\"table already exists\""
    When I query "insert into telemetry_config values (true)"
    Then the status is 400
    When I query "select enabled from telemetry_config"
    Then the dataset is "[[false]]"
    When I query "(show parameters) where property_path ilike 'cairo.sql.copy.root'" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the dataset is "[[\"cairo.sql.copy.root\",\"SVC_CAIRO_SQL_COPY_ROOT\",\"import\",\"default\",false,false]]"

  Scenario: telemetry_config only reads: every write is a read-only error and it never says enabled=true
    When I query "insert into telemetry_config values (null, true, '1', 'linux', '', '', '', '')"
    Then the status is 400
    And the JSON field "error" is "\"table is read-only [table=telemetry_config]\""
    And the JSON field "position" is "12"
    When I query "update telemetry_config set enabled = true"
    Then the JSON field "error" is "\"table is read-only [table=telemetry_config]\""
    When I query "drop table if exists telemetry_config"
    Then the JSON field "error" is "\"table is read-only [table=telemetry_config]\""
    When I query "truncate table telemetry_config"
    Then the JSON field "error" is "\"table is read-only [table=telemetry_config]\""
    When I query "alter table telemetry_config add column x int"
    Then the JSON field "error" is "\"table is read-only [table=telemetry_config]\""
    When I query "rename table trades to telemetry_config"
    Then the JSON field "error" is "\"table already exists [table=telemetry_config]\""
    Given the file "t.csv" contains:
      """
      id,enabled
      1,true
      """
    When I import the file "t.csv" with "name=telemetry_config&fmt=json"
    Then the import status is "table is read-only [table=telemetry_config]"
    When I write the lines:
      """
      telemetry_config enabled=t
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 1
    And the error message ends with "table: telemetry_config; table is read-only"
    Given a PostgreSQL client connected as "admin" with password "quest"
    When the PostgreSQL client runs "insert into telemetry_config (enabled) values (true)"
    Then the PostgreSQL error is "table is read-only [table=telemetry_config]" with SQLSTATE "42501"
    When the PostgreSQL client copies into "telemetry_config" with "" the data "t\n"
    Then the PostgreSQL error is "table is read-only [table=telemetry_config]" with SQLSTATE "42501"
    When I query "select enabled from telemetry_config"
    Then the dataset is "[[false]]"
    When I query "select table_name from tables()"
    Then the dataset is "[[\"trades\"]]"

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

  Scenario: a table's details: QuestDB 9.4.4's 45 tables() columns with the table's real figures
    Given the SQL statements ran:
      """
      insert into trades values ('2024-01-02T00:00:00.000000Z', 'b', 2.5), ('2024-01-03T12:00:00.000000Z', 'a', 3.5)
      """
    When I query "tables() where table_name = 'trades';" with "count=true&src=con&timings=true&version=2"
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"id\",\"type\":\"INT\"},{\"name\":\"table_name\",\"type\":\"STRING\"},{\"name\":\"designatedTimestamp\",\"type\":\"STRING\"},{\"name\":\"partitionBy\",\"type\":\"STRING\"},{\"name\":\"walEnabled\",\"type\":\"BOOLEAN\"},{\"name\":\"dedup\",\"type\":\"BOOLEAN\"},{\"name\":\"ttlValue\",\"type\":\"INT\"},{\"name\":\"ttlUnit\",\"type\":\"STRING\"},{\"name\":\"matView\",\"type\":\"BOOLEAN\"},{\"name\":\"directoryName\",\"type\":\"STRING\"},{\"name\":\"maxUncommittedRows\",\"type\":\"INT\"},{\"name\":\"o3MaxLag\",\"type\":\"LONG\"},{\"name\":\"table_suspended\",\"type\":\"BOOLEAN\"},{\"name\":\"table_type\",\"type\":\"CHAR\"},{\"name\":\"table_row_count\",\"type\":\"LONG\"},{\"name\":\"table_min_timestamp\",\"type\":\"TIMESTAMP\"},{\"name\":\"table_max_timestamp\",\"type\":\"TIMESTAMP\"},{\"name\":\"table_last_write_timestamp\",\"type\":\"TIMESTAMP\"},{\"name\":\"table_txn\",\"type\":\"LONG\"},{\"name\":\"table_memory_pressure_level\",\"type\":\"INT\"},{\"name\":\"table_write_amp_count\",\"type\":\"LONG\"},{\"name\":\"table_write_amp_p50\",\"type\":\"DOUBLE\"},{\"name\":\"table_write_amp_p90\",\"type\":\"DOUBLE\"},{\"name\":\"table_write_amp_p99\",\"type\":\"DOUBLE\"},{\"name\":\"table_write_amp_max\",\"type\":\"DOUBLE\"},{\"name\":\"table_merge_rate_count\",\"type\":\"LONG\"},{\"name\":\"table_merge_rate_p50\",\"type\":\"LONG\"},{\"name\":\"table_merge_rate_p90\",\"type\":\"LONG\"},{\"name\":\"table_merge_rate_p99\",\"type\":\"LONG\"},{\"name\":\"table_merge_rate_max\",\"type\":\"LONG\"},{\"name\":\"wal_pending_row_count\",\"type\":\"LONG\"},{\"name\":\"wal_dedup_row_count_since_start\",\"type\":\"LONG\"},{\"name\":\"wal_txn\",\"type\":\"LONG\"},{\"name\":\"wal_max_timestamp\",\"type\":\"TIMESTAMP\"},{\"name\":\"wal_tx_count\",\"type\":\"LONG\"},{\"name\":\"wal_tx_size_p50\",\"type\":\"LONG\"},{\"name\":\"wal_tx_size_p90\",\"type\":\"LONG\"},{\"name\":\"wal_tx_size_p99\",\"type\":\"LONG\"},{\"name\":\"wal_tx_size_max\",\"type\":\"LONG\"},{\"name\":\"replica_batch_count\",\"type\":\"LONG\"},{\"name\":\"replica_batch_size_p50\",\"type\":\"LONG\"},{\"name\":\"replica_batch_size_p90\",\"type\":\"LONG\"},{\"name\":\"replica_batch_size_p99\",\"type\":\"LONG\"},{\"name\":\"replica_batch_size_max\",\"type\":\"LONG\"},{\"name\":\"replica_more_pending\",\"type\":\"BOOLEAN\"}]"
    When I query "select table_type, table_row_count, table_min_timestamp, table_max_timestamp, table_txn, wal_txn, wal_max_timestamp, table_suspended, wal_pending_row_count, table_memory_pressure_level from tables() where table_name = 'trades'"
    Then the dataset is "[[\"T\",3,\"2024-01-01T00:00:00.000000Z\",\"2024-01-03T12:00:00.000000Z\",2,2,\"2024-01-03T12:00:00.000000Z\",false,0,0]]"
    When I query "select table_last_write_timestamp > now() - 600000000L and table_last_write_timestamp <= now() recent from tables() where table_name = 'trades'"
    Then the dataset is "[[true]]"

  Scenario: CREATE TABLE makes a WAL table by default when it is partitioned, as QuestDB does
    Given the SQL statements ran:
      """
      create table by_day (ts timestamp, v double) timestamp(ts) partition by DAY;
      create table bypass (ts timestamp, v double) timestamp(ts) partition by DAY BYPASS WAL;
      create table unpartitioned (ts timestamp, v double) timestamp(ts);
      create table dedup_default (ts timestamp, k symbol, v double) timestamp(ts) partition by DAY DEDUP UPSERT KEYS(ts, k);
      insert into dedup_default values ('2024-01-01T00:00:00.000000Z', 'a', 1), ('2024-01-01T00:00:00.000000Z', 'a', 2)
      """
    When I query "select table_name, walEnabled, dedup, wal_txn from tables() where table_name in ('by_day', 'bypass', 'unpartitioned', 'dedup_default') order by id"
    Then the dataset is "[[\"by_day\",true,false,0],[\"bypass\",false,false,null],[\"unpartitioned\",false,false,null],[\"dedup_default\",true,true,1]]"
    When I query "select name from wal_tables() where name in ('by_day', 'bypass', 'unpartitioned', 'dedup_default') order by name"
    Then the dataset is "[[\"by_day\"],[\"dedup_default\"]]"
    When I query "select v from dedup_default"
    Then the dataset is "[[2.0]]"
    When I query "SHOW CREATE TABLE 'by_day'"
    Then the body contains ") timestamp(ts) PARTITION BY DAY WAL"
    When I query "create table not_partitioned_wal (ts timestamp) timestamp(ts) WAL"
    Then the status is 400
    And the JSON field "error" is "\"WAL Write Mode can only be used on partitioned tables\""

  Scenario: an indexed SYMBOL column shows its index type in SHOW COLUMNS and table_columns()
    Given the SQL statements ran:
      """
      create table indexed (ts timestamp, s symbol index, t symbol) timestamp(ts) partition by DAY
      """
    When I query "SELECT column, indexed, indexType, indexInclude FROM table_columns('indexed')"
    Then the dataset is "[[\"ts\",false,\"\",\"\"],[\"s\",true,\"BITMAP\",\"\"],[\"t\",false,\"\",\"\"]]"
