Feature: PostgreSQL wire protocol: extended queries, cancellation, connections and logins
  Parse/Bind/Describe/Execute/Sync with prepared statements reused across Binds, pipelined before one
  Sync; Execute with a row limit suspends the portal (PortalSuspended) and continues; CancelRequest stops
  the running statement of that backend; logins check pg.user/pg.password (clear text by default, MD5 or
  SCRAM-SHA-256 with pg.auth.method) and an optional read-only user.

  Scenario: pipelined Binds of one prepared statement answer in order before one ReadyForQuery
    Given a PostgreSQL connection at message level
    When the client sends Parse, Bind, Describe and Execute for "SELECT x, x * $1 FROM long_sequence(2)" with the values "10, 20, 30", three times, and then one Sync
    Then the server answered the messages "parseComplete, bindComplete, rowDescription, dataRow, dataRow, commandComplete, bindComplete, rowDescription, dataRow, dataRow, commandComplete, bindComplete, rowDescription, dataRow, dataRow, commandComplete, readyForQuery"
    And the data rows are "1|10, 2|20, 1|20, 2|40, 1|30, 2|60"

  Scenario: Execute with a row limit suspends the portal and the next Execute continues it
    Given a PostgreSQL connection at message level
    When the client binds "SELECT x FROM long_sequence(5)" and executes it 2 rows at a time
    Then the server answered the messages "parseComplete, bindComplete, dataRow, dataRow, portalSuspended, dataRow, dataRow, portalSuspended, dataRow, commandComplete"
    And the data rows are "1, 2, 3, 4, 5"

  Scenario: a CancelRequest from another connection stops the running statement with SQLSTATE 57014
    When a client runs "SELECT sum(x) FROM long_sequence(1000000000000)" and another connection sends a CancelRequest for it
    Then the statement fails with SQLSTATE "57014" within 10 seconds

  Scenario: 100 clients connected at once are all answered
    Given the environment variable "SVC_PG_NET_CONNECTION_LIMIT" is "120"
    When 100 PostgreSQL clients connect at once and each runs "SELECT count() n FROM long_sequence(1000)"
    Then every client got "[{\"n\":\"1000\"}]"

  Scenario: past pg.net.connection.limit a new connection is told so
    Given the environment variable "SVC_PG_NET_CONNECTION_LIMIT" is "1"
    And a PostgreSQL client connected as "admin" with password "quest"
    When a PostgreSQL client logs in as "admin" with password "quest"
    Then the login fails with "sorry, too many clients already" and SQLSTATE "53300"

  Scenario: a wrong password is refused and logged without the password
    When a PostgreSQL client logs in as "admin" with password "wrong-secret"
    Then the login fails with "password authentication failed for user \"admin\"" and SQLSTATE "28P01"
    And the log has a line matching "authentication failed .user=admin, remote="
    And the log does not contain "wrong-secret"

  Scenario Outline: every password method logs the configured user in
    Given the environment variable "SVC_PG_AUTH_METHOD" is "<method>"
    And the environment variable "SVC_PG_PASSWORD" is "s3cret"
    When a PostgreSQL client logs in as "admin" with password "s3cret"
    Then the login succeeds
    When a PostgreSQL client logs in as "admin" with password "quest"
    Then the login fails with "password authentication failed for user \"admin\"" and SQLSTATE "28P01"

    Examples:
      | method        |
      | cleartext     |
      | md5           |
      | scram-sha-256 |

  Scenario: the read-only user may read but not write
    Given the environment variable "SVC_PG_READONLY_USER_ENABLED" is "true"
    And a PostgreSQL client connected as "user" with password "quest"
    When the PostgreSQL client runs "CREATE TABLE nope (x INT)"
    Then the PostgreSQL error is "Write permission denied" with SQLSTATE "25006"
    When the PostgreSQL client runs "SELECT 1 one"
    Then the rows are:
      | one |
      | 1   |

  Scenario: the session starts with the settings PostgreSQL clients expect
    Then the server announced "server_version" as "14.9"
    And the server announced "client_encoding" as "UTF8"
    And the server announced "DateStyle" as "ISO, MDY"
    And the server announced "TimeZone" as "UTC"
    And the server announced "integer_datetimes" as "on"
    And the server announced "standard_conforming_strings" as "on"

  Scenario: a connection idle past pg.net.connection.timeout is closed with SQLSTATE 57P05
    Given the environment variable "SVC_PG_NET_CONNECTION_TIMEOUT" is "300"
    And a PostgreSQL connection at message level
    Then within 5 seconds the server closes the connection with SQLSTATE "57P05"
