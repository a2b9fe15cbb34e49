Feature: Bad input gets a 4xx in the API's error shape, never a 500
  Every client mistake (a malformed multipart body, an odd byte in a parameter, a method a path does not
  serve) is answered with a 4xx in the error shape of the endpoint and an Error log line. Only what the
  server did not expect is a 500, and every answer is framed so that the connection can carry the next
  request.

  Scenario: a multipart body that is garbage is a 400
    Given a running server
    When I POST "/imp?name=t" with the content type "multipart/form-data; boundary=XYZ" and the body "garbage garbage"
    Then the status is 400
    And the header "Connection" is "close"
    And the body contains "malformed multipart request"
    And no unhandled error was counted
    And storage has no table "t"

  Scenario: a part without its closing boundary is a 400
    Given a running server
    When I POST "/imp?name=t" with the content type "multipart/form-data; boundary=XYZ" and the body "--XYZ\r\nContent-Disposition: form-data; name=\"data\"; filename=\"t.csv\"\r\n\r\na,b\n1,2\n3,4\n"
    Then the status is 400
    And the body contains "stream ended unexpectedly"
    And no unhandled error was counted
    And storage has no table "t"

  Scenario Outline: a <coding>-compressed multipart body without its closing boundary is a 400, not a 500
    Given a running server
    When I POST "/imp?name=t&fmt=json" with the content type "multipart/form-data; boundary=b" and the <coding> body whole:
      """
      --b\r\nContent-Disposition: form-data; name="data"; filename="t.csv"\r\n\r\na,b\n1,2\n3,4\n
      """
    Then the status is 400
    And the body contains "malformed multipart request"
    And no unhandled error was counted

    Examples:
      | coding  |
      | gzip    |
      | br      |

  Scenario: a part without a name is a 400, also with fmt=json
    Given a running server
    When I POST "/imp?name=t&fmt=json" with the content type "multipart/form-data; boundary=XYZ" and the body "--XYZ\r\nContent-Disposition: form-data; filename=\"t.csv\"\r\n\r\na,b\n1,2\n\r\n--XYZ--\r\n"
    Then the status is 400
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the body is "{\"status\":\"'Content-Disposition' multipart header missing'\"}"
    And no unhandled error was counted

  Scenario: a multipart content type without a boundary is a 400
    Given a running server
    When I POST "/imp" with the content type "multipart/form-data" and the body "abc"
    Then the status is 400
    And the body contains "no multipart boundary"

  Scenario: a POST to /imp that is not multipart is QuestDB's 400
    Given a running server
    When I POST "/imp?fmt=json" with the content type "text/csv" and the body "a,b\n1,2\n"
    Then the status is 400
    And the header "Content-Type" is "text/plain; charset=utf-8"
    And the body is "Non-multipart POST not supported\r\n"

  Scenario Outline: a method <path> does not serve is a 405 with QuestDB's message in the route's error shape
    Given a running server
    When I send <method> "<path>" to the API listener
    Then the status is 405
    And the header "Content-Type" is "<type>"
    And the header "Allow" is "<allow>"
    And the body <matches> "<body>"

    Examples:
      | method | path                  | type                            | allow                    | matches  | body                                                                         |
      | POST   | /exp?query=t          | application/json; charset=utf-8 | GET, HEAD                | is       | {\"query\":\"t\",\"error\":\"Method POST not supported\",\"position\":0}        |
      | PUT    | /exec                 | application/json; charset=utf-8 | GET, HEAD, POST, DELETE  | is       | {\"query\":\"\",\"error\":\"Method PUT not supported\",\"position\":0}          |
      | DELETE | /exec                 | application/json; charset=utf-8 | GET, HEAD, POST          | is       | {\"query\":\"\",\"error\":\"Method DELETE not supported\",\"position\":0}       |
      | GET    | /imp                  | text/plain; charset=utf-8       | POST                     | contains | Method GET not supported                                                     |
      | GET    | /imp?fmt=json         | application/json; charset=utf-8 | POST                     | is       | {\"status\":\"Method GET not supported\"}                                      |
      | GET    | /write                | application/json; charset=utf-8 | POST                     | contains | {\"code\":\"not supported\",\"message\":\"Method GET not supported\",\"errorId\": |
      | DELETE | /settings             | application/json; charset=utf-8 | GET, HEAD, PUT, POST     | is       | {\"error\":\"Method DELETE not supported\"}                                    |
      | POST   | /chk                  | text/plain; charset=utf-8       | GET, HEAD                | is       | Method POST not supported\\r\\n                                              |
      | PUT    | /ping                 | text/plain; charset=utf-8       | GET, HEAD                | is       | Method PUT not supported\\r\\n                                               |

  Scenario Outline: /exp?filename= with <what> exports, and the connection carries the next request
    Given a running server
    When I GET "/exp?query=select%201%20x&filename=<filename>" and then "/exec?query=select%202" on one connection to the API listener
    Then the first answer had the status 200
    And the second request went over the same connection
    And the status is 200
    And the body contains "\"dataset\":[[2]]"
    And no unhandled error was counted

    Examples:
      | what            | filename     |
      | NUL             | a%00b        |
      | 0x01            | a%01b        |
      | 0x7F            | a%7Fb        |
      | a line break    | a%0D%0AX:%20y |
      | the euro sign   | %E2%82%AC    |
      | broken UTF-8    | %FF%FE       |

  Scenario: a non-ASCII export filename is sent as RFC 6266 filename*
    Given a running server
    When I GET "/exp?query=select%201%20x&filename=prix%20%E2%82%AC" on the API listener
    Then the status is 200
    And the header "Content-Disposition" is "attachment; filename=\"prix _.csv\"; filename*=UTF-8''prix%20%E2%82%AC.csv"

  Scenario Outline: every byte in every parameter of <path> is answered without a 500
    Given a running server
    And the SQL "create table t (ts timestamp, s symbol, v double) timestamp(ts) partition by day" has run
    When I send every byte and 4 random byte strings in each of the parameters "<params>" of <method> "<path>" with "<base>"
    Then no fuzzed answer was a 5xx and every JSON answer parses
    And no unhandled error was counted

    Examples:
      | method | path      | base                      | params                                                                                                                                                                                                 |
      | GET    | /exec     | query=t                   | query, count, limit, nm, timings, explain, quoteLargeNum, cols, src, version                                                                                                                           |
      | GET    | /exp      | query=t                   | query, limit, nm, count, fmt, timeout, filename, delimiter                                                                                                                                             |
      | GET    | /exp      | query=t&fmt=parquet       | partition_by, compression_codec, compression_level, row_group_size, data_page_size, statistics_enabled, parquet_version, raw_array_encoding, bloom_filter_columns, bloom_filter_fpp |
      | POST   | /imp      | name=f                    | name, overwrite, atomicity, delimiter, fmt, forceHeader, partitionBy, o3MaxLag, maxUncommittedRows, skipLev, timestamp, create                                                                        |
      | GET    | /chk      | j=t                       | j, f                                                                                                                                                                                                   |
      | GET    | /settings | x=1                       | version                                                                                                                                                                                                |

  Scenario: part headers longer than http.multipart.header.buffer.size are a 400
    Given the environment variable "SVC_HTTP_MULTIPART_HEADER_BUFFER_SIZE" is "256"
    And a running server
    When I POST "/imp?name=t" with the content type "multipart/form-data; boundary=XYZ" and a part whose filename has 5000 characters
    Then the status is 400
    And the body contains "multipart part headers too large [limit=256]"
    And no unhandled error was counted

  Scenario Outline: every byte in the value of a header is answered without a 500
    Given a running server
    When I send every byte in the value of each of the headers "<headers>" with "<request line>"
    Then every header answer is a status below 500
    And no unhandled error was counted

    Examples:
      | request line                          | headers                                              |
      | GET /exec?query=select%201 HTTP/1.1   | Statement-Timeout, Authorization                     |
      | POST /imp?name=h HTTP/1.1             | Content-Type                                         |
