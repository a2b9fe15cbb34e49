Feature: The TCP line-protocol listener's acknowledgement, limits and authentication
  TCP has no answers, so how the server ends a connection is what a writer can rely on: after the client
  closes its side, the server commits everything and then closes its own (a clean end of stream); a bad line
  commits the lines before it and resets the connection at once. Rows are committed as soon as the client
  pauses. Sockets that never send anything cannot lock writers out, connections can be made to authenticate
  with QuestDB's key challenge, and a read-only server takes no TCP writes.

  Scenario: the server's end of stream after the client's acknowledges every line
    Given a running server
    When I send over TCP, end my side and wait for the server to close:
      """
      acked,k=a v=1i 1700000000000000000
      acked,k=b v=2i 1700000001000000000
      """
    Then the server ended the TCP connection cleanly
    When I query "select k, v from acked"
    Then the dataset is "[[\"a\",1],[\"b\",2]]"

  Scenario: the clean end comes only after a large batch is committed
    Given a running server
    When I send 200000 lines like "bulk,k=a v={i}i {i}000" over TCP, end my side and wait for the server to close
    Then the server ended the TCP connection cleanly
    When I query "select count(), sum(v) from bulk"
    Then the dataset is "[[200000,19999900000]]"

  Scenario: a bad line resets the connection at once; the lines before it are committed first
    Given a running server
    When I send over TCP:
      """
      early,k=a v=1i 1700000000000000000
      early,k=b v=oops 1700000001000000000
      """
    Then within 1000 ms the server closes the TCP connection
    And within 1000 ms the query "select k, v from early" answers the dataset "[[\"a\",1]]"

  Scenario: a value the table refuses resets the connection at once too
    Given a running server
    When I send over TCP:
      """
      early2,k=a v=1i 1700000000000000000
      early2,k=b v=2.5 1700000001000000000
      """
    Then within 1000 ms the server closes the TCP connection
    And within 1000 ms the query "select k, v from early2" answers the dataset "[[\"a\",1]]"

  Scenario: a bad line ends the connection with a reset, not the clean end that acknowledges
    Given a running server
    When I send over TCP, end my side and wait for the server to close:
      """
      partly,k=a v=1i 1700000000000000000
      partly,k=b v=2i,v2=what 1700000001000000000
      """
    Then the server reset the TCP connection
    When I query "select k, v from partly"
    Then the dataset is "[[\"a\",1]]"

  Scenario: rows are committed as soon as the client pauses, long before the commit interval
    Given the environment variable "SVC_LINE_TCP_COMMIT_INTERVAL_DEFAULT" is "10s"
    And a running server
    When I send over TCP:
      """
      prompt,k=x v=1i 1700000000000000000
      """
    Then within 1000 ms the query "select k, v from prompt" answers the dataset "[[\"x\",1]]"
    And after 100 ms the TCP connection is still open

  Scenario: silent sockets at the connection limit make room for a writer
    Given the environment variable "SVC_LINE_TCP_NET_CONNECTION_LIMIT" is "4"
    And a running server
    When 4 TCP connections are open that send nothing
    And I send over TCP, end my side and wait for the server to close:
      """
      roomy,k=a v=1i 1700000000000000000
      """
    Then the server ended the TCP connection cleanly
    And within 2000 ms the server closed 1 of the silent TCP connections
    When I query "select k, v from roomy"
    Then the dataset is "[[\"a\",1]]"

  Scenario: with line.tcp.auth.db.path the official client writes after QuestDB's key challenge
    Given TCP line-protocol clients must authenticate, with the key "writer" known
    And a running server
    When the official client writes a row to "signed" over TCP as "writer"
    Then within 3000 ms the query "select k, v from signed" answers the dataset "[[\"a\",1]]"
    And the log has a line matching "line protocol connection authenticated \[remote=127.0.0.1:\d+, keyId=writer\]"

  Scenario: a wrong key, or no handshake at all, writes nothing
    Given TCP line-protocol clients must authenticate, with the key "writer" known
    And a running server
    When the official client writes a row to "forged" over TCP as "writer" with another key
    Then the log has a line matching "line protocol connection closed \[remote=127.0.0.1:\d+\] authentication failed: the signature was not verified \[keyId=writer\]"
    When I send over TCP, end my side and wait for the server to close:
      """
      plain,k=a v=1i 1700000000000000000
      plain,k=b v=2i 1700000001000000000
      """
    Then the server reset the TCP connection
    And storage has no table "forged"
    And storage has no table "plain"

  Scenario: a read-only server refuses TCP writes with a log line
    Given the environment variable "SVC_HTTP_SECURITY_READONLY" is "true"
    And a running server
    When I send over TCP, end my side and wait for the server to close:
      """
      ro_tcp,k=a v=1i 1700000000000000000
      """
    Then the server reset the TCP connection
    And the log has a line matching "line protocol connection refused, the server is read-only \[remote=127.0.0.1:\d+, http.security.readonly=true\]"
    And storage has no table "ro_tcp"
