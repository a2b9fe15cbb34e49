Feature: SQL errors name QuestDB's text at QuestDB's position
  Parse and bind errors use QuestDB's wording and point where the console's cursor should go.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE trades (ts TIMESTAMP, symbol SYMBOL, price DOUBLE) TIMESTAMP(ts) PARTITION BY DAY
      """

  Scenario: parse errors
    Then these queries fail with the error at the position:
      | query                                      | error                                                                                          | position |
      | SELECT * a FROM trades                     | wildcard cannot have alias                                                                     | 9        |
      | quotes 12                                  | table does not exist [table=quotes]                                                            | 0        |
      | SELECT price FROM trades WHERE from = 1    | table and column names that are SQL keywords have to be enclosed in double quotes, such as "from" | 31    |
      | SELECT FROM trades                         | column expression expected                                                                     | 7        |
      | SELECT 1 + select FROM trades              | column expression expected                                                                     | 11       |
      | SELECT (1 + 2 FROM trades                  | dangling literal                                                                               | 14       |
      | SELECT (1 + 2                              | unbalanced (                                                                                   | 7        |
      | SELECT 'abc                                | unclosed quoted string?                                                                        | 7        |
      | SELECT "abc                                | unclosed quotation mark                                                                        | 7        |
      | SELECT * FROM trades WHERE                 | empty where clause                                                                             | 21       |
      | SELECT * FROM trades ORDER BY              | literal expected                                                                               | 29       |
      | SELECT @x FROM trades                      | Invalid column: @x                                                                             | 7        |
      | SELECT 1 @ 2                               | identifier should start with a letter or '_'                                                   | 9        |

  Scenario: bind errors
    Then these queries fail with the error at the position:
      | query                                                    | error                                                                | position |
      | SELECT * FROM trades WHERE abs(sum(price)) > 1           | Aggregate function cannot be passed as an argument                   | 31       |
      | CREATE TABLE trades (x INT)                              | table already exists                                                 | 13       |
      | SELECT x, count() FROM long_sequence(3) SAMPLE BY 1h     | base query does not provide designated TIMESTAMP column              | 0        |
      | SELECT ts, price FROM trades SAMPLE BY 1h                | at least one aggregation function must be present in 'select' clause | 39       |

  Scenario: clause words are usable as column and table names
    Given these SQL statements have run:
      """
      CREATE TABLE group (by INT, latest INT, fill INT)
      INSERT INTO group VALUES (1, 2, 3)
      """
    When I query "SELECT by, latest + fill FROM group WHERE by = 1 GROUP BY by, latest + fill ORDER BY by"
    Then the dataset is "[[1,5]]"
