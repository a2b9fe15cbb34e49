Feature: PostgreSQL logins follow the server's one security model
  With http.user and http.password set, PostgreSQL logins use those credentials too (unless pg.user or
  pg.password is set explicitly, which then applies to PostgreSQL alone, as the start-up says), so the
  default admin/quest no longer opens the database. http.security.readonly=true makes PostgreSQL
  read-only as well (writes get SQLSTATE 25006). A listener on a non-loopback address that still accepts
  the default password says so at start-up with an Error line.

  Scenario: with HTTP credentials set, PostgreSQL takes them and refuses the default password
    Given the server.conf contains:
      """
      http.user=ops
      http.password=s3cret-pass
      """
    When a PostgreSQL client logs in as "admin" with password "quest"
    Then the login fails with "password authentication failed for user \"admin\"" and SQLSTATE "28P01"
    When a PostgreSQL client logs in as "ops" with password "s3cret-pass"
    Then the login succeeds
    And the log has a line matching "A pg-server logins \[user=ops, password=http.password"

  Scenario: an explicit pg.password keeps PostgreSQL's own credentials, and the start-up says so
    Given the server.conf contains:
      """
      http.user=ops
      http.password=s3cret-pass
      pg.password=pg-only-pass
      """
    When a PostgreSQL client logs in as "admin" with password "pg-only-pass"
    Then the login succeeds
    When a PostgreSQL client logs in as "ops" with password "s3cret-pass"
    Then the login fails with "password authentication failed for user \"ops\"" and SQLSTATE "28P01"
    And the log has a line matching "A pg-server logins \[user=admin, password=pg.password\]: not the HTTP credentials"

  Scenario: http.security.readonly makes PostgreSQL read-only too
    Given the environment variable "SVC_HTTP_SECURITY_READONLY" is "true"
    And a PostgreSQL client connected as "admin" with password "quest"
    When the PostgreSQL client runs "CREATE TABLE t (x LONG)"
    Then the PostgreSQL error is "Write permission denied" with SQLSTATE "25006"
    When the PostgreSQL client runs "SELECT 1 one"
    Then the rows are:
      | one |
      | 1   |
    When psql runs "CREATE TABLE t2 (x LONG)"
    Then it prints:
      """
      ERROR:  Write permission denied
      """

  Scenario: the default password on a non-loopback listener is announced with an Error line
    Given the environment variable "SVC_PG_NET_BIND_TO" is "0.0.0.0:0"
    When a PostgreSQL client logs in as "admin" with password "quest"
    Then the login succeeds
    And the log has a line matching "E pg-server the PostgreSQL listener accepts the default password on a non-loopback address \[bind=0.0.0.0:\d+, user=admin\]"

  Scenario: on a loopback listener the default password is only noted
    When a PostgreSQL client logs in as "admin" with password "quest"
    Then the login succeeds
    And the log does not contain "accepts the default password on a non-loopback address"
