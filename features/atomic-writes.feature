Feature: Imports and statements are atomic, whatever their size
  One /imp request or one SQL statement is one transaction: rows past maxUncommittedRows are written to
  disk as staged data that no reader sees, and the end of the request publishes all of it at once. An
  error with atomicity=abort, a client that goes away or a crash leaves nothing behind.

  Scenario: sixteen clients import at once into a table that the first of them creates
    When 16 clients each send 4 imports of 20 rows "ts,sym,v,n" with repeated out-of-order timestamps to "/imp?name=fresh&timestamp=ts&partitionBy=DAY&fmt=json"
    Then every import answered 200 with 20 rows imported
    And the table "fresh" holds 1280 rows with every "n" from 0 to 1279

  Scenario: atomicity=abort rolls back a file larger than maxUncommittedRows
    Given the file "big.csv" has the header "a,b" and 600000 rows like "{i},{i}" and then the line "oops,1"
    When I import the file "big.csv" with "name=big&atomicity=abort&fmt=json"
    Then the import status is "bad syntax [line=600000, col=0]"
    And the table "big" holds 0 rows
    And the table "big" has no staged data left on disk

  Scenario: readers never see an import in progress
    Given the environment variable "SVC_HTTP_IMPORT_PARSE_WORKERS" is "0"
    And the file "stream.csv" has the header "a,b" and 150000 rows like "{i},{i}" and then the line "150000,150000"
    When a client uploads the file "stream.csv" to "/imp?name=stream&maxUncommittedRows=5000&fmt=json" but holds back its last line
    Then the table "stream" has staged rows on disk while the query "select count() from stream" answers "[[0]]"
    When the client sends the rest of the upload
    Then the upload's answer reports 150001 rows imported
    And the query "select count(), sum(b) from stream" answers "[[150001,11250075000]]"
    And the table "stream" has no staged data left on disk

  Scenario: a client that disconnects in the middle of a large import leaves nothing
    Given the environment variable "SVC_HTTP_IMPORT_PARSE_WORKERS" is "0"
    And the file "half.csv" has the header "a,b" and 300000 rows like "{i},{i}" and then the line "1,1"
    And the SQL "create table half (a int, b int) with maxUncommittedRows=5000" has run
    When a client uploads half of the file "half.csv" to "/imp?name=half", waits until rows of "half" are staged and disconnects
    Then the table "half" holds 0 rows
    And the table "half" has no staged data left on disk

  Scenario: an INSERT … SELECT that fails after maxUncommittedRows rows leaves no row
    Given the SQL "create table t (ts timestamp, x long) timestamp(ts) partition by day" has run
    When I query "insert into t select case when x < 550000 then cast(x * 1000000 as timestamp) else null end, x from long_sequence(600000)"
    Then the status is 400
    And the JSON field "error" is "\"designated timestamp column cannot be NULL\""
    And the table "t" holds 0 rows
    And the table "t" has no staged data left on disk

  Scenario: a CREATE TABLE AS that fails leaves no table
    When I query "create table c as (select case when x < 9000 then cast(x * 1000000 as timestamp) else null end ts, x from long_sequence(10000)) timestamp(ts) partition by day"
    Then the status is 400
    And storage has no table "c"

  Scenario: an UPDATE of more rows than maxUncommittedRows is one transaction
    Given these SQL statements have run:
      """
      create table u (ts timestamp, x long, s symbol) timestamp(ts) partition by hour with maxUncommittedRows=1000
      insert into u select cast(((x * 7919) % 20000) * 1000000 as timestamp), x, 's' || (x % 3) from long_sequence(20000)
      """
    When I query "update u set x = x * 10, s = 'big' where x > 10000"
    Then the JSON field "updated" is "10000"
    And the query "select count(), sum(x), count_distinct(s) from u" answers "[[20000,1550055000,4]]"
