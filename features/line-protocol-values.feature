Feature: Line-protocol values: what is stored, what becomes NULL, what refuses the line
  The line protocol never changes a value silently: `NaN`, `Infinity` and `-Infinity` are DOUBLE's NULL, a
  number past DOUBLE's range and an empty value for a column the table lacks refuse the line (and the whole
  request), an `n` timestamp keeps its nanoseconds, and a table the protocol creates always has its
  designated timestamp.

  Background:
    Given a running server

  Scenario: Infinity, -Infinity and NaN fields store NULL
    When I write the lines:
      """
      inf,k=a v=Infinity,w=-Infinity,x=NaN,y=1.5 1700000000000000000
      inf,k=b v=+Infinity,w=2.5,x=3.5,y=-Infinity 1700000001000000000
      """
    Then the status is 204
    When I query "select k, v is null, w is null, x is null, y is null, count(v), count(w) from inf order by k"
    Then the dataset is "[[\"a\",true,true,true,false,0,0],[\"b\",true,false,false,true,0,1]]"

  Scenario: binary doubles that are infinite store NULL too
    When I write the lines with binary values:
      """
      binf v==double(Infinity),w==double(-Infinity),x==double(2.25) 1700000000000000000
      """
    Then the status is 204
    When I query "select v is null, w is null, x from binf"
    Then the dataset is "[[true,true,2.25]]"

  Scenario Outline: a number past DOUBLE's range refuses the line
    When I write the lines:
      """
      big,k=a ok=1.5 1700000000000000000
      big,k=b a=<value> 1700000001000000000
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 2
    And the error message ends with "error in line 2: Could not parse entire line, field value is invalid. Field: a; value: <value>"
    And storage has no table "big"

    Examples:
      | value   |
      | 1e400   |
      | -1e400  |
      | 1.8e308 |

  Scenario: an empty value for a column the new table would not have refuses the request
    When I write the lines:
      """
      emp,k=a v=1i,name= 1700000000000000000
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 1
    And the error message is "failed to parse line protocol:errors encountered on line(s):\nerror in line 1: table: emp; invalid column type: name"
    And storage has no table "emp"

  Scenario: an empty value is NULL in a column the table has, and refused for one it lacks
    Given the SQL "create table known (k symbol, name varchar, v long, timestamp timestamp) timestamp(timestamp) partition by day" has run
    When I write the lines:
      """
      known,k=a v=1i,name= 1700000000000000000
      known,k=b v=2i,name="x" 1700000001000000000
      """
    Then the status is 204
    When I query "select k, name, v from known"
    Then the dataset is "[[\"a\",null,1],[\"b\",\"x\",2]]"
    When I write the lines:
      """
      known,k=c v=3i 1700000002000000000
      known,k=d v=4i,other= 1700000003000000000
      """
    Then the status is 400
    And the error message ends with "error in line 2: table: known; invalid column type: other"
    And the table "known" holds 2 rows
    And the table "known" holds the columns "k SYMBOL, name VARCHAR, v LONG, timestamp TIMESTAMP"

  Scenario: an empty value counts against the columns the lines before it added
    When I write the lines:
      """
      grow,k=a v=1i,extra=5i 1700000000000000000
      grow,k=b v=2i,extra= 1700000001000000000
      """
    Then the status is 204
    When I query "select k, extra from grow"
    Then the dataset is "[[\"a\",5],[\"b\",null]]"
    When I write the lines:
      """
      grow,k=c v=3i,later= 1700000002000000000
      grow,k=d v=4i,later=7i 1700000003000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: grow; invalid column type: later"
    And the table "grow" holds 2 rows

  Scenario: an n-suffixed field creates a TIMESTAMP_NS column and keeps all nine digits
    When I write the lines:
      """
      nanos,k=a tn=1700000000123456789n,tu=1700000000123456t 1700000000000000000
      nanos,k=b tn=1700000000000001t,tu=1700000000123456789n 1700000001000000000
      """
    Then the status is 204
    And the table "nanos" holds the columns "k SYMBOL, tn TIMESTAMP_NS, tu TIMESTAMP, timestamp TIMESTAMP"
    When I query "select k, tn, tu from nanos"
    Then the dataset is "[[\"a\",\"2023-11-14T22:13:20.123456789Z\",\"2023-11-14T22:13:20.123456Z\"],[\"b\",\"2023-11-14T22:13:20.000001000Z\",\"2023-11-14T22:13:20.123456Z\"]]"

  Scenario: an n value into an existing TIMESTAMP column keeps its µs; a t value into TIMESTAMP_NS gains zeros
    Given the SQL "create table tsmix (k symbol, us timestamp, ns timestamp_ns, timestamp timestamp) timestamp(timestamp) partition by day" has run
    When I write the lines:
      """
      tsmix,k=a us=1700000000123456789n,ns=1700000000123456t 1700000000000000000
      tsmix,k=b us=1700000000123456t,ns=1700000000123456789n 1700000001000000000
      tsmix,k=c ns=1700000000123456789i 1700000002000000000
      """
    Then the status is 204
    When I query "select k, us, ns from tsmix"
    Then the dataset is "[[\"a\",\"2023-11-14T22:13:20.123456Z\",\"2023-11-14T22:13:20.123456000Z\"],[\"b\",\"2023-11-14T22:13:20.123456Z\",\"2023-11-14T22:13:20.123456789Z\"],[\"c\",null,\"2023-11-14T22:13:20.123456789Z\"]]"

  Scenario: a nanosecond field named like the designated timestamp makes it TIMESTAMP_NS
    When I write the lines:
      """
      nts,k=a v=1i,timestamp=1700000000123456789n
      """
    Then the status is 204
    And the table "nts" holds the columns "k SYMBOL, v LONG, timestamp TIMESTAMP_NS"
    And the table "nts" is partitioned by DAY on "timestamp"
    When I query "select timestamp from nts"
    Then the dataset is "[[\"2023-11-14T22:13:20.123456789Z\"]]"

  Scenario: a tag named like the designated timestamp is refused and creates nothing
    When I write the lines:
      """
      tagts,timestamp=a v=1i 1700000000000000000
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 1
    And the error message ends with "error in line 1: table: tagts, column: timestamp; cast error from protocol type: TAG to column type: TIMESTAMP"
    And storage has no table "tagts"

  Scenario Outline: a field named like the designated timestamp must be a timestamp
    When I write the lines:
      """
      fts,k=a timestamp=<value> 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: fts, column: timestamp; cast error from protocol type: <type> to column type: TIMESTAMP"
    And storage has no table "fts"

    Examples:
      | value  | type    |
      | 1.5    | FLOAT   |
      | "text" | STRING  |
      | true   | BOOLEAN |

  Scenario: a tag named like the designated timestamp closes a TCP connection; the lines before it stay
    When I send over TCP:
      """
      tcpok,k=a v=1i 1700000000000000000
      tcpts,timestamp=b v=2i 1700000001000000000
      tcpok,k=c v=3i 1700000002000000000
      """
    Then within 3000 ms the server closes the TCP connection
    And within 3000 ms the query "select k, v, timestamp from tcpok" answers the dataset "[[\"a\",1,\"2023-11-14T22:13:20.000000Z\"]]"
    And storage has no table "tcpts"

  Scenario: a column a line leaves out reads NULL, whatever its type
    Given the SQL "create table gaps (k symbol, ns timestamp_ns, dec decimal(10,2), i int, u uuid, timestamp timestamp) timestamp(timestamp) partition by day" has run
    When I write the lines:
      """
      gaps,k=a ns=1700000000123456789n,dec=1.25d,i=7i 1700000000000000000
      gaps,k=b 1700000001000000000
      """
    Then the status is 204
    When I query "select k, ns, dec, i, u from gaps"
    Then the dataset is "[[\"a\",\"2023-11-14T22:13:20.123456789Z\",\"1.25\",7,null],[\"b\",null,null,null,null]]"
