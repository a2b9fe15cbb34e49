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
