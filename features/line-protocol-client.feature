Feature: The official QuestDB Node.js client (@questdb/nodejs-client) writes to svc
  The client asks GET /settings for `line.proto.support.versions` (protocol_version=auto picks the highest:
  3, binary doubles, arrays and decimals), POSTs to /write?precision=n, and over TCP streams text lines. Whatever it
  sends reads back through /exec exactly: types, symbols, timestamps, and NULL for what a row leaves out.

  Scenario Outline: over HTTP with protocol <protocol>
    Given a running server
    When the official client sends the sample rows to "readings" with "http::addr={api};protocol_version=<protocol>"
    Then the table "readings" holds the columns "sensor SYMBOL, site SYMBOL, temp DOUBLE, count LONG, note VARCHAR, ok BOOLEAN, seen TIMESTAMP, timestamp TIMESTAMP"
    When I query "readings"
    Then the dataset is:
      """
      [["s1","north",21.5,7,"line \"one\", \\ and\nmore",true,"2023-11-14T22:13:20.123456Z","2023-11-14T22:13:20.000001Z"],["s2",null,null,null,null,false,null,"2023-11-14T22:13:21.000000Z"]]
      """

    Examples:
      | protocol |
      | auto     |
      | 1        |
      | 2        |
      | 3        |

  Scenario: protocol 2 sends DOUBLE arrays
    Given a running server
    When the official client sends the sample rows with an array to "grids" with "http::addr={api}"
    When I query "select sensor, grid from grids"
    Then the dataset is:
      """
      [["s1",[[1.5,2.0],[3.0,-4.25]]],["s2",null]]
      """

  Scenario: with Basic authentication the client needs the credentials
    Given the environment variable "SVC_HTTP_USER" is "admin"
    And the environment variable "SVC_HTTP_PASSWORD" is "quest"
    And a running server
    When the official client sends a row to "secured" with "http::addr={api};username=admin;password=quest", I remember the error
    Then the table "secured" holds 2 rows
    When the official client sends a row to "secured" with "http::addr={api};username=admin;password=wrong", I remember the error
    Then the client error contains "statusCode=401"
    And the table "secured" holds 2 rows

  Scenario: over TCP the rows are committed when the connection closes
    Given a running server
    When the official client sends the sample rows to "tcp_readings" with "tcp::addr={tcp}"
    Then within 5000 ms the query "select sensor, site, temp, count, note, ok, seen, timestamp from tcp_readings" answers the dataset:
      """
      [["s1","north",21.5,7,"line \"one\", \\ and\nmore",true,"2023-11-14T22:13:20.123456Z","2023-11-14T22:13:20.000001Z"],["s2",null,null,null,null,false,null,"2023-11-14T22:13:21.000000Z"]]
      """
