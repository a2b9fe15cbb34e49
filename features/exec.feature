Feature: GET /exec runs one SQL statement and answers JSON
  The JSON answer, byte for byte as QuestDB sends it, with svc's documented choices where QuestDB is loose.

  Scenario: a SELECT answers query, columns, timestamp, dataset and count in that order
    When I query "select 42 answer"
    Then the status is 200
    And the body is "{\"query\":\"select 42 answer\",\"columns\":[{\"name\":\"answer\",\"type\":\"INT\"}],\"timestamp\":-1,\"dataset\":[[42]],\"count\":1}"
    And the headers start in the order "Server, Date, Transfer-Encoding, Content-Type, Keep-Alive"
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the header "Keep-Alive" is "timeout=5, max=10000"

  Scenario: select 1 is answered exactly as QuestDB does
    When I query "select 1"
    Then the body is "{\"query\":\"select 1\",\"columns\":[{\"name\":\"1\",\"type\":\"INT\"}],\"timestamp\":-1,\"dataset\":[[1]],\"count\":1}"

  Scenario: a generator query that runs past Statement-Timeout ends with the timeout error
    When I query "select sum(x) from long_sequence(100000000000)" with the header "Statement-Timeout" set to "200"
    Then the status is 400
    And the JSON field "error" starts with "timeout, query aborted"

  Scenario: nm=true leaves out query, columns and timestamp
    When I query "select 1" with "nm=true"
    Then the body is "{\"dataset\":[[1]],\"count\":1}"

  Scenario: the designated timestamp's index is reported
    Given these SQL statements have run:
      """
      create table trades (sym symbol, price double, ts timestamp) timestamp(ts) partition by DAY
      insert into trades values ('BTC', 10.5, '2024-01-01T00:00:00.000000Z')
      """
    When I query "select * from trades"
    Then the JSON field "timestamp" is "2"
    And the JSON field "columns" is "[{\"name\":\"sym\",\"type\":\"SYMBOL\"},{\"name\":\"price\",\"type\":\"DOUBLE\"},{\"name\":\"ts\",\"type\":\"TIMESTAMP\"}]"
    And the dataset is "[[\"BTC\",10.5,\"2024-01-01T00:00:00.000000Z\"]]"

  Scenario: limit=n sends the first n rows and count is always present
    When I query "select x from long_sequence(100)" with "limit=3"
    Then the dataset is "[[1],[2],[3]]"
    And the JSON field "count" is "3"

  Scenario: limit=a,b sends rows a through b inclusive
    When I query "select x from long_sequence(100)" with "limit=10,20"
    Then the dataset has 11 rows
    And the dataset is "[[10],[11],[12],[13],[14],[15],[16],[17],[18],[19],[20]]"
    And the JSON field "count" is "20"

  Scenario: limit=0 sends no rows and limit=-n the last n rows
    When I query "select x from long_sequence(100)" with "limit=0"
    Then the dataset is "[]"
    When I query "select x from long_sequence(100)" with "limit=-3"
    Then the dataset is "[[98],[99],[100]]"

  Scenario: count=true reports the total beyond the limit
    When I query "select x from long_sequence(1000)" with "limit=2&count=true"
    Then the dataset is "[[1],[2]]"
    And the JSON field "count" is "1000"

  Scenario: timings and explain come after count
    When I query "select x from long_sequence(10) where x > 5" with "timings=true&explain=true"
    Then the JSON keys are "query,columns,timestamp,dataset,count,timings,explain"
    And the body contains "\"timings\":{\"authentication\":"
    And the body contains ",\"compiler\":"
    And the body contains ",\"execute\":"
    And the body contains ",\"count\":"
    And the body contains "\"explain\":{\"jitCompiled\":"

  Scenario: cols picks and orders the result columns
    When I query "select 1 a, 2 b, 3 c" with "cols=c,a"
    Then the JSON field "columns" is "[{\"name\":\"c\",\"type\":\"INT\"},{\"name\":\"a\",\"type\":\"INT\"}]"
    And the dataset is "[[3,1]]"

  Scenario: cols errors name the problem without a position
    When I query "select 1 a" with "cols=a,"
    Then the status is 400
    And the body is "{\"query\":\"select 1 a\",\"error\":\"empty column in query parameter\"}"
    When I query "select 1 a" with "cols=xyz"
    Then the status is 400
    And the body is "{\"query\":\"select 1 a\",\"error\":\"column not found: 'xyz'\"}"

  Scenario: LONG stays exact beyond 2^53 and quoteLargeNum quotes it
    When I query "select 9223372036854775807 l, 9007199254740993 m"
    Then the dataset is "[[9223372036854775807,9007199254740993]]"
    When I query "select 9223372036854775807 l" with "quoteLargeNum=true"
    Then the dataset is "[[\"9223372036854775807\"]]"
    When I query "select 42L l" with "src=con"
    Then the dataset is "[[\"42\"]]"

  Scenario Outline: each type prints as QuestDB does
    When I query "<sql>"
    Then the status is 200
    And the dataset is "<dataset>"

    Examples:
      | sql                                                                    | dataset                                         |
      | select true t, false f                                                 | [[true,false]]                                  |
      | select cast(12 as byte) b, cast(-3 as short) s                         | [[12,-3]]                                       |
      | select 42 i, cast(null as int) n                                       | [[42,null]]                                     |
      | select cast(null as long) n                                            | [[null]]                                        |
      | select 10.5 a, 100.0 b, 0.1 c, cast(null as double) n                  | [[10.5,100.0,0.1,null]]                         |
      | select cast(0.1 as float) f                                            | [[0.1]]                                         |
      | select cast('2017-02-01T00:08:00.000Z' as date) d                      | [[\"2017-02-01T00:08:00.000Z\"]]                |
      | select cast('2024-01-01T00:00:00.000001Z' as timestamp) t              | [[\"2024-01-01T00:00:00.000001Z\"]]             |
      | select cast(null as timestamp) t                                       | [[null]]                                        |
      | select cast('a' as char) c, cast(null as char) n                       | [[\"a\",\"\"]]                                  |
      | select cast('sym' as symbol) s                                         | [[\"sym\"]]                                     |
      | select cast('0c4e51bf-7c47-43f3-9a31-2b3b0b8e1c1a' as uuid) u          | [[\"0c4e51bf-7c47-43f3-9a31-2b3b0b8e1c1a\"]]    |
      | select cast('10.0.0.1' as ipv4) ip, cast(null as ipv4) n               | [[\"10.0.0.1\",null]]                           |
      | select cast(null as binary) b                                          | [[[]]]                                          |

  Scenario: strings are JSON-escaped and their null is null
    When I query "select 'a\"b' s, cast(null as string) n"
    Then the dataset is:
      """
      [["a\"b",null]]
      """

  Scenario: DDL answers ddl OK, INSERT dml OK and UPDATE the updated count
    When I query "create table t (a int, b double)"
    Then the status is 200
    And the body is "{\"ddl\":\"OK\"}"
    When I query "insert into t values (1, 2.5)"
    Then the body is "{\"dml\":\"OK\"}"
    When I query "insert into t values (2, 3.5)"
    And I query "update t set b = 0 where a > 0"
    Then the body is "{\"dml\":\"OK\",\"updated\":2}"

  Scenario: a missing query answers the empty-query body
    When I GET "/exec" on the API listener
    Then the status is 200
    And the body is "{\"error\":\"empty query\",\"query\":\"\",\"position\":\"0\"}"
    When I GET "/exec?query=&version=2" on the API listener
    Then the body is "{\"notice\":\"empty query\",\"query\":\"\",\"position\":\"0\"}"
    When I GET "/exec?query=%20%20%20" on the API listener
    Then the status is 200
    And the body is "{\"error\":\"empty query\",\"query\":\"   \",\"position\":\"0\"}"

  Scenario: a limit that starts past the last row sends no rows and counts 0
    When I query "select x from long_sequence(3)" with "limit=5,8"
    Then the dataset is "[]"
    And the JSON field "count" is "0"
    When I query "select x from long_sequence(3)" with "limit=2,8"
    Then the dataset is "[[2],[3]]"
    And the JSON field "count" is "3"

  Scenario Outline: negative limits mean the same on /exec and /exp, as SQL LIMIT
    When I query "select x from long_sequence(10)" with "limit=<limit>"
    Then the dataset is "<dataset>"
    When I GET "/exp?query=select%20x%20from%20long_sequence(10)&nm=true&limit=<limit>" on the API listener
    Then the CSV body has the lines "<csv>"

    Examples:
      | limit | dataset         | csv          |
      | -2    | [[9],[10]]      | 9,10         |
      | -5,-3 | [[6],[7]]       | 6,7          |
      | -3,-5 | [[6],[7]]       | 6,7          |
      | 8,-1  | [[9]]           | 9            |

  Scenario: a SQL error answers 400 with the query, the message and the position
    When I query "select * from nosuch"
    Then the status is 400
    And the body is "{\"query\":\"select * from nosuch\",\"error\":\"table does not exist [table=nosuch]\",\"position\":14}"

  Scenario: bad UTF-8 in the query text is a 400
    When I GET "/exec?query=select%20%ff" on the API listener
    Then the status is 400
    And the body contains "\"error\":\"Bad UTF8 encoding in query text\",\"position\":0}"

  Scenario: Statement-Timeout ends a streaming query and closes the document with the timeout error
    When I query "select x from long_sequence(100000000000)" with the header "Statement-Timeout" set to "300"
    Then the status is 200
    And the body contains "],\"count\":"
    And the body contains ",\"error\":\"timeout, query aborted [fd="
    And the body ends with "ms, timeout=300ms]\", \"errorPos\":0}"

  Scenario: query.timeout is the default limit
    Given the environment variable "SVC_QUERY_TIMEOUT" is "300ms"
    When I query "select x from long_sequence(100000000000)"
    Then the body ends with "ms, timeout=300ms]\", \"errorPos\":0}"

  Scenario: closing the connection stops the query
    When I start the query "select x from long_sequence(100000000000)" and close the connection after 300 ms
    Then within 100 ms the server stops using the CPU

  Scenario: HEAD answers without a body and other methods with 405
    When I send HEAD for the query "select 1"
    Then the status is 200
    And the body is empty
    When I send PUT "/exec?query=select%201" to the API listener
    Then the status is 405

  Scenario: a read-only server refuses statements that write
    Given the environment variable "SVC_HTTP_SECURITY_READONLY" is "true"
    When I query "create table ro (a int)"
    Then the status is 403
    And the body is "{\"query\":\"create table ro (a int)\",\"error\":\"Write permission denied\",\"position\":0}"
    When I query "select 1"
    Then the status is 200

  Scenario: a hex string casts to the 256-bit LONG256 value
    When I query "select cast('0x1a2b' as long256) v"
    Then the dataset is "[[\"0x1a2b\"]]"

  Scenario: geohash text casts to the hash of the declared precision
    When I query "select cast('u33d' as geohash(4c)) g, cast('u33dzz' as geohash(4c)) t"
    Then the dataset is "[[\"u33d\",\"u33d\"]]"

  Scenario: a repeated query is answered from the query cache, and never from a plan its table outgrew
    Given these SQL statements have run:
      """
      create table qc (sym symbol, price double, ts timestamp) timestamp(ts) partition by DAY
      insert into qc values ('BTC', 10.5, '2024-01-01T00:00:00.000000Z')
      """
    When I query "select * from qc where sym = 'BTC'" with "timings=true"
    Then the dataset is "[[\"BTC\",10.5,\"2024-01-01T00:00:00.000000Z\"]]"
    When I query "select * from qc where sym = 'BTC'" with "timings=true"
    Then the JSON value at "timings.compiler" is "0"
    And the dataset is "[[\"BTC\",10.5,\"2024-01-01T00:00:00.000000Z\"]]"
    Given these SQL statements have run:
      """
      alter table qc add column qty long
      insert into qc values ('BTC', 11.5, '2024-01-01T00:00:01.000000Z', 7)
      """
    When I query "select * from qc where sym = 'BTC'" with "timings=true"
    Then the JSON field "columns" is "[{\"name\":\"sym\",\"type\":\"SYMBOL\"},{\"name\":\"price\",\"type\":\"DOUBLE\"},{\"name\":\"ts\",\"type\":\"TIMESTAMP\"},{\"name\":\"qty\",\"type\":\"LONG\"}]"
    And the dataset is "[[\"BTC\",10.5,\"2024-01-01T00:00:00.000000Z\",null],[\"BTC\",11.5,\"2024-01-01T00:00:01.000000Z\",7]]"
    Given these SQL statements have run:
      """
      drop table qc
      create table qc (sym symbol, ts timestamp) timestamp(ts) partition by DAY
      insert into qc values ('BTC', '2024-01-02T00:00:00.000000Z')
      """
    When I query "select * from qc where sym = 'BTC'"
    Then the dataset is "[[\"BTC\",\"2024-01-02T00:00:00.000000Z\"]]"
    Given these SQL statements have run:
      """
      drop table qc
      """
    When I query "select * from qc where sym = 'BTC'"
    Then the status is 400
    And the JSON field "error" starts with "table does not exist"
