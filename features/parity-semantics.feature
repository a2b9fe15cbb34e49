Feature: SQL semantics as QuestDB 9.4.4 answers them
  LATEST ON over sub-queries, CREATE TABLE LIKE, seeded generators, extract types, array type names
  and keyed linear fills.

  Scenario: LATEST ON over a sub-query keeps the newest row per key by any TIMESTAMP column
    Given these SQL statements have run:
      """
      CREATE TABLE ev (id SYMBOL, at TIMESTAMP, v INT)
      INSERT INTO ev VALUES ('a', '2024-01-03', 1), ('b', '2024-01-01', 2), ('a', '2024-01-05', 3), ('b', '2024-01-02', 4)
      """
    When I query "(SELECT id, at, v FROM ev ORDER BY v DESC) LATEST ON at PARTITION BY id"
    Then the dataset is "[[\"b\",\"2024-01-02T00:00:00.000000Z\",4],[\"a\",\"2024-01-05T00:00:00.000000Z\",3]]"

  Scenario: CREATE TABLE LIKE copies the table's definition
    Given these SQL statements have run:
      """
      CREATE TABLE src (ts TIMESTAMP, s SYMBOL CAPACITY 512 INDEX, v DOUBLE) TIMESTAMP(ts) PARTITION BY HOUR WAL DEDUP UPSERT KEYS(ts, s)
      CREATE TABLE cp (LIKE src)
      """
    When I query "SELECT table_name, designatedTimestamp, partitionBy, walEnabled, dedup FROM tables() WHERE table_name = 'cp'"
    Then the dataset is "[[\"cp\",\"ts\",\"HOUR\",true,true]]"

  Scenario: seeded generators give QuestDB's values
    Then these queries answer the datasets:
      | query                                                               | dataset                                                       |
      | SELECT rnd_double() FROM long_sequence(2, 128349234, 4327897)       | [[0.8251337821991485],[0.2714941145110299]]                   |
      | SELECT rnd_symbol('a','b','c') FROM long_sequence(10, 33, 55)       | [["c"],["c"],["c"],["b"],["b"],["a"],["a"],["a"],["a"],["a"]] |

  Scenario: extract returns INT, LONG for epoch, and array columns are named by their dimensions
    Given these SQL statements have run:
      """
      CREATE TABLE arr (ts TIMESTAMP, a DOUBLE[], b DOUBLE[][])
      """
    When I query "SELECT extract(hour FROM t), extract(epoch FROM t), extract(microseconds FROM t) FROM (SELECT '2025-03-01T15:43:21.127329Z'::timestamp t)"
    Then the JSON field "columns" is "[{\"name\":\"extract(hour, t)\",\"type\":\"INT\"},{\"name\":\"extract(epoch, t)\",\"type\":\"LONG\"},{\"name\":\"extract(microseconds, t)\",\"type\":\"INT\"}]"
    And the dataset is "[[15,1740843801,127329]]"
    When I query "SHOW COLUMNS FROM arr"
    Then the dataset is "[[\"ts\",\"TIMESTAMP\",false,0,false,0,0,false,false,\"\",\"\"],[\"a\",\"DOUBLE[]\",false,0,false,0,0,false,false,\"\",\"\"],[\"b\",\"DOUBLE[][]\",false,0,false,0,0,false,false,\"\",\"\"]]"

  Scenario: keyed FILL(LINEAR) interpolates each key between its own values
    Given these SQL statements have run:
      """
      CREATE TABLE m (ts TIMESTAMP, k SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO m VALUES ('2024-01-01T00:00:00Z', 'a', 0.0), ('2024-01-01T00:00:00Z', 'b', 10.0), ('2024-01-01T02:00:00Z', 'a', 2.0), ('2024-01-01T03:00:00Z', 'b', 40.0)
      """
    When I query "SELECT ts, k, avg(v) FROM m SAMPLE BY 1h FILL(LINEAR)"
    Then the dataset is "[[\"2024-01-01T00:00:00.000000Z\",\"a\",0.0],[\"2024-01-01T00:00:00.000000Z\",\"b\",10.0],[\"2024-01-01T01:00:00.000000Z\",\"a\",1.0],[\"2024-01-01T01:00:00.000000Z\",\"b\",20.0],[\"2024-01-01T02:00:00.000000Z\",\"a\",2.0],[\"2024-01-01T02:00:00.000000Z\",\"b\",30.0],[\"2024-01-01T03:00:00.000000Z\",\"a\",null],[\"2024-01-01T03:00:00.000000Z\",\"b\",40.0]]"
