Feature: PostgreSQL transaction blocks against other writers and a killed server
  A block holds the writer of every table it wrote until it ends: another writer of such a table waits up
  to cairo.writer.acquire.timeout and then gets "table busy" (SQLSTATE 55P03), as in QuestDB, whose
  session holds its table's writer; tables the block has not written stay free. Nothing of an open block
  is durable; a COMMIT that was answered is.

  Scenario: a block holds its tables' writers; another writer waits and then gets table busy
    Given the environment variable "SVC_CAIRO_WRITER_ACQUIRE_TIMEOUT" is "300ms"
    And a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE ledger (ts TIMESTAMP, k SYMBOL, v LONG) TIMESTAMP(ts) PARTITION BY DAY
      CREATE TABLE audit (ts TIMESTAMP, note VARCHAR) TIMESTAMP(ts) PARTITION BY DAY
      """
    When the PostgreSQL client runs "BEGIN"
    And the PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-02T00:00:00Z', 'b', 2)"
    And another PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-03T00:00:00Z', 'c', 3)"
    Then the PostgreSQL error is "table busy [table=ledger, reason=another writer holds the table]" with SQLSTATE "55P03"
    When another PostgreSQL client runs "INSERT INTO audit VALUES ('2024-01-03T00:00:00Z', 'not held')"
    Then the command tag is "INSERT 0 1"
    When the PostgreSQL client runs "COMMIT"
    And another PostgreSQL client runs "INSERT INTO ledger VALUES ('2024-01-03T00:00:00Z', 'c', 3)"
    Then the command tag is "INSERT 0 1"

  Scenario: SIGKILL inside an open block loses only the block's rows; an acknowledged COMMIT survives
    Given the server runs as a separate process
    And a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE kept (ts TIMESTAMP, v LONG) TIMESTAMP(ts) PARTITION BY DAY WITH maxUncommittedRows=10000
      BEGIN
      INSERT INTO kept VALUES ('2024-01-01T00:00:00Z', 1)
      INSERT INTO kept SELECT timestamp_sequence('2024-01-02', 1000000), x FROM long_sequence(200000)
      COMMIT
      BEGIN
      INSERT INTO kept VALUES ('2024-01-05T00:00:00Z', 99)
      INSERT INTO kept SELECT timestamp_sequence('2024-01-06', 1000000), x FROM long_sequence(200000)
      """
    When the server process is killed with SIGKILL and started again
    And I query "SELECT count(), max(v) FROM kept"
    Then the dataset is "[[200001,200000]]"
