Feature: PostgreSQL transaction blocks: writes wait for COMMIT, ROLLBACK discards them
  After BEGIN (or START TRANSACTION) a session's INSERT and UPDATE are staged: other sessions and /exec
  see them only when COMMIT (or END) publishes every table the block wrote at once; ROLLBACK, a closed
  connection or a killed server discards them. The session itself reads its own uncommitted rows. An
  error inside the block aborts it: every statement until ROLLBACK answers 25P02, and COMMIT then rolls
  back. DDL is not transactional: it commits on its own at once, and is refused on a table the block has
  written to. ReadyForQuery says I (idle), T (in a block) or E (in a failed block).

  Background:
    Given a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE ledger (ts TIMESTAMP, k SYMBOL, v LONG) TIMESTAMP(ts) PARTITION BY DAY
      CREATE TABLE audit (ts TIMESTAMP, note VARCHAR) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO ledger VALUES ('2024-01-01T00:00:00Z', 'a', 1)
      """

  Scenario: rows inserted inside a block are invisible to others until COMMIT
    When the PostgreSQL client runs "BEGIN"
    Then the command tag is "BEGIN"
    And the transaction status is "T"
    When the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    Then the command tag is "INSERT 0 1"
    When another PostgreSQL client runs "SELECT count() n FROM ledger"
    Then the rows are:
      | n |
      | 1 |
    When I query "SELECT count() FROM ledger"
    Then the dataset is "[[1]]"
    When the PostgreSQL client runs "COMMIT"
    Then the command tag is "COMMIT"
    And the transaction status is "I"
    When another PostgreSQL client runs "SELECT k, v FROM ledger"
    Then the rows are:
      | k | v |
      | a | 1 |
      | b | 2 |

  Scenario: ROLLBACK discards the block's rows in every table
    When the PostgreSQL client runs "BEGIN TRANSACTION"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And the PostgreSQL client runs "INSERT INTO audit VALUES ('2024-01-02T00:00:00Z', 'moved b')"
    And the PostgreSQL client runs "ROLLBACK"
    Then the command tag is "ROLLBACK"
    And the transaction status is "I"
    When I query "SELECT (SELECT count() FROM ledger) l, (SELECT count() FROM audit) a"
    Then the dataset is "[[1,0]]"

  Scenario: COMMIT publishes several tables as one transaction
    When the PostgreSQL client runs "START TRANSACTION"
    Then the transaction status is "T"
    When the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And the PostgreSQL client runs "INSERT INTO audit VALUES ('2024-01-02T00:00:00Z', 'moved b')"
    And the PostgreSQL client runs "INSERT INTO ledger SELECT ts + 1000000, 'c', v * 10 FROM ledger"
    And the PostgreSQL client runs "END"
    Then the command tag is "COMMIT"
    When I query "SELECT k, v FROM ledger"
    Then the dataset is "[[\"a\",1],[\"c\",10],[\"b\",2],[\"c\",20]]"
    When I query "SELECT note FROM audit"
    Then the dataset is "[[\"moved b\"]]"

  Scenario: the session reads its own uncommitted rows, others read the committed ones
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-03T00:00:00Z', 'new', 3), ('2023-12-31T00:00:00Z', 'old', 0)"
    And the PostgreSQL client runs "SELECT k, v FROM ledger"
    Then the rows are:
      | k   | v |
      | old | 0 |
      | a   | 1 |
      | new | 3 |
    When the PostgreSQL client runs "SELECT count() n, sum(v) s FROM ledger WHERE k IN ('new', 'old')"
    Then the rows are:
      | n | s |
      | 2 | 3 |
    When another PostgreSQL client runs "SELECT k FROM ledger WHERE k = 'new'"
    Then the command tag is "SELECT 0"
    When the PostgreSQL client runs "ROLLBACK"
    And the PostgreSQL client runs "SELECT k, v FROM ledger"
    Then the rows are:
      | k | v |
      | a | 1 |

  Scenario: UPDATE inside a block is staged with the block and sees its rows
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And the PostgreSQL client runs "UPDATE ledger SET v = v + 100"
    Then the command tag is "UPDATE 2"
    When the PostgreSQL client runs "UPDATE ledger SET v = v * 2 WHERE k = 'b'"
    And the PostgreSQL client runs "SELECT k, v FROM ledger"
    Then the rows are:
      | k | v   |
      | a | 101 |
      | b | 204 |
    When I query "SELECT k, v FROM ledger"
    Then the dataset is "[[\"a\",1]]"
    When the PostgreSQL client runs "COMMIT"
    And I query "SELECT k, v FROM ledger"
    Then the dataset is "[[\"a\",101],[\"b\",204]]"

  Scenario: an error aborts the block until ROLLBACK, and COMMIT of an aborted block rolls back
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And the PostgreSQL client runs "SELECT * FROM nope"
    Then the PostgreSQL error is "table does not exist [table=nope]" with SQLSTATE "42P01"
    And the transaction status is "E"
    When the PostgreSQL client runs "SELECT 1"
    Then the PostgreSQL error is "current transaction is aborted, commands ignored until end of transaction block" with SQLSTATE "25P02"
    When the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-03T00:00:00Z', 'c', 3)"
    Then the PostgreSQL error is "current transaction is aborted, commands ignored until end of transaction block" with SQLSTATE "25P02"
    When the PostgreSQL client runs "COMMIT"
    Then the command tag is "ROLLBACK"
    And the transaction status is "I"
    When I query "SELECT count() FROM ledger"
    Then the dataset is "[[1]]"

  Scenario: COMMIT and ROLLBACK without BEGIN answer their tag and change nothing
    When the PostgreSQL client runs "COMMIT"
    Then the command tag is "COMMIT"
    And the PostgreSQL client was warned "there is no transaction in progress"
    When the PostgreSQL client runs "ROLLBACK"
    Then the command tag is "ROLLBACK"
    And the transaction status is "I"
    When the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And I query "SELECT count() FROM ledger"
    Then the dataset is "[[2]]"

  Scenario: a connection that closes inside a block discards its rows and frees the table
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And the PostgreSQL client's connection is cut
    And another PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-03T00:00:00Z', 'c', 3)"
    Then the command tag is "INSERT 0 1"
    When I query "SELECT k FROM ledger"
    Then the dataset is "[[\"a\"],[\"c\"]]"

  Scenario: DDL inside a block commits on its own, and is refused on a table the block wrote to
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "CREATE TABLE made_inside (x LONG)"
    Then the transaction status is "T"
    When another PostgreSQL client runs "SELECT count() n FROM made_inside"
    Then the rows are:
      | n |
      | 0 |
    When the PostgreSQL client runs "INSERT INTO made_inside VALUES (1)"
    And the PostgreSQL client runs "ALTER TABLE made_inside ADD COLUMN y LONG"
    Then the PostgreSQL error is "cannot change the structure of a table this transaction block has written to; COMMIT or ROLLBACK first [table=made_inside]" with SQLSTATE "25001"
    When the PostgreSQL client runs "ROLLBACK"
    And I query "SELECT count() FROM made_inside"
    Then the dataset is "[[0]]"

  Scenario: the extended protocol (Parse/Bind/Execute) stages and rolls back the same way
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ($1, $2, $3)" with the parameters "[\"2024-01-02T00:00:00Z\", \"b\", 2]"
    And the PostgreSQL client runs "SELECT count() n FROM ledger WHERE v >= $1" with the parameters "[0]"
    Then the rows are:
      | n |
      | 2 |
    And the transaction status is "T"
    When the PostgreSQL client runs "SELECT v FROM ledger WHERE v = $1" with the parameters "[\"not a number\"]"
    Then the transaction status is "E"
    When the PostgreSQL client runs "SELECT count() FROM ledger WHERE v > $1" with the parameters "[0]"
    Then the PostgreSQL error is "current transaction is aborted, commands ignored until end of transaction block" with SQLSTATE "25P02"
    When the PostgreSQL client runs "ROLLBACK"
    And I query "SELECT count() FROM ledger"
    Then the dataset is "[[1]]"

  Scenario: psql runs a block and ROLLBACK undoes it
    When psql runs the commands:
      """
      BEGIN
      INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)
      SELECT count() n FROM ledger
      ROLLBACK
      SELECT count() n FROM ledger
      """
    Then it prints:
      """
      BEGIN
      INSERT 0 1
       n 
      ---
       2
      (1 row)

      ROLLBACK
       n 
      ---
       1
      (1 row)
      """

  Scenario: psycopg's implicit transactions: commit() publishes, rollback() and a failed block discard
    When Python runs:
      """
      import psycopg
      dsn = "host={host} port={port} user=admin password=quest dbname=qdb"
      with psycopg.connect(dsn) as conn, psycopg.connect(dsn, autocommit=True) as other:
          cur = conn.cursor()
          cur.execute("INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)")
          print(conn.info.transaction_status.name, other.execute("SELECT count() FROM ledger").fetchone()[0])
          conn.rollback()
          print(other.execute("SELECT count() FROM ledger").fetchone()[0])
          cur.executemany("INSERT INTO ledger VALUES (%s, %s, %s)", [("2024-01-03T00:00:00Z", "c", 3), ("2024-01-04T00:00:00Z", "d", 4)])
          conn.commit()
          print(other.execute("SELECT count() FROM ledger").fetchone()[0])
          try:
              with conn.transaction():
                  conn.execute("INSERT INTO ledger VALUES ('2024-01-05T00:00:00Z', 'e', 5)")
                  conn.execute("SELECT nope FROM ledger")
          except psycopg.Error as e:
              print(e.sqlstate)
          print(conn.info.transaction_status.name, other.execute("SELECT count() FROM ledger").fetchone()[0])
      """
    Then it prints:
      """
      INTRANS 1
      1
      3
      42703
      IDLE 3
      """

  Scenario: ROLLBACK TO SAVEPOINT leaves an aborted state when nothing was written since, and is refused otherwise
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And the PostgreSQL client runs "SAVEPOINT before_read"
    And the PostgreSQL client runs "SELECT nope FROM ledger"
    Then the transaction status is "E"
    When the PostgreSQL client runs "ROLLBACK TO SAVEPOINT before_read"
    Then the transaction status is "T"
    When the PostgreSQL client runs "SAVEPOINT before_write"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-03T00:00:00Z', 'c', 3)"
    And the PostgreSQL client runs "ROLLBACK TO before_write"
    Then the PostgreSQL error is "ROLLBACK TO SAVEPOINT cannot discard only the rows written since the savepoint; ROLLBACK the whole transaction block" with SQLSTATE "0A000"
    And the transaction status is "E"
    When the PostgreSQL client runs "ROLLBACK TO SAVEPOINT nowhere"
    Then the PostgreSQL error is "savepoint \"nowhere\" does not exist" with SQLSTATE "3B001"
    When the PostgreSQL client runs "ROLLBACK"
    And I query "SELECT count() FROM ledger"
    Then the dataset is "[[1]]"

  Scenario: one Query message may hold a whole block
    When the PostgreSQL client runs "BEGIN; INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2); INSERT INTO audit VALUES ('2024-01-02T00:00:00Z', 'b'); COMMIT"
    Then the transaction status is "I"
    When I query "SELECT (SELECT count() FROM ledger) l, (SELECT count() FROM audit) a"
    Then the dataset is "[[2,1]]"
    When the PostgreSQL client runs "BEGIN; INSERT INTO ledger VALUES ('2024-01-03T00:00:00Z', 'c', 3); SELECT nope FROM ledger; COMMIT"
    Then the PostgreSQL error is "Invalid column: nope" with SQLSTATE "42703"
    And the transaction status is "E"
    When the PostgreSQL client runs "COMMIT"
    Then the command tag is "ROLLBACK"
    When I query "SELECT count() FROM ledger"
    Then the dataset is "[[2]]"

  Scenario: a cancelled or timed-out statement inside a block aborts the block and leaves nothing
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And the PostgreSQL client runs "SET statement_timeout = 200"
    And the PostgreSQL client runs "INSERT INTO ledger SELECT timestamp_sequence('2024-02-01', 1000), 'x', x FROM long_sequence(100000000)"
    Then the PostgreSQL error has SQLSTATE "57014"
    And the transaction status is "E"
    When the PostgreSQL client runs "ROLLBACK"
    And I query "SELECT count() FROM ledger"
    Then the dataset is "[[1]]"
