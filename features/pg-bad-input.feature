Feature: PostgreSQL wire protocol: bad input
  Malformed messages, absurd lengths, a foreign protocol version, a client leaving in the middle of a
  result and thousands of short connections end in a clean error for that client (ErrorResponse with
  SQLSTATE 08P01, the protocol violation, where the stream cannot be trusted any more), never a crash;
  other clients are unaffected and nothing stays behind.

  Scenario Outline: <input> is a protocol violation that closes only that connection
    When a logged-in client sends "<input>"
    Then the client gets a FATAL error with SQLSTATE "08P01" and the connection is closed
    And another PostgreSQL client still gets "[{\"one\":1}]" for "SELECT 1 one"

    Examples:
      | input                               |
      | a Query declaring a length of 2 GB  |
      | a message declaring a length of 2   |
      | a message of unknown type           |

  Scenario: a Bind whose body ends early is an error, and the connection carries on after Sync
    When a logged-in client sends "a Bind whose body ends early"
    Then the client gets an error with SQLSTATE "08P01" and the connection stays usable

  Scenario: a start-up with protocol version 2.0 is refused
    When a client starts with protocol version 2.0
    Then the client gets a FATAL error with SQLSTATE "0A000" and the connection is closed

  Scenario: a client that leaves in the middle of a large result stops its query
    When a client starts "SELECT x, rnd_str(20, 20, 0) FROM long_sequence(50000000)" and disconnects after the first rows arrive
    Then the server has no PostgreSQL connection open within 5 seconds
    And another PostgreSQL client still gets "[{\"one\":1}]" for "SELECT 1 one"

  Scenario: 10,000 connections opened and closed leave no handles and no memory behind
    When 10000 connections are opened and closed, some after a start-up message
    Then within 10 seconds the TCP handles are back to where they were and the RSS grew by less than 64 MB
    And another PostgreSQL client still gets "[{\"one\":1}]" for "SELECT 1 one"

  Scenario: connections still in their start-up do not count toward pg.net.connection.limit
    Given the environment variable "SVC_PG_NET_CONNECTION_LIMIT" is "4"
    When 64 sockets each send half a start-up packet
    And a PostgreSQL client logs in as "admin" with password "quest"
    Then the login succeeds

  Scenario: past pg.net.startup.connection.limit the oldest connection still in its start-up is closed for the new one
    Given the environment variable "SVC_PG_NET_STARTUP_CONNECTION_LIMIT" is "8"
    When 20 sockets each send half a start-up packet
    Then within 5 seconds the server has closed the first 12 of those sockets and kept the others open
    When a PostgreSQL client logs in as "admin" with password "quest"
    Then the login succeeds

  Scenario: a start-up not finished within pg.net.startup.timeout is closed
    Given the environment variable "SVC_PG_NET_STARTUP_TIMEOUT" is "300ms"
    When 3 sockets each send half a start-up packet
    Then within 5 seconds the server has closed all of those sockets
    When a socket sends a start-up message and no password
    Then within 5 seconds the server has closed all of those sockets
    And another PostgreSQL client still gets "[{\"one\":1}]" for "SELECT 1 one"

  Scenario: a short seeded run of the PostgreSQL message fuzzer finds no crash, no internal error and no stall
    When "node dist/tools/fuzz/pg-fuzz.js --seed 7 --messages 2000 --max-stall-ms 5000" is run
    Then that process exits with code 0 within 90 seconds
    And its output contains "0 crashes, 0 internal errors (XX000), 0 Critical log lines"
