Feature: TIMESTAMP_NS as the designated timestamp
  A TIMESTAMP_NS column can be a table's designated timestamp: rows are ordered, partitioned and filtered
  by their nanosecond values, exactly as a TIMESTAMP column is by its microseconds.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE x (ts TIMESTAMP_NS, v INT) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO x VALUES ('2024-01-02T00:00:00.000000123Z', 2), ('2024-01-01T00:00:00.000000002Z', 3), ('2024-01-01T00:00:00.000000001Z', 1), ('2024-01-01T23:59:59.999999999Z', 4)
      INSERT INTO x VALUES ('2024-01-01T00:00:00.000000000Z', 0)
      """

  Scenario: out-of-order rows land in their day partitions, ordered to the nanosecond
    When I query "SELECT * FROM x"
    Then the JSON field "columns" is "[{\"name\":\"ts\",\"type\":\"TIMESTAMP_NS\"},{\"name\":\"v\",\"type\":\"INT\"}]"
    And the JSON field "timestamp" is "0"
    And the dataset is "[[\"2024-01-01T00:00:00.000000000Z\",0],[\"2024-01-01T00:00:00.000000001Z\",1],[\"2024-01-01T00:00:00.000000002Z\",3],[\"2024-01-01T23:59:59.999999999Z\",4],[\"2024-01-02T00:00:00.000000123Z\",2]]"

  Scenario: partitions, intervals, comparisons, ORDER BY, SAMPLE BY and LATEST ON use nanoseconds
    Then these queries answer the datasets:
      | query                                                                  | dataset                                                                                              |
      | SELECT name, numRows FROM table_partitions('x')                        | [["2024-01-01",4],["2024-01-02",1]]                                                                  |
      | SELECT v FROM x WHERE ts IN '2024-01-02'                               | [[2]]                                                                                                |
      | SELECT v FROM x WHERE ts > '2024-01-01T00:00:00.000000001Z' AND v < 4  | [[3],[2]]                                                                                            |
      | SELECT v FROM x ORDER BY ts DESC LIMIT 3                               | [[2],[4],[3]]                                                                                        |
      | SELECT ts, sum(v) FROM x SAMPLE BY 1d                                  | [["2024-01-01T00:00:00.000000000Z",8],["2024-01-02T00:00:00.000000000Z",2]]                          |
      | SELECT ts, v FROM x LATEST ON ts PARTITION BY v WHERE v > 2            | [["2024-01-01T00:00:00.000000002Z",3],["2024-01-01T23:59:59.999999999Z",4]]                          |

  Scenario: CREATE TABLE AS keeps a TIMESTAMP_NS designated timestamp
    Given the SQL "CREATE TABLE y AS (SELECT * FROM x) TIMESTAMP(ts) PARTITION BY MONTH" has run
    Then these queries answer the datasets:
      | query                                          | dataset                                                                    |
      | SELECT name, numRows FROM table_partitions('y') | [["2024-01",5]]                                                            |
      | SELECT ts FROM y LIMIT -1                      | [["2024-01-02T00:00:00.000000123Z"]]                                       |

  Scenario: /imp appends to an existing table with a TIMESTAMP_NS designated timestamp
    Given the file "ns.csv" contains "ts,v\n2024-01-01T00:00:00.000000005Z,5\n2024-01-03T00:00:00.000000001Z,6\n"
    When I import the file "ns.csv" with "name=x&fmt=json"
    Then the import reports 2 rows imported and 0 rows rejected
    When I query "SELECT v FROM x WHERE ts IN '2024-01-01' ORDER BY ts"
    Then the dataset is "[[0],[1],[3],[5],[4]]"

  Scenario Outline: PARTITION BY <by> orders rows that differ only in their last nanosecond digits
    Given these SQL statements have run:
      """
      CREATE TABLE p (ts TIMESTAMP_NS, v INT) TIMESTAMP(ts) PARTITION BY <by>
      INSERT INTO p VALUES ('2024-02-01T00:00:00.000000999Z', 5), ('2024-01-01T00:00:00.000000003Z', 3), ('2024-01-01T00:00:00.000000001Z', 1)
      INSERT INTO p VALUES ('2024-01-01T00:00:00.000000002Z', 2), ('2024-01-01T00:00:00.000001000Z', 4), ('2024-01-01T00:00:00.000000000Z', 0)
      """
    Then these queries answer the datasets:
      | query                                             | dataset      |
      | SELECT v FROM p                                   | [[0],[1],[2],[3],[4],[5]] |
      | SELECT name, numRows FROM table_partitions('p')   | <partitions> |
      | SELECT v FROM p WHERE ts IN '2024-01-01'          | [[0],[1],[2],[3],[4]]     |

    Examples:
      | by    | partitions                            |
      | HOUR  | [["2024-01-01T00",5],["2024-02-01T00",1]] |
      | MONTH | [["2024-01",5],["2024-02",1]]         |
      | YEAR  | [["2024",6]]                          |
      | NONE  | [["default",6]]                       |

  Scenario: comparisons, BETWEEN and µs interval literals decide to the nanosecond; TIMESTAMP values are scaled
    Given the SQL "INSERT INTO x VALUES (cast('2024-01-03T12:00:00.000001Z' AS TIMESTAMP), 7)" has run
    Then these queries answer the datasets:
      | query                                                                                                    | dataset                                 |
      | SELECT v FROM x WHERE ts BETWEEN '2024-01-01T00:00:00.000000001Z' AND '2024-01-01T00:00:00.000000002Z'  | [[1],[3]]                               |
      | SELECT v FROM x WHERE ts = '2024-01-01T00:00:00.000000002Z'                                              | [[3]]                                   |
      | SELECT v FROM x WHERE ts < '2024-01-01T00:00:00.000000002Z'                                              | [[0],[1]]                               |
      | SELECT v FROM x WHERE ts >= '2024-01-01T23:59:59.999999999Z' AND ts <= '2024-01-02T00:00:00.000000123Z' | [[4],[2]]                               |
      | SELECT v FROM x WHERE ts IN '2024-01-01T23:59:59.999999'                                                 | [[4]]                                   |
      | SELECT v FROM x WHERE ts NOT IN '2024-01-01'                                                             | [[2],[7]]                               |
      | SELECT ts FROM x WHERE v = 7                                                                             | [["2024-01-03T12:00:00.000001000Z"]]    |
      | SELECT ts, count() FROM x SAMPLE BY 1h FROM '2024-01-01T23:00:00Z' TO '2024-01-02T01:00:00Z'               | [["2024-01-01T23:00:00.000000000Z",1],["2024-01-02T00:00:00.000000000Z",1]] |

  Scenario: DEDUP UPSERT KEYS on a TIMESTAMP_NS timestamp replaces equal nanoseconds only
    Given these SQL statements have run:
      """
      CREATE TABLE d (ts TIMESTAMP_NS, v INT) TIMESTAMP(ts) PARTITION BY DAY WAL DEDUP UPSERT KEYS(ts)
      INSERT INTO d VALUES ('2024-01-01T00:00:00.000000001Z', 1), ('2024-01-01T00:00:00.000000002Z', 2)
      INSERT INTO d VALUES ('2024-01-01T00:00:00.000000001Z', 10), ('2024-01-01T00:00:00.000000003Z', 3)
      INSERT INTO d VALUES ('2024-01-01T00:00:00.000000003Z', 30), ('2024-01-01T00:00:00.000000003Z', 31)
      """
    When I query "SELECT ts, v FROM d"
    Then the dataset is "[[\"2024-01-01T00:00:00.000000001Z\",10],[\"2024-01-01T00:00:00.000000002Z\",2],[\"2024-01-01T00:00:00.000000003Z\",31]]"

  Scenario: the line protocol writes nanosecond designated timestamps into an existing table, kept over a restart
    Given the SQL "CREATE TABLE lp (ts TIMESTAMP_NS, v LONG) TIMESTAMP(ts) PARTITION BY DAY" has run
    When I write the lines:
      """
      lp v=2i 1704067200000000002
      lp v=1i 1704067200000000001
      lp v=3i 1704153599999999999
      lp v=4i 1704153600000001t
      """
    Then the status is 204
    When the server restarts
    And I query "SELECT ts, v FROM lp"
    Then the dataset is "[[\"2024-01-01T00:00:00.000000001Z\",1],[\"2024-01-01T00:00:00.000000002Z\",2],[\"2024-01-01T23:59:59.999999999Z\",3],[\"2024-01-02T00:00:00.000001000Z\",4]]"
    And the JSON field "timestamp" is "0"

  Scenario: ASOF and LT JOIN match to the nanosecond, also between TIMESTAMP_NS and TIMESTAMP tables
    Given these SQL statements have run:
      """
      CREATE TABLE b (ts TIMESTAMP_NS, w INT) TIMESTAMP(ts) PARTITION BY DAY
      CREATE TABLE c (ts TIMESTAMP, u INT) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO b VALUES ('2024-01-01T00:00:00.000000001Z', 10), ('2024-01-01T00:00:00.000000002Z', 20), ('2024-01-01T23:59:59.999999999Z', 40)
      INSERT INTO c VALUES ('2024-01-01T00:00:00.000000Z', 100), ('2024-01-01T00:00:00.000001Z', 200)
      """
    Then these queries answer the datasets:
      | query                           | dataset                                        |
      | SELECT v, w FROM x ASOF JOIN b  | [[0,null],[1,10],[3,20],[4,40],[2,40]]         |
      | SELECT v, w FROM x LT JOIN b    | [[0,null],[1,null],[3,10],[4,20],[2,40]]       |
      | SELECT v, u FROM x ASOF JOIN c  | [[0,100],[1,100],[3,100],[4,200],[2,200]]      |
      | SELECT u, v FROM c ASOF JOIN x  | [[100,0],[200,3]]                              |

  Scenario: LATEST ON over a sub-query compares TIMESTAMP_NS values exactly
    When I query "SELECT ts, v FROM (SELECT ts, v, v % 2 k FROM x ORDER BY v DESC) LATEST ON ts PARTITION BY k"
    Then the dataset is "[[\"2024-01-01T00:00:00.000000002Z\",3],[\"2024-01-02T00:00:00.000000123Z\",2]]"
