Feature: Every write is all or nothing, however it ends, and its answer says which
  One rule for every statement and route that writes: when it ends, its data is wholly there and its client
  was told success, or wholly absent and its client was told an error. A client that got no answer (it cut
  the connection, or the server was killed) finds all of it or none of it. Never a success over part of the
  data, never part of the data at all.

  Each cell runs the real server on a temporary root: in the test process, as a child process it kills
  with SIGKILL and starts again, or with its db folder on a 256 MB tmpfs filled up to a real ENOSPC. The
  SQL sources are long_sequence: an endless write (10^11 rows) cannot finish on any machine before it is
  stopped, a big one (1,000,000 rows) is cut half-way, a small one (10,000 rows) finishes. Line protocol over
  TCP has no answer: its rows are whole lines, those it sent before it closed.

  A PostgreSQL transaction block is a write of its own, sent a statement at a time as psql and node-postgres
  send them: BEGIN, an INSERT of one row, an INSERT … SELECT, an UPDATE of the rows it inserted, COMMIT (over
  the simple protocol, and through node-postgres with parameters over the extended one); and a block with an
  INSERT … SELECT into each of two tables, which must publish both or neither. Its answer is COMMIT's. After
  an error the block is aborted: every later statement answers 25P02 and COMMIT answers ROLLBACK, so the
  client saw an error. A block whose COMMIT was never sent (its client left, or the server was killed) leaves
  nothing. Four endings meet a block only: its client leaves before COMMIT, the disk is full when COMMIT
  comes, the server is killed before COMMIT, or right after COMMIT was answered.

  Cells that cannot apply are left out:
  - Statement-Timeout (an /exec header), SET statement_timeout (a PostgreSQL session's) and query.timeout
    bound SQL statements only (/imp and the line protocol have no statement deadline), and never reach an
    INSERT VALUES or an ALTER TABLE, which end at once.
  - A client disconnect needs a write that lasts: an INSERT VALUES or an ALTER TABLE is over before a cut
    could land.
  - Cancel by query_id is for /exec statements, CancelRequest for PostgreSQL ones; nothing else has a
    handle to cancel.
  - cairo.sql.hash.max.memory bounds the hash tables of a SELECT: only the writes with a query as their
    source (CREATE TABLE AS, INSERT … SELECT, UPDATE … WHERE x IN (SELECT …)) meet it.
  - A transaction block is killed before its COMMIT and right after it, not half-way through a statement,
    which leaves the same uncommitted block as a kill before COMMIT.

  Scenario Outline: <write> ended by <ending>
    When the write "<write>" ends by "<ending>"
    Then the write is wholly there or wholly absent, as its answer says

    Examples: it finishes
      | write                                                                           | ending  |
      | CREATE TABLE AS over /exec                                                      | success |
      | INSERT over /exec                                                               | success |
      | INSERT … SELECT over /exec                                                      | success |
      | UPDATE over /exec                                                               | success |
      | ALTER TABLE ADD COLUMN over /exec                                               | success |
      | ALTER TABLE DROP COLUMN over /exec                                              | success |
      | CSV over /imp                                                                   | success |
      | Parquet over /imp                                                               | success |
      | NDJSON over /imp                                                                | success |
      | lines over /write                                                               | success |
      | lines over /api/v2/write                                                        | success |
      | lines over TCP                                                                  | success |
      | CREATE TABLE AS over PostgreSQL simple                                          | success |
      | INSERT … SELECT over PostgreSQL simple                                          | success |
      | UPDATE over PostgreSQL simple                                                   | success |
      | INSERT over PostgreSQL extended                                                 | success |
      | INSERT … SELECT over PostgreSQL extended                                        | success |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | success |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | success |
      | INSERT … SELECT into two tables over PostgreSQL simple in a transaction block   | success |

    Examples: its Statement-Timeout header runs out
      | write                      | ending            |
      | CREATE TABLE AS over /exec | Statement-Timeout |
      | INSERT … SELECT over /exec | Statement-Timeout |
      | UPDATE over /exec          | Statement-Timeout |

    Examples: the server's query.timeout runs out
      | write                                                                           | ending        |
      | CREATE TABLE AS over /exec                                                      | query.timeout |
      | INSERT … SELECT over /exec                                                      | query.timeout |
      | UPDATE over /exec                                                               | query.timeout |
      | CREATE TABLE AS over PostgreSQL simple                                          | query.timeout |
      | INSERT … SELECT over PostgreSQL simple                                          | query.timeout |
      | UPDATE over PostgreSQL simple                                                   | query.timeout |
      | INSERT … SELECT over PostgreSQL extended                                        | query.timeout |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | query.timeout |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | query.timeout |

    Examples: its PostgreSQL session's SET statement_timeout runs out
      | write                                                                           | ending            |
      | CREATE TABLE AS over PostgreSQL simple                                          | statement_timeout |
      | INSERT … SELECT over PostgreSQL simple                                          | statement_timeout |
      | UPDATE over PostgreSQL simple                                                   | statement_timeout |
      | INSERT … SELECT over PostgreSQL extended                                        | statement_timeout |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | statement_timeout |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | statement_timeout |

    Examples: the client closes the connection half-way
      | write                                                                           | ending            |
      | CREATE TABLE AS over /exec                                                      | client disconnect |
      | INSERT … SELECT over /exec                                                      | client disconnect |
      | UPDATE over /exec                                                               | client disconnect |
      | CSV over /imp                                                                   | client disconnect |
      | Parquet over /imp                                                               | client disconnect |
      | NDJSON over /imp                                                                | client disconnect |
      | lines over /write                                                               | client disconnect |
      | lines over /api/v2/write                                                        | client disconnect |
      | lines over TCP                                                                  | client disconnect |
      | CREATE TABLE AS over PostgreSQL simple                                          | client disconnect |
      | INSERT … SELECT over PostgreSQL simple                                          | client disconnect |
      | UPDATE over PostgreSQL simple                                                   | client disconnect |
      | INSERT … SELECT over PostgreSQL extended                                        | client disconnect |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | client disconnect |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | client disconnect |
      | INSERT … SELECT into two tables over PostgreSQL simple in a transaction block   | client disconnect |

    Examples: the client closes the connection inside the transaction block, before COMMIT
      | write                                                                           | ending                          |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | client disconnect before COMMIT |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | client disconnect before COMMIT |
      | INSERT … SELECT into two tables over PostgreSQL simple in a transaction block   | client disconnect before COMMIT |

    Examples: another connection cancels it (query_id on /exec, CancelRequest on PostgreSQL)
      | write                                                                           | ending |
      | CREATE TABLE AS over /exec                                                      | cancel |
      | INSERT … SELECT over /exec                                                      | cancel |
      | UPDATE over /exec                                                               | cancel |
      | CREATE TABLE AS over PostgreSQL simple                                          | cancel |
      | INSERT … SELECT over PostgreSQL simple                                          | cancel |
      | UPDATE over PostgreSQL simple                                                   | cancel |
      | INSERT … SELECT over PostgreSQL extended                                        | cancel |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | cancel |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | cancel |

    Examples: its query's hash table passes cairo.sql.hash.max.memory after rows were written
      | write                                                                           | ending                    |
      | CREATE TABLE AS over /exec                                                      | cairo.sql.hash.max.memory |
      | INSERT … SELECT over /exec                                                      | cairo.sql.hash.max.memory |
      | UPDATE over /exec                                                               | cairo.sql.hash.max.memory |
      | CREATE TABLE AS over PostgreSQL simple                                          | cairo.sql.hash.max.memory |
      | INSERT … SELECT over PostgreSQL simple                                          | cairo.sql.hash.max.memory |
      | UPDATE over PostgreSQL simple                                                   | cairo.sql.hash.max.memory |
      | INSERT … SELECT over PostgreSQL extended                                        | cairo.sql.hash.max.memory |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | cairo.sql.hash.max.memory |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | cairo.sql.hash.max.memory |

    Examples: the server process is killed with SIGKILL and started again
      | write                                    | ending  |
      | CREATE TABLE AS over /exec               | SIGKILL |
      | INSERT over /exec                        | SIGKILL |
      | INSERT … SELECT over /exec               | SIGKILL |
      | UPDATE over /exec                        | SIGKILL |
      | ALTER TABLE ADD COLUMN over /exec        | SIGKILL |
      | ALTER TABLE DROP COLUMN over /exec       | SIGKILL |
      | CSV over /imp                            | SIGKILL |
      | Parquet over /imp                        | SIGKILL |
      | NDJSON over /imp                         | SIGKILL |
      | lines over /write                        | SIGKILL |
      | lines over /api/v2/write                 | SIGKILL |
      | lines over TCP                           | SIGKILL |
      | CREATE TABLE AS over PostgreSQL simple   | SIGKILL |
      | INSERT … SELECT over PostgreSQL simple   | SIGKILL |
      | UPDATE over PostgreSQL simple            | SIGKILL |
      | INSERT over PostgreSQL extended          | SIGKILL |
      | INSERT … SELECT over PostgreSQL extended | SIGKILL |

    Examples: the server process is killed with SIGKILL before the transaction block's COMMIT, and started again
      | write                                                                           | ending                |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | SIGKILL before COMMIT |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | SIGKILL before COMMIT |
      | INSERT … SELECT into two tables over PostgreSQL simple in a transaction block   | SIGKILL before COMMIT |

    Examples: the server process is killed with SIGKILL right after COMMIT was answered, and started again
      | write                                                                           | ending               |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | SIGKILL after COMMIT |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | SIGKILL after COMMIT |
      | INSERT … SELECT into two tables over PostgreSQL simple in a transaction block   | SIGKILL after COMMIT |

  Scenario Outline: <write> ended by <ending>: the server says the disk is full and goes on
    A full disk is the server's condition, not a bug: the client is told so in its API's words (HTTP 507 with
    `could not write to disk: no space left on device [path=<file>]` in the route's error shape, PostgreSQL
    SQLSTATE 53100 with the same text; over TCP the connection is closed), the log has an Error line for it
    and no Critical one, svc_unhandled_errors_total stays 0, reads are answered while the disk is full, and
    once the disk has room again the same write succeeds on the same server, without a restart.

    When the write "<write>" ends by "<ending>"
    Then the write is wholly there or wholly absent, as its answer says
    And its client was told the disk is full, in its API's words
    And the log has an Error line for the full disk, no Critical line, and no unhandled error was counted
    And reads were answered while the disk was full
    And once the disk had room again, the same write succeeded without a restart

    Examples: the disk fills up
      | write                                                                           | ending    |
      | CREATE TABLE AS over /exec                                                      | full disk |
      | INSERT over /exec                                                               | full disk |
      | INSERT … SELECT over /exec                                                      | full disk |
      | UPDATE over /exec                                                               | full disk |
      | ALTER TABLE ADD COLUMN over /exec                                               | full disk |
      | ALTER TABLE DROP COLUMN over /exec                                              | full disk |
      | CSV over /imp                                                                   | full disk |
      | Parquet over /imp                                                               | full disk |
      | NDJSON over /imp                                                                | full disk |
      | lines over /write                                                               | full disk |
      | lines over /api/v2/write                                                        | full disk |
      | lines over TCP                                                                  | full disk |
      | CREATE TABLE AS over PostgreSQL simple                                          | full disk |
      | INSERT … SELECT over PostgreSQL simple                                          | full disk |
      | UPDATE over PostgreSQL simple                                                   | full disk |
      | INSERT over PostgreSQL extended                                                 | full disk |
      | INSERT … SELECT over PostgreSQL extended                                        | full disk |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | full disk |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | full disk |
      | INSERT … SELECT into two tables over PostgreSQL simple in a transaction block   | full disk |

    Examples: the disk is full when the transaction block's COMMIT comes
      | write                                                                           | ending              |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block   | full disk at COMMIT |
      | INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block | full disk at COMMIT |
      | INSERT … SELECT into two tables over PostgreSQL simple in a transaction block   | full disk at COMMIT |
