Feature: compression, CORS, POST bodies, query ids, progress and cancellation
  svc's additions to QuestDB's HTTP API. Answers of /exec and text answers of /exp (CSV, NDJSON) are
  compressed when the client accepts it (zstd, gzip, br, deflate, in that order of preference); browsers
  on the origins in http.cors.allowed.origins may call the API; /exec takes its parameters in a POST body;
  and a query_id names a running query so that another connection can follow or cancel it.

  Scenario Outline: an answer is compressed with the coding the client accepts
    Given these SQL statements have run:
      """
      CREATE TABLE t AS (SELECT x::INT i, x * 2.5 d FROM long_sequence(3))
      """
    When I GET "/exp?query=t" on the API listener with the header "Accept-Encoding" set to "<accepted>"
    Then the status is 200
    And the header "Vary" is "Accept-Encoding"
    And the body decoded from <coding> reads:
      """
      "i","d"
      1,2.5
      2,5.0
      3,7.5

      """

    Examples:
      | accepted               | coding  |
      | gzip                   | gzip    |
      | gzip, deflate, br, zstd | zstd   |
      | br;q=1, gzip;q=0       | br      |
      | deflate                | deflate |

  Scenario: /exec JSON is compressed too, Parquet and Arrow never, and nothing without Accept-Encoding
    Given these SQL statements have run:
      """
      CREATE TABLE t AS (SELECT x::INT i, x * 2.5 d FROM long_sequence(3))
      """
    When I GET "/exec?query=t" on the API listener with the header "Accept-Encoding" set to "gzip"
    Then the body decoded from gzip has 1 lines
    When I GET "/exp?query=t&fmt=parquet" on the API listener with the header "Accept-Encoding" set to "gzip"
    Then there is no header "Content-Encoding"
    When I GET "/exec?query=t" on the API listener
    Then there is no header "Content-Encoding"

  Scenario: http.response.compression empty turns compression off
    Given the server.conf contains:
      """
      http.response.compression=
      """
    When I GET "/exec?query=select%201" on the API listener with the header "Accept-Encoding" set to "gzip"
    Then there is no header "Content-Encoding"

  Scenario: POST /exec takes a JSON body, a form body or the query text, with the same answer as GET
    Given these SQL statements have run:
      """
      CREATE TABLE t AS (SELECT x::INT i, x * 2.5 d FROM long_sequence(3))
      """
    When I POST "/exec" with the content type "application/json" and the body:
      """
      {"query": "select sum(i) from t", "count": true, "timings": false}
      """
    Then the status is 200
    And the dataset is "[[6]]"
    When I POST "/exec?nm=true" with the content type "application/x-www-form-urlencoded" and the body:
      """
      query=select+max(d)+from+t
      """
    Then the body is "{\"dataset\":[[7.5]],\"count\":1}"
    When I POST "/exec" with the content type "text/plain" and the gzipped body:
      """
      select count() from t
      """
    Then the dataset is "[[3]]"

  Scenario: a bad POST body is a 400 or 415 in the error shape
    When I POST "/exec" with the content type "application/json" and the body:
      """
      {"query": "select 1",
      """
    Then the status is 400
    And the JSON field "error" starts with "invalid JSON body"
    When I POST "/exec" with the content type "image/png" and the body:
      """
      x
      """
    Then the status is 415

  Scenario Outline: a damaged <coding> request body (<damage>) is the client's error on <route>, never a 500
    When I POST "<path>" with the content type "<type>" and the <coding> body <damage>:
      """
      <body>
      """
    Then the status is <status>
    And the body contains "<coding>"
    And no unhandled error was counted

    Examples:
      | route     | path                | type                                  | coding  | damage  | status | body                                                                                      |
      | /exec     | /exec               | text/plain                            | gzip    | cut     | 400    | select 1 from long_sequence(10) where x > 3 and x < 9 union all select 2 from long_sequence(5) |
      | /exec     | /exec               | text/plain                            | deflate | cut     | 400    | select 1 from long_sequence(10) where x > 3 and x < 9 union all select 2 from long_sequence(5) |
      | /exec     | /exec               | text/plain                            | br      | cut     | 400    | select 1 from long_sequence(10) where x > 3 and x < 9 union all select 2 from long_sequence(5) |
      | /exec     | /exec               | application/json                      | gzip    | flipped | 400    | {"query": "select 1 from long_sequence(10) where x > 3 and x < 9"}                        |
      | /exec     | /exec               | application/json                      | deflate | flipped | 400    | {"query": "select 1 from long_sequence(10) where x > 3 and x < 9"}                        |
      | /exec     | /exec               | application/json                      | br      | flipped | 400    | {"query": "select 1 from long_sequence(10) where x > 3 and x < 9"}                        |
      | /imp      | /imp?name=z         | multipart/form-data; boundary=b       | deflate | cut     | 200    | --b\r\nContent-Disposition: form-data; name="data"; filename="z.csv"\r\n\r\na,b\n1,2\n3,4\n--b--\r\n |
      | /imp      | /imp?name=z         | multipart/form-data; boundary=b       | br      | flipped | 200    | --b\r\nContent-Disposition: form-data; name="data"; filename="z.csv"\r\n\r\na,b\n1,2\n3,4\n--b--\r\n |
      | /write    | /write              | text/plain                            | gzip    | cut     | 415    | m,t=a v=1i 1700000000000000000\nm,t=b v=2i 1700000000000000001\nm,t=c v=3i 1700000000000000002 |
      | /settings | /settings?version=0 | application/json                      | gzip    | cut     | 400    | {"console.preferences": {"theme": "dark", "editor.fontSize": 14, "grid.pageSize": 1000}}  |

  Scenario: a query_id is echoed, and progress=true ends the document with a progress object
    When I GET "/exec?query=select%20count()%20from%20long_sequence(1000)&query_id=q-1&progress=true" on the API listener
    Then the header "X-Svc-Query-Id" is "q-1"
    And the JSON value at "progress.query_id" is "q-1"
    And the JSON value at "progress.rowsScanned" is "1000"
    And the JSON value at "progress.rowsReturned" is "1"

  Scenario: another connection follows and cancels a running query by its id
    When I start GET "/exec?query=select%20count()%20from%20long_sequence(100000000000)%20where%20x%20%25%207%20%3D%203&query_id=slow" on the API listener
    And within 10 seconds GET "/exec?query_id=slow" answers 200
    Then the JSON value at "query_id" is "slow"
    When I send DELETE "/exec?query_id=slow" to the API listener
    Then the status is 200
    And the body is "{\"query_id\":\"slow\",\"cancelled\":true}"
    And the started request answers 400 with the body containing "cancelled by user [query_id=slow]"
    When I GET "/exec?cancel=slow" on the API listener
    Then the status is 404
    And the body is "{\"query_id\":\"slow\",\"error\":\"query is not running\"}"

  Scenario: CORS is off by default
    When I send OPTIONS "/exec" with the headers:
      | Origin                        | http://app.example |
      | Access-Control-Request-Method | GET                |
    Then the status is 405
    And there is no header "Access-Control-Allow-Origin"

  Scenario: an allowed origin gets its preflight answered and its answers marked, others do not
    Given the server.conf contains:
      """
      http.cors.allowed.origins=http://app.example
      http.cors.allow.credentials=true
      http.user=admin
      http.password=quest
      """
    When I send OPTIONS "/exec" with the headers:
      | Origin                         | http://app.example         |
      | Access-Control-Request-Method  | POST                       |
      | Access-Control-Request-Headers | authorization,content-type |
    Then the status is 204
    And the header "Access-Control-Allow-Origin" is "http://app.example"
    And the header "Access-Control-Allow-Credentials" is "true"
    And the header "Access-Control-Allow-Methods" is "GET, HEAD, POST, DELETE"
    And the header "Access-Control-Allow-Headers" is "authorization,content-type"
    When I send GET "/exec?query=select%201" with the headers:
      | Origin        | http://app.example   |
      | Authorization | Basic YWRtaW46cXVlc3Q= |
    Then the status is 200
    And the header "Access-Control-Allow-Origin" is "http://app.example"
    And the header "Access-Control-Expose-Headers" is "Content-Disposition, Content-Encoding, X-Svc-Query-Id"
    When I send GET "/exec?query=select%201" with the headers:
      | Origin | http://app.example |
    Then the status is 401
    And the header "Access-Control-Allow-Origin" is "http://app.example"
    When I send OPTIONS "/exec" with the headers:
      | Origin                        | http://evil.example |
      | Access-Control-Request-Method | GET                 |
    Then the status is 403
    And there is no header "Access-Control-Allow-Origin"
