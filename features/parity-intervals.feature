Feature: interval literals count a duration from the start of the partial timestamp
  '<timestamp>;<duration>' selects [start, start + duration) for a positive duration and
  [start + duration, start) for a negative one, whatever the precision of the partial timestamp.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE m (ts TIMESTAMP, v INT) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO m VALUES ('2024-01-01T00:00:00.000000Z', 1), ('2024-01-01T23:59:59.999999Z', 2), ('2024-01-02T00:00:00.000000Z', 3), ('2024-01-02T06:00:00.000000Z', 4), ('2024-01-02T11:59:59.999999Z', 5), ('2024-01-02T12:00:00.000000Z', 6)
      """

  Scenario: one day from a date is exactly that day
    When I query "SELECT v FROM m WHERE ts IN '2024-01-01;1d'"
    Then the dataset is "[[1],[2]]"

  Scenario: six hours from an hour, a negative duration and a repeated interval
    When I query "SELECT v FROM m WHERE ts IN '2024-01-02T06;6h' OR ts IN '2024-01-02;-1s' OR ts IN '2024-01-01T00;1h;1d;2'"
    Then the dataset is "[[1],[2],[3],[4],[5]]"
