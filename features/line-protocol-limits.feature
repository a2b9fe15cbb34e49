Feature: Line protocol refuses bad input with a clear error and keeps serving
  Every limit is a configuration key; what passes it is refused with the answer shape of /write, nothing of
  the request is committed, and the server answers the next request as usual.

  Scenario: a line longer than line.http.max.recv.buffer.size answers 413
    Given the environment variable "SVC_LINE_HTTP_MAX_RECV_BUFFER_SIZE" is "1m"
    And a running server
    When I write one line with a 50 MB string value
    Then the status is 413
    And the line protocol error is "request too large" on line 1
    And the error message ends with "line is too large, send shorter lines or increase the buffer size \"line.http.max.recv.buffer.size\" [maxBufferSize=1048576]"
    When I write the lines:
      """
      after v=1i
      """
    Then the status is 204

  Scenario: a body of random bytes is refused at its first line
    Given a running server
    When I write 100000 bytes of random data
    Then the status is 400
    And the line protocol error is "invalid" on line 1

  Scenario: a gzip bomb stops at line.http.gzip.max.size
    Given the environment variable "SVC_LINE_HTTP_GZIP_MAX_SIZE" is "1m"
    And a running server
    When I write a gzip body that inflates to 64 MB of blank lines
    Then the status is 413
    And the line protocol error is "request too large" on line 0
    And the error message is "failed to parse line protocol:errors encountered on line(s):gzip body inflates past 1048576 bytes [line.http.gzip.max.size=1048576]"

  Scenario: more new columns than line.max.table.columns are refused
    Given a running server
    When I write 1 lines like "wide c0=0i,c1=1i,c2=2i"
    And I write the lines:
      """
      wide c0=1i,c3=1i,c4=1i
      """
    Then the status is 204
    Given the environment variable "SVC_LINE_MAX_TABLE_COLUMNS" is "7"
    When the server restarts
    And I write the lines:
      """
      wide c5=1i
      wide c6=1i
      """
    Then the status is 400
    And the error message ends with "error in line 2: table: wide; too many columns, the table would have more than 7 [line.max.table.columns=7]"
    And the table "wide" holds the columns "c0 LONG, c1 LONG, c2 LONG, timestamp TIMESTAMP, c3 LONG, c4 LONG"

  Scenario: 10,000 new columns in one request stop at the default limit
    Given a running server
    When I write one line with 10000 fields to "many"
    Then the status is 400
    And the error message ends with "table: many; too many columns, the table would have more than 2048 [line.max.table.columns=2048]"
    And storage has no table "many"

  Scenario: a line adding more columns than line.max.new.columns.per.line is refused
    Given the environment variable "SVC_LINE_MAX_NEW_COLUMNS_PER_LINE" is "10"
    And a running server
    When I write one line with 11 fields to "storm"
    Then the status is 400
    And the error message ends with "error in line 1: table: storm; too many new columns in one line, a line may add at most 10 [line.max.new.columns.per.line=10]"
    And storage has no table "storm"
    When I write one line with 10 fields to "storm"
    Then the status is 204
    When I write the lines:
      """
      storm f0=1i,g0=1i,g1=1i,g2=1i,g3=1i,g4=1i,g5=1i,g6=1i,g7=1i,g8=1i,g9=1i,g10=1i
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: storm; too many new columns in one line, a line may add at most 10 [line.max.new.columns.per.line=10]"

  Scenario: more tables in one request than line.max.tables.per.transaction are refused
    Given a running server
    When I write 1001 lines like "table_{i} v=1i"
    Then the status is 400
    And the line protocol error is "invalid" on line 1001
    And the error message ends with "error in line 1001: too many tables in one request [line.max.tables.per.transaction=1000]"
    And storage has no table "table_0"

  Scenario: invalid table and column names are refused with QuestDB's words
    Given a running server
    When I write the lines:
      """
      bad:name v=1i
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: bad:name; invalid table name"
    When I write the lines:
      """
      fine v=1i
      fine bad.col=1i
      """
    Then the status is 400
    And the error message ends with "error in line 2: table: fine; invalid column name: bad.col"
    And storage has no table "fine"

  Scenario: with line.auto.create.new.tables=false a missing table is an error
    Given the environment variable "SVC_LINE_AUTO_CREATE_NEW_TABLES" is "false"
    And a running server
    When I write the lines:
      """
      nosuch v=1i
      """
    Then the status is 400
    And the error message ends with "table: nosuch; table does not exist, creating new tables is disabled"

  Scenario: /write needs credentials like /exec; /ping does not
    Given the environment variable "SVC_HTTP_USER" is "admin"
    And the environment variable "SVC_HTTP_PASSWORD" is "quest"
    And the environment variable "SVC_HTTP_AUTH_TOKENS" is "token-one"
    And a running server
    When I write the lines:
      """
      locked v=1i
      """
    Then the status is 401
    And the body is "Unauthorized\r\n"
    And storage has no table "locked"
    When I write the lines as "admin" with password "quest":
      """
      locked v=1i
      """
    Then the status is 204
    When I write the lines with the bearer token "token-one":
      """
      locked v=2i
      """
    Then the status is 204
    When I write the lines as "admin" with password "nope":
      """
      locked v=3i
      """
    Then the status is 401
    And the table "locked" holds 2 rows
    When I GET "/ping" on the API listener
    Then the status is 204

  Scenario: a read-only server refuses line protocol writes
    Given the environment variable "SVC_HTTP_SECURITY_READONLY" is "true"
    And a running server
    When I write the lines:
      """
      ro v=1i
      """
    Then the status is 403
    And the line protocol error is "unauthorised" on line 0
    And storage has no table "ro"

  Scenario: rows, rejected lines and bytes are counted per transport
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And a running server
    When I write the lines:
      """
      counted v=1i
      counted v=2i
      """
    And I write the lines:
      """
      counted v=oops
      """
    And I send over TCP and close the connection:
      """
      counted v=3i
      """
    Then within 3000 ms the query "select count() from counted" answers the dataset "[[3]]"
    When I GET "/metrics" on the min listener
    Then the body contains "svc_line_http_rows_total 2\n"
    And the body contains "svc_line_http_rejected_lines_total 1\n"
    And the body contains "svc_line_http_recv_bytes 41\n"
    And the body contains "svc_line_tcp_rows_total 1\n"
    And the body contains "svc_line_tcp_recv_bytes 13\n"
    And the body contains "svc_ilp_rows_total 3\n"
