Feature: InfluxDB line protocol over TCP (line.tcp.net.bind.to, default 0.0.0.0:9009)
  Newline-delimited lines over a plain socket, committed every `line.tcp.commit.interval.default` and when
  the connection closes. TCP has no answers: a bad line is logged and closes its connection, and the rows of
  the lines before it are committed.

  Scenario: rows sent over TCP are committed when the connection closes
    Given a running server
    When I send over TCP and close the connection:
      """
      engine,unit=a rpm=1200i,temp=88.5 1700000000000000000
      engine,unit=b rpm=900i,temp=71.25 1700000001000000000
      """
    Then within 5000 ms the query "select unit, rpm, temp from engine" answers the dataset:
      """
      [["a",1200,88.5],["b",900,71.25]]
      """

  Scenario: many connections write one table at once
    Given a running server
    When 6 TCP connections each send 500 lines like "shared,conn=n{c} v={i}i {i}000000000" and close
    Then within 5000 ms the query "select count(), count_distinct(conn) from shared" answers the dataset "[[3000,6]]"

  Scenario: an open connection's rows are committed at the commit interval
    Given the environment variable "SVC_LINE_TCP_COMMIT_INTERVAL_DEFAULT" is "100"
    And a running server
    When I send over TCP:
      """
      live,k=x v=1i 1700000000000000000
      """
    Then within 3000 ms the query "select k, v from live" answers the dataset "[[\"x\",1]]"
    And after 100 ms the TCP connection is still open

  Scenario: over TCP a timestamp field converts to its column's unit, an n value keeping all nine digits
    Given a running server
    And the SQL "create table tsunits (k symbol, us timestamp, ns timestamp_ns, timestamp timestamp) timestamp(timestamp) partition by day" has run
    When I send over TCP and close the connection:
      """
      tsunits,k=a us=1700000000123456789n,ns=1700000000123456789n 1700000000000000000
      tsunits,k=b us=1700000000123456t,ns=1700000000123456t 1700000001000000000
      tsunits,k=c ns=9223372036854775807n 1700000002000000000
      tsunits,k=d ns=-1n,us=1700000000123m 1700000003000000000
      """
    Then within 5000 ms the query "select k, us, ns from tsunits" answers the dataset:
      """
      [["a","2023-11-14T22:13:20.123456Z","2023-11-14T22:13:20.123456789Z"],["b","2023-11-14T22:13:20.123456Z","2023-11-14T22:13:20.123456000Z"],["c",null,"2262-04-11T23:47:16.854775807Z"],["d","2023-11-14T22:13:20.123000Z","1969-12-31T23:59:59.999999999Z"]]
      """

  Scenario: a malformed line closes the connection; the lines before it stay
    Given a running server
    When I send over TCP:
      """
      good,k=a v=1.5 1700000000000000000
      good,k=b v=2.5 1700000001000000000
      good,k=c v=what 1700000002000000000
      good,k=d v=4.5 1700000003000000000
      """
    Then within 3000 ms the server closes the TCP connection
    And within 3000 ms the query "select k, v from good" answers the dataset "[[\"a\",1.5],[\"b\",2.5]]"
    And the log has a line matching "line protocol line rejected, closing the connection \[errorId=[0-9a-f]{12}-\d+, remote=127.0.0.1:\d+, line=3\] Could not parse entire line, field value is invalid. Field: v; value: what"

  Scenario: a value the table refuses closes the connection; the lines before it stay
    Given a running server
    When I send over TCP:
      """
      typed,k=a n=1i 1700000000000000000
      typed,k=b n=2i 1700000001000000000
      typed,k=c n="text" 1700000002000000000
      typed,k=d n=4i 1700000003000000000
      """
    Then within 3000 ms the server closes the TCP connection
    And within 3000 ms the query "select k, n from typed" answers the dataset "[[\"a\",1],[\"b\",2]]"
    And the log has a line matching "line protocol line rejected, closing the connection \[errorId=[0-9a-f]{12}-\d+, remote=127.0.0.1:\d+, line=3\] table: typed, column: n; cast error from protocol type: STRING to column type: LONG"

  Scenario: an idle connection is closed after line.tcp.net.idle.timeout
    Given the environment variable "SVC_LINE_TCP_NET_IDLE_TIMEOUT" is "200"
    And a running server
    When I open a TCP connection and send nothing
    Then within 3000 ms the server closes the TCP connection

  Scenario: a client that drips an unfinished line is closed after line.tcp.net.line.timeout
    Given the environment variable "SVC_LINE_TCP_NET_LINE_TIMEOUT" is "300"
    And a running server
    When I send over TCP the bytes "drip,k=a v="
    And I wait 150 ms
    And I send over TCP the bytes "1"
    And I wait 150 ms
    And I send over TCP the bytes "2"
    Then within 3000 ms the server closes the TCP connection
    And storage has no table "drip"

  Scenario: a line longer than line.tcp.max.recv.buffer.size closes the connection
    Given the environment variable "SVC_LINE_TCP_MAX_RECV_BUFFER_SIZE" is "512"
    And a running server
    When I send over TCP the bytes "long,k=a v=1.0 1700000000000000000\nlong,k=b s=\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    Then within 3000 ms the server closes the TCP connection
    And within 3000 ms the query "select k from long" answers the dataset "[[\"a\"]]"

  Scenario: connections past line.tcp.net.connection.limit are refused while every connection is writing
    Given the environment variable "SVC_LINE_TCP_NET_CONNECTION_LIMIT" is "1"
    And a running server
    When I send over TCP:
      """
      held,k=a v=1i 1700000000000000000
      """
    And I wait 300 ms
    And I open a second TCP connection
    Then within 3000 ms the server closes the second TCP connection

  Scenario: with line.tcp.enabled=false nothing listens and /settings offers HTTP only
    Given the environment variable "SVC_LINE_TCP_ENABLED" is "false"
    And a running server
    When I GET "/settings" on the API listener
    Then the body contains "\"accepting.writes\":[\"http\", \"pgwire\"],\"line.proto.support.versions\":[1,2,3],\"ilp.proto.transports\":[\"http\"]"
    And the log has no line matching "line tcp server listening"

  Scenario: /settings lists every listener that takes writes: HTTP, TCP and PostgreSQL
    Given a running server
    When I GET "/settings" on the API listener
    Then the body contains "\"accepting.writes\":[\"http\", \"tcp\", \"pgwire\"],"

  Scenario Outline: /settings leaves PostgreSQL out when it takes no writes
    Given the environment variable "<variable>" is "<value>"
    And a running server
    When I GET "/settings" on the API listener
    Then the body contains "\"accepting.writes\":[\"http\", \"tcp\"],"

    Examples:
      | variable                | value |
      | SVC_PG_ENABLED          | false |
      | SVC_PG_SECURITY_READONLY | true |

  Scenario: over TCP a refused line after many others: every line before it is committed, none after it
    Given a running server
    When I send over TCP 200000 lines like "streamed,k=b n={i}i 1700000001{i}" and then the lines:
      """
      streamed,k=c n="text" 1700000002000000000
      streamed,k=d n=7i 1700000003000000000
      """
    And I send over TCP 20000 lines like "streamed,k=e n=1i 1700000004{i}" and then the lines:
      """
      streamed,k=f n=1i 1700000005000000000
      """
    Then within 10000 ms the server closes the TCP connection
    And within 3000 ms the query "select count(), sum(n), count_distinct(k) from streamed" answers the dataset "[[200000,19999900000,1]]"
