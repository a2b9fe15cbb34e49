Feature: time-series SQL over GET /exec
  QuestDB's time-series SQL: interval search, SAMPLE BY, LATEST ON, ASOF/LT joins, date functions,
  window functions, answered with the designated timestamp index of each result.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE sensors (ts TIMESTAMP, id SYMBOL, temp DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL
      INSERT INTO sensors VALUES ('2025-03-01T00:05:00.000000Z', 's1', 20.0), ('2025-03-01T00:40:00.000000Z', 's2', 22.0), ('2025-03-01T01:10:00.000000Z', 's1', 21.0), ('2025-03-01T03:20:00.000000Z', 's1', 25.0), ('2025-03-01T03:50:00.000000Z', 's2', 23.0)
      CREATE TABLE calib (ts TIMESTAMP, id SYMBOL, adj DOUBLE) TIMESTAMP(ts) PARTITION BY DAY BYPASS WAL
      INSERT INTO calib VALUES ('2025-03-01T00:00:00.000000Z', 's1', 0.5), ('2025-03-01T00:30:00.000000Z', 's2', -0.2), ('2025-03-01T01:00:00.000000Z', 's1', 0.7)
      """

  Scenario: an interval literal with a duration selects the rows from its start for that long
    When I query "SELECT ts, id FROM sensors WHERE ts IN '2025-03-01T00;2h'"
    Then the JSON field "timestamp" is "0"
    And the dataset is "[[\"2025-03-01T00:05:00.000000Z\",\"s1\"],[\"2025-03-01T00:40:00.000000Z\",\"s2\"],[\"2025-03-01T01:10:00.000000Z\",\"s1\"]]"

  Scenario: SAMPLE BY keeps the bucket timestamp designated and fills empty buckets
    When I query "SELECT ts, avg(temp) FROM sensors SAMPLE BY 1h FILL(LINEAR)"
    Then the JSON field "timestamp" is "0"
    And the JSON field "columns" is "[{\"name\":\"ts\",\"type\":\"TIMESTAMP\"},{\"name\":\"avg(temp)\",\"type\":\"DOUBLE\"}]"
    And the dataset is "[[\"2025-03-01T00:00:00.000000Z\",21.0],[\"2025-03-01T01:00:00.000000Z\",21.0],[\"2025-03-01T02:00:00.000000Z\",22.5],[\"2025-03-01T03:00:00.000000Z\",24.0]]"

  Scenario: SAMPLE BY with a time zone aligns to local midnight and prints UTC
    When I query "SELECT ts, count() FROM sensors SAMPLE BY 1d ALIGN TO CALENDAR TIME ZONE 'Europe/Berlin'"
    Then the dataset is "[[\"2025-02-28T23:00:00.000000Z\",5]]"

  Scenario: LATEST ON returns the newest row per key in timestamp order
    When I query "SELECT * FROM sensors LATEST ON ts PARTITION BY id"
    Then the JSON field "timestamp" is "0"
    And the dataset is "[[\"2025-03-01T03:20:00.000000Z\",\"s1\",25.0],[\"2025-03-01T03:50:00.000000Z\",\"s2\",23.0]]"

  Scenario: the legacy LATEST BY means LATEST ON the designated timestamp, as TSBS's lastpoint query sends it
    When I query "SELECT * FROM sensors latest by id"
    Then the JSON field "timestamp" is "0"
    And the dataset is "[[\"2025-03-01T03:20:00.000000Z\",\"s1\",25.0],[\"2025-03-01T03:50:00.000000Z\",\"s2\",23.0]]"

  Scenario: LATEST BY over a sub-query without a designated timestamp is an error at the clause
    When I query "SELECT * FROM (SELECT id, temp FROM sensors) latest by id"
    Then the status is 400
    And the JSON field "error" starts with "LATEST BY requires a designated timestamp"

  Scenario: ASOF JOIN pairs each row with the latest calibration of its sensor
    When I query "SELECT s.ts, s.id, s.temp, c.adj FROM sensors s ASOF JOIN calib c ON (id)"
    Then the JSON field "timestamp" is "0"
    And the dataset is "[[\"2025-03-01T00:05:00.000000Z\",\"s1\",20.0,0.5],[\"2025-03-01T00:40:00.000000Z\",\"s2\",22.0,-0.2],[\"2025-03-01T01:10:00.000000Z\",\"s1\",21.0,0.7],[\"2025-03-01T03:20:00.000000Z\",\"s1\",25.0,0.7],[\"2025-03-01T03:50:00.000000Z\",\"s2\",23.0,-0.2]]"

  Scenario: a moving average over a window of two rows per sensor
    When I query "SELECT temp, avg(temp) OVER (PARTITION BY id ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ma FROM sensors"
    Then the dataset is "[[20.0,20.0],[22.0,22.0],[21.0,20.5],[25.0,23.0],[23.0,22.5]]"

  Scenario: date functions follow the calendar
    When I query "SELECT dateadd('M', 1, '2024-01-31'::timestamp), to_timestamp('15/03/2024 14:30:45', 'dd/MM/yyyy HH:mm:ss')"
    Then the dataset is "[[\"2024-02-29T00:00:00.000000Z\",\"2024-03-15T14:30:45.000000Z\"]]"

  Scenario: a bad unit is reported at its literal
    When I query "SELECT timestamp_floor('xx', ts) FROM sensors"
    Then the status is 400
    And the JSON field "error" is "\"invalid unit 'xx'\""
    And the JSON field "position" is "23"
