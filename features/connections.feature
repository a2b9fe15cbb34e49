Feature: Connections that hold the API listener cannot lock clients out
  A connection must deliver its request headers within `http.request.header.timeout`; a connection with no
  bytes either way for `http.net.connection.timeout` is closed; at `http.net.connection.limit` a new client
  takes the slot of a connection proven idle (kept alive, or silent for 2 s), else waits for one, and only
  when none comes is it answered a 503, after its request was read: never a reset. The health listener
  reports when the API cannot take new clients.

  Scenario: a connection that sends nothing is closed after the header timeout
    Given the environment variable "SVC_HTTP_REQUEST_HEADER_TIMEOUT" is "500ms"
    And a running server
    When 3 clients connect to the API listener and send nothing
    Then the server closes every held connection within 1500 ms

  Scenario: a connection that sends half its headers is closed after the header timeout
    Given the environment variable "SVC_HTTP_REQUEST_HEADER_TIMEOUT" is "500ms"
    And a running server
    When a client sends the request line and half the headers to the API listener
    Then the server closes every held connection within 1500 ms

  Scenario: an upload sent with Expect: 100-continue may take longer than the header timeout
    Given the environment variable "SVC_HTTP_REQUEST_HEADER_TIMEOUT" is "500ms"
    And a running server
    When a client uploads 1000 rows to "/imp?name=slow" with "Expect: 100-continue", its body spread over 1500 ms
    Then that client is answered "HTTP/1.1 200 OK"
    When I GET "/exec?query=select%20count()%20from%20slow" on the API listener
    Then the body contains "[[1000]]"

  Scenario: a stalled upload is closed after the idle timeout and leaves no table
    Given the environment variable "SVC_HTTP_NET_CONNECTION_TIMEOUT" is "700ms"
    And a running server
    When 1 clients start an upload to "/imp?name=stalled" and stall
    Then the server closes every held connection within 2000 ms
    And storage has no table "stalled"

  Scenario: 300 half-open connections past the limit cannot starve the API
    Given a running server
    When 300 clients connect to the API listener and send nothing
    And I GET "/exec?query=select%2042" on the API listener
    Then the status is 200
    And the body contains "[[42]]"
    When I GET "/health" on the min listener
    Then the status is 200

  Scenario: a burst of 1000 connections past the limit of 256 is answered 200 or 503, none is reset
    Given a running server
    When 1000 clients each send GET "/exec?query=select%201" on a new connection at once
    Then every client of the burst was answered 200 or 503, at least 256 of them 200
    When I GET "/exec?query=select%2042" on the API listener
    Then the body contains "[[42]]"

  Scenario: a burst past the limit while 300 half-open connections hold it is answered 200 or 503, none is reset
    Given a running server
    When 300 clients connect to the API listener and send nothing
    And 1000 clients each send GET "/exec?query=select%201" on a new connection at once
    Then every client of the burst was answered 200 or 503, at least 50 of them 200
    When I GET "/exec?query=select%2042" on the API listener
    Then the body contains "[[42]]"

  Scenario: when every connection has a request in flight a new client gets a 503 and health says so
    Given the environment variable "SVC_HTTP_NET_CONNECTION_LIMIT" is "2"
    And a running server
    When 2 clients start an upload to "/imp?name=busy" and stall
    And a new client sends "GET /exec?query=select%201 HTTP/1.1" on its own connection
    Then that client is answered "HTTP/1.1 503 Service unavailable"
    And that answer has a body of its Content-Length containing "too many connections [limit=2]"
    When I GET "/" on the min listener
    Then the status is 503
    And the body is "Status: Unhealthy\nAPI listener not accepting connections [connections=2, limit=2]"
    When the stalled clients go away
    And I GET "/" on the min listener
    Then the status is 200
    When I GET "/exec?query=select%201" on the API listener
    Then the status is 200

  Scenario: a request head larger than http.request.header.buffer.size is a 431
    Given the environment variable "SVC_HTTP_REQUEST_HEADER_BUFFER_SIZE" is "8k"
    And a running server
    When a client sends a request with a header of 20000 bytes
    Then that client is answered "HTTP/1.1 431 Headers too large"
    And that answer has a body of its Content-Length containing "request headers too large"
    When I GET "/exec?query=select%201" on the API listener
    Then the status is 200

  Scenario: the default http.request.header.buffer.size (64k) takes heads larger than Node's 16 KiB
    Given a running server
    When a client sends a request with a header of 40000 bytes
    Then that client is answered "HTTP/1.1 200 OK"
