Feature: COPY FROM STDIN and COPY TO STDOUT over PostgreSQL
  COPY t [(columns)] FROM STDIN runs PostgreSQL's CopyIn sub-protocol into an existing table, in the
  text format (tab-separated, \N for NULL, backslash escapes) or CSV, with the options HEADER, DELIMITER,
  NULL, QUOTE and ESCAPE. The rows go through the import parser's conversions (/imp's, with
  atomicity=abort) as one transaction: COPY n is answered once all n rows are committed, and a bad value,
  a CopyFail or a client that leaves keeps none of them. Inside a transaction block the rows wait for
  COMMIT. COPY t or COPY (query) TO STDOUT sends the rows in the same formats. An empty string arrives as
  NULL, as in /imp.

  Background:
    Given a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE readings (ts TIMESTAMP, sensor SYMBOL, value DOUBLE, note VARCHAR) TIMESTAMP(ts) PARTITION BY DAY
      """

  Scenario: psql's \copy loads a CSV file with a header into a table
    Given the root file "readings.csv" contains:
      """
      ts,sensor,value,note
      2024-01-01T00:00:00.000000Z,a,1.5,"first, with a comma"
      2024-01-01T00:00:01.000000Z,b,,"a ""quoted"" word"
      2024-01-02T00:00:00.000000Z,a,-2.25,
      """
    When psql runs "\copy readings from 'readings.csv' with (format csv, header)" in the server's root folder
    Then it prints:
      """
      COPY 3
      """
    When I query "SELECT sensor, value, note FROM readings"
    Then the dataset is:
      """
      [["a",1.5,"first, with a comma"],["b",null,"a \"quoted\" word"],["a",-2.25,null]]
      """

  Scenario: psql's \copy in the text format, with a column list and escapes
    Given the root file "readings.tsv" contains:
      """
      2024-01-01 00:00:00	a	tab\there
      2024-01-01 00:00:01	\N	line\nbreak
      2024-01-01 00:00:02	c	back\\slash
      """
    When psql runs "\copy readings (ts, sensor, note) from 'readings.tsv'" in the server's root folder
    Then it prints:
      """
      COPY 3
      """
    When I query "SELECT sensor, value, note FROM readings"
    Then the dataset is:
      """
      [["a",null,"tab\there"],[null,null,"line\nbreak"],["c",null,"back\\slash"]]
      """

  Scenario: DELIMITER and NULL options in the older syntax
    Given the root file "readings.txt" contains:
      """
      2024-01-01T00:00:00Z|a|1|none
      2024-01-01T00:00:01Z|none|2|x
      """
    When psql runs "\copy readings from 'readings.txt' with delimiter as '|' null as 'none' csv" in the server's root folder
    Then it prints:
      """
      COPY 2
      """
    When I query "SELECT sensor, value, note FROM readings"
    Then the dataset is "[[\"a\",1.0,null],[null,2.0,\"x\"]]"

  Scenario: a bad value fails the whole COPY and keeps no row
    Given the root file "bad.csv" contains:
      """
      2024-01-01T00:00:00Z,a,1,ok
      2024-01-01T00:00:01Z,b,not-a-number,bad
      """
    When psql runs "\copy readings from 'bad.csv' csv" in the server's root folder
    Then it prints a line starting with "ERROR:  "
    When I query "SELECT count() FROM readings"
    Then the dataset is "[[0]]"

  Scenario: a row with too many or too few fields is refused as PostgreSQL refuses it
    When the PostgreSQL client copies into "readings" with "CSV" the data "2024-01-01T00:00:00Z,a,1,x,extra\n"
    Then the PostgreSQL error is "extra data after last expected column [row=1]" with SQLSTATE "22P04"
    When the PostgreSQL client copies into "readings" with "CSV" the data "2024-01-01T00:00:00Z,a\n"
    Then the PostgreSQL error is "missing data for column \"value\" [row=1]" with SQLSTATE "22P04"
    And the transaction status is "I"

  Scenario: node-postgres sends CopyData pieces that cut rows anywhere, then CopyDone
    When the PostgreSQL client copies into "readings" with "(FORMAT csv)" the data "2024-01-01T00:00:00Z,a,1,x\n2024-01-01T00:00:01Z,b,2,\"multi\nline\"\n2024-01-01T00:00:02Z,c,3,z" in pieces of 7 bytes
    Then the command tag is "COPY 3"
    When I query "SELECT sensor, value, note FROM readings"
    Then the dataset is:
      """
      [["a",1.0,"x"],["b",2.0,"multi\nline"],["c",3.0,"z"]]
      """

  Scenario: CopyFail ends the COPY with nothing kept
    When the PostgreSQL client copies into "readings" with "CSV" the data "2024-01-01T00:00:00Z,a,1,x\n" and then sends CopyFail "changed my mind"
    Then the PostgreSQL error is "COPY from stdin failed: changed my mind" with SQLSTATE "57014"
    When I query "SELECT count() FROM readings"
    Then the dataset is "[[0]]"

  Scenario: COPY inside a transaction block waits for COMMIT
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client copies into "readings" with "CSV" the data "2024-01-01T00:00:00Z,a,1,x\n"
    Then the command tag is "COPY 1"
    When I query "SELECT count() FROM readings"
    Then the dataset is "[[0]]"
    When the PostgreSQL client runs "SELECT count() n FROM readings"
    Then the rows are:
      | n |
      | 1 |
    When the PostgreSQL client runs "COMMIT"
    And I query "SELECT count() FROM readings"
    Then the dataset is "[[1]]"

  Scenario: COPY into a missing table, or in the binary format, is refused before any data is asked for
    When the PostgreSQL client copies into "nope" with "CSV" the data "1\n"
    Then the PostgreSQL error is "table does not exist [table=nope]" with SQLSTATE "42P01"
    When the PostgreSQL client runs "COPY readings FROM STDIN (FORMAT binary)"
    Then the PostgreSQL error is "COPY BINARY is not supported; use FORMAT text or csv" with SQLSTATE "0A000"

  Scenario: psycopg's cursor.copy writes rows and reads them back with COPY TO STDOUT
    When Python runs:
      """
      import datetime, psycopg
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb", autocommit=True) as conn:
          cur = conn.cursor()
          with cur.copy("COPY readings (ts, sensor, value, note) FROM STDIN") as copy:
              copy.write_row((datetime.datetime(2024, 1, 1, 0, 0, 0), "a", 1.5, "tab\there"))
              copy.write_row((datetime.datetime(2024, 1, 1, 0, 0, 1), None, None, "back\\slash"))
          print(cur.statusmessage)
          with cur.copy("COPY (SELECT sensor, value, note FROM readings) TO STDOUT") as copy:
              for row in copy.rows():
                  print(row)
          with cur.copy("COPY readings (sensor, note) TO STDOUT WITH (FORMAT csv, HEADER)") as copy:
              print(b"".join(bytes(block) for block in copy).decode(), end="")
      """
    Then it prints:
      """
      COPY 2
      ('a', '1.5', 'tab\there')
      (None, None, 'back\\slash')
      sensor,note
      a,tab	here
      ,back\slash
      """

  Scenario: COPY through Parse/Bind/Execute is refused clearly; the simple Query carries it
    When the PostgreSQL client runs "COPY readings FROM STDIN" with the parameters "[1]"
    Then the PostgreSQL error is "COPY FROM STDIN and COPY TO STDOUT run in a simple Query, not through Parse" with SQLSTATE "0A000"
