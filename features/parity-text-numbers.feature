Feature: text used as a number converts when the query runs
  Where an operator or function needs a number and gets text, the text is read as a number of the
  numeric side's type; Grafana's quoted template variables then compare numerically.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE t (ts TIMESTAMP, other TIMESTAMP, id LONG, label STRING) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO t VALUES ('2024-01-01', '2024-02-01', 42, '5'), ('2024-01-02', '2024-02-02', 43, '6')
      """

  Scenario: a quoted number compares and computes numerically
    Then these queries answer the datasets:
      | query                                         | dataset     |
      | SELECT id FROM t WHERE id = '42'              | [[42]]      |
      | SELECT id + '5', id + label FROM t LIMIT 1    | [[47,47]]   |

  Scenario: text that is not a number fails, also after rows were sent
    Then these queries fail with the error at the position:
      | query                                              | error                                          | position |
      | SELECT id + 'x' FROM t                             | inconvertible value: x [CHAR -> LONG]          | 0        |
      | SELECT id FROM t WHERE id = 'abc'                  | inconvertible value: `abc` [STRING -> LONG]    | 0        |
      | SELECT * FROM t WHERE other < 'abc'                | Invalid date [str=abc]                         | 30       |
      | SELECT * FROM t WHERE ts < 'abc'                   | Invalid date [str='abc']                       | 27       |
    When I query "SELECT x + CASE WHEN x = 100000 THEN 'z' ELSE '1' END FROM long_sequence(100000)"
    Then the body ends with "\"error\":\"inconvertible value: `z` [STRING -> LONG]\", \"errorPos\":0}"
