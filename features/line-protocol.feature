Feature: InfluxDB line protocol over HTTP: POST /write and /api/v2/write, GET /ping
  A request is a body of lines `table[,tag=value…] field=value[,…] [timestamp]`. It is one transaction:
  204 when every line is committed; otherwise nothing of it is, and the answer is
  `{"code","message","line","errorId"}` naming the first bad line. Missing tables and columns are created
  (tags as SYMBOL, then the fields, designated timestamp `timestamp`, PARTITION BY DAY).

  Background:
    Given a running server

  Scenario: a missing table is created from the first line
    When I write the lines:
      """
      weather,city=London,kind=rain temp=12.5,wind=3i,note="light",ok=true 1700000000000000000
      weather,city=Paris temp=15.25,wind=4i 1700000060000000000
      """
    Then the status is 204
    And the body is empty
    And the table "weather" holds the columns "city SYMBOL, kind SYMBOL, temp DOUBLE, wind LONG, note VARCHAR, ok BOOLEAN, timestamp TIMESTAMP"
    And the table "weather" is partitioned by DAY on "timestamp"
    When I query "weather"
    Then the dataset is:
      """
      [["London","rain",12.5,3,"light",true,"2023-11-14T22:13:20.000000Z"],["Paris",null,15.25,4,null,false,"2023-11-14T22:14:20.000000Z"]]
      """

  Scenario: a new field adds a column, and older rows read NULL in it
    When I write the lines:
      """
      m,host=a cpu=1.0 1700000000000000000
      """
    And I write the lines:
      """
      m,host=b cpu=2.0,mem=512i,zone="eu" 1700000001000000000
      """
    Then the status is 204
    And the table "m" holds the columns "host SYMBOL, cpu DOUBLE, timestamp TIMESTAMP, mem LONG, zone VARCHAR"
    When I query "select host, cpu, mem, zone from m"
    Then the dataset is "[[\"a\",1.0,null,null],[\"b\",2.0,512,\"eu\"]]"

  Scenario: a value that does not fit its column rejects the request and names line and column
    When I write the lines:
      """
      m,host=a count=1i 1700000000000000000
      """
    And I write the lines:
      """
      m,host=b count=2i 1700000001000000000
      m,host=c count=2.5 1700000002000000000
      """
    Then the status is 400
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the line protocol error is "invalid" on line 2
    And the error message is "failed to parse line protocol:errors encountered on line(s):\nerror in line 2: table: m, column: count; cast error from protocol type: FLOAT to column type: LONG"
    And the table "m" holds 1 rows

  Scenario: one bad line rejects its whole request, in every table it touches
    When I write the lines:
      """
      a,k=x v=1.0 1700000000000000000
      b,k=y v=2.0 1700000000000000000
      a,k=z v= 1700000001000000000 extra
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 3
    And storage has no table "a"
    And storage has no table "b"

  Scenario: a parse error answers QuestDB's message
    When I write the lines:
      """
      m v=1.0

      # a comment line is no measurement

      m v=oops
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 2
    And the error message ends with "error in line 2: Could not parse entire line, field value is invalid. Field: v; value: oops"
    And storage has no table "m"

  Scenario Outline: precision sets the unit of timestamps without a suffix
    When I POST to "/write?precision=<precision>" the lines:
      """
      p v=1.0 <value>
      """
    Then the status is 204
    When I query "select timestamp from p"
    Then the dataset is "[[\"<timestamp>\"]]"

    Examples:
      | precision | value               | timestamp                   |
      | n         | 1700000000123456789 | 2023-11-14T22:13:20.123456Z |
      | ns        | 1700000000123456789 | 2023-11-14T22:13:20.123456Z |
      | u         | 1700000000123456    | 2023-11-14T22:13:20.123456Z |
      | us        | 1700000000123456    | 2023-11-14T22:13:20.123456Z |
      | ms        | 1700000000123       | 2023-11-14T22:13:20.123000Z |
      | s         | 1700000000          | 2023-11-14T22:13:20.000000Z |
      | m         | 28333333            | 2023-11-14T22:13:00.000000Z |
      | h         | 472222              | 2023-11-14T22:00:00.000000Z |

  Scenario: an unknown precision is refused
    When I POST to "/write?precision=d" the lines:
      """
      p v=1.0 1
      """
    Then the status is 400
    And the line protocol error is "not supported" on line 0
    And the error message is "failed to parse line protocol:errors encountered on line(s):unsupported precision"

  Scenario: a gzip body is inflated while it arrives
    When I write the gzip-compressed lines:
      """
      z,k=a v=1i 1700000000000000000
      z,k=b v=2i 1700000000000000001
      """
    Then the status is 204
    And the table "z" holds 2 rows

  Scenario: a body that is not gzip, and an unknown encoding, are refused
    When I write a body with the header "Content-Encoding" set to "gzip"
    Then the status is 415
    And the line protocol error is "not supported" on line 0
    And the error message is "failed to parse line protocol:errors encountered on line(s):gzip decompression error"
    When I write a body with the header "Content-Encoding" set to "br"
    Then the status is 415
    And the line protocol error is "not supported" on line 0
    And the error message is "failed to parse line protocol:errors encountered on line(s):unsupported content encoding [encoding=br], gzip or none expected"

  Scenario: the text protocol in full: escapes, strings, booleans, special numbers, CRLF, server time
    When I write the lines:
      """
      my\ table,tag\ 1=a\ b\=c\,d s="say \"hi\"\\ \
      there",t=T,f=false,n=NaN,i=-Infinity,x=1e3 1700000000000000000
      my\ table,tag\ 1=d s="",t=t,f=F 1700000000000000000
      """
    Then the status is 204
    When I query "select \"tag 1\", s, t, f, n, i is null, x from 'my table'"
    Then the dataset is:
      """
      [["a b=c,d","say \"hi\"\\ \nthere",true,false,null,true,1000.0],["d","",true,false,null,true,null]]
      """
    When I write the lines:
      """
      now v=1i
      """
    And I query "select count() from now where timestamp > dateadd('m', -5, now())"
    Then the dataset is "[[1]]"

  Scenario: tags only, a last line without a line end, and /api/v2/write
    When I write the lines without a final line end:
      """
      t,a=1 1700000000000000000
      t,a=2
      """
    Then the status is 204
    When I POST to "/api/v2/write" the lines:
      """
      t,a=3 x=1.5 1700000002000000000
      """
    Then the status is 204
    And the table "t" holds 3 rows

  Scenario: a request sent in small chunks is parsed across them
    When I write the lines in chunks of 7 bytes:
      """
      chunky,host=server-01 usage=12.75,count=3i,msg="a, b c" 1700000000000000000
      chunky,host=server-02 usage=1.5,count=4i,msg="d" 1700000000000000001
      """
    Then the status is 204
    When I query "select host, usage, count, msg from chunky"
    Then the dataset is "[[\"server-01\",12.75,3,\"a, b c\"],[\"server-02\",1.5,4,\"d\"]]"

  Scenario: an existing table keeps its own designated timestamp and column types
    Given the SQL "create table sensor (ts timestamp, id symbol, level int, reading float) timestamp(ts) partition by hour" has run
    When I write the lines:
      """
      sensor,id=x level=5i,reading=1.5 1700000000000000000
      """
    Then the status is 204
    When I query "sensor"
    Then the dataset is "[[\"2023-11-14T22:13:20.000000Z\",\"x\",5,1.5]]"
    When I write the lines:
      """
      sensor,id=y level=3000000000i 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "table: sensor, column: level; line protocol value: 3000000000 is out bounds of column type: INT"

  Scenario: concurrent requests into one table each commit as a whole
    When 4 clients each write 2000 lines like "busy,client=c{c} v={i}i {i}000000000" at once
    Then every answer was 204
    When I query "select client, count() from busy order by client"
    Then the dataset is "[[\"c0\",2000],[\"c1\",2000],[\"c2\",2000],[\"c3\",2000]]"

  Scenario: GET /ping answers 204 with the InfluxDB version
    When I GET "/ping" on the API listener
    Then the status is 204
    And the header "X-Influxdb-Version" is "v2.7.4"
    And the body is empty
    When I send HEAD "/ping" to the API listener
    Then the status is 204

  Scenario: a value refused by an existing table rejects the request in every table, a good request commits both
    Given the SQL "CREATE TABLE orders (id SYMBOL, qty LONG, timestamp TIMESTAMP) TIMESTAMP(timestamp) PARTITION BY DAY" has run
    When I write the lines:
      """
      orders,id=o1 qty=1i 1700000000000000000
      fills,id=o1 qty=1i 1700000000000000000
      fills,id=o2 qty=2i 1700000001000000000
      orders,id=o2 qty=2.5 1700000001000000000
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 4
    And the table "orders" holds 0 rows
    And storage has no table "fills"
    When I write the lines:
      """
      orders,id=o1 qty=1i 1700000000000000000
      fills,id=o1 qty=1i 1700000000000000000
      """
    Then the status is 204
    And the table "orders" holds 1 rows
    And the table "fills" holds 1 rows

  Scenario: a table the protocol creates is a WAL table; its tags are cached SYMBOL(256) columns
    When I write the lines:
      """
      walt,host=a v=1.5 1700000000000000000
      """
    And I write the lines:
      """
      walt,host=b,zone=eu v=2.5 1700000001000000000
      """
    Then the status is 204
    When I query "select walEnabled, dedup, partitionBy, designatedTimestamp from tables() where table_name = 'walt'"
    Then the dataset is "[[true,false,\"DAY\",\"timestamp\"]]"
    When I query "select column, type, indexed, symbolCached, symbolCapacity from table_columns('walt') where type = 'SYMBOL'"
    Then the dataset is "[[\"host\",\"SYMBOL\",false,true,256],[\"zone\",\"SYMBOL\",false,true,256]]"
    When I query "select name, suspended from wal_tables() where name = 'walt'"
    Then the dataset is "[[\"walt\",false]]"
