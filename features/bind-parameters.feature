Feature: bind parameters on /exec and /exp
  A query names its values with $1, $2, … or :name, and the request carries them apart from the query
  text: $1=… and p_name=… URL parameters, or the params object of a POST /exec JSON body. Each value takes
  the type the query gives its parameter (the column it is compared with, the column it is inserted
  into, an explicit ::type; text otherwise) and never becomes part of the SQL, so a value cannot change
  the statement. A missing or unconvertible value is a 400 {query, error, position} naming the parameter.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE t (ts TIMESTAMP, sym SYMBOL, n INT, name STRING, ok BOOLEAN) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO t VALUES ('2024-01-01T00:00:00Z', 'a', 1, 'one', true), ('2024-01-02T00:00:00Z', 'b', 2, 'two', false), ('2024-01-03T00:00:00Z', 'a', 3, 'three', true)
      """

  Scenario: a value takes the type of the column it is compared with
    When I query "SELECT n, name FROM t WHERE n >= $1 AND ts < $2 AND sym = $3 AND ok = $4" with the bind values:
      | $1 | 1          |
      | $2 | 2024-01-03 |
      | $3 | a          |
      | $4 | t          |
    Then the status is 200
    And the dataset is "[[1,\"one\"]]"

  Scenario: an explicit ::type types a value no column types
    When I query "SELECT $1::int + 1 AS next, $2::timestamp AS at, $3::boolean AS yes, $4 AS text" with the bind values:
      | $1 | 41                  |
      | $2 | 2024-05-06 07:08:09 |
      | $3 | on                  |
      | $4 | 41                  |
    Then the dataset is "[[42,\"2024-05-06T07:08:09.000000Z\",true,\"41\"]]"
    And the JSON field "columns" is "[{\"name\":\"next\",\"type\":\"INT\"},{\"name\":\"at\",\"type\":\"TIMESTAMP\"},{\"name\":\"yes\",\"type\":\"BOOLEAN\"},{\"name\":\"text\",\"type\":\"STRING\"}]"

  Scenario: named parameters take p_name= values, a name used twice is one parameter
    When I query "SELECT name FROM t WHERE ts >= :lo AND ts < :HI OR ts = :lo" with the bind values:
      | p_lo | 2024-01-02 |
      | p_hi | 2024-01-04 |
    Then the dataset is "[[\"two\"],[\"three\"]]"
    When I query "SELECT name FROM t WHERE n = $1 OR n = :two" with the bind values:
      | $1 | 1 |
    Then the status is 400
    And the JSON field "error" is "\"cannot mix $n and :name bind variables\""

  Scenario: a POST /exec JSON body carries typed values in params
    When I POST "/exec" with the content type "application/json" and the body:
      """
      {"query": "SELECT name, :label AS label FROM t WHERE n > $1 AND ts >= :lo", "params": {"$1": 1, "lo": "2024-01-01"}}
      """
    Then the status is 400
    And the JSON field "error" is "\"cannot mix $n and :name bind variables\""
    When I POST "/exec" with the content type "application/json" and the body:
      """
      {"query": "SELECT name, :label AS label, :missing::double AS d FROM t WHERE n > :min AND ok = :ok", "params": {"min": 1, ":ok": true, "label": "x", "missing": null}}
      """
    Then the status is 200
    And the dataset is "[[\"three\",\"x\",null]]"
    When I POST "/exec?$1=5" with the content type "application/json" and the body:
      """
      {"query": "SELECT count() FROM t WHERE n < $1", "params": {"$1": 3}}
      """
    Then the dataset is "[[2]]"

  Scenario: /exp takes the same bind values
    When I export "SELECT n, name FROM t WHERE sym = :s ORDER BY n" with the bind values:
      | p_s | a |
    Then the status is 200
    And the CSV body is:
      """
      "n","name"
      1,"one"
      3,"three"
      """
    When I export "SELECT n FROM t WHERE n = $1" with the bind values:
      | $1 | two |
    Then the status is 400
    And the body is "{\"query\":\"SELECT n FROM t WHERE n = $1\",\"error\":\"inconvertible value: `two` [STRING -> INT] for bind variable $1\",\"position\":26}"

  Scenario: a missing value is a 400 naming the parameter at its position
    When I query "SELECT name FROM t WHERE n = $1 AND ts > $2" with the bind values:
      | $1 | 1 |
    Then the status is 400
    And the body is "{\"query\":\"SELECT name FROM t WHERE n = $1 AND ts > $2\",\"error\":\"no value for bind variable $2 [send $2=… in the URL or params.$2 in a JSON body]\",\"position\":41}"
    When I query "SELECT name FROM t WHERE name = :who"
    Then the status is 400
    And the JSON field "error" is "\"no value for bind variable :who [send p_who=… in the URL or params.who in a JSON body]\""
    And the JSON field "position" is "32"
    When I export "SELECT name FROM t WHERE n = $1" with the bind values:
      | p_n | 1 |
    Then the status is 400
    And the JSON field "error" is "\"bind variable :n is not in the query [p_n]\""

  Scenario Outline: a value the parameter's type does not take is a 400 naming it
    When I POST "/exec" with the content type "application/json" and the body:
      """
      {"query": "<query>", "params": <params>}
      """
    Then the status is 400
    And the JSON field "error" is "<error>"
    And the JSON field "position" is "<position>"

    Examples:
      | query                                    | params              | error                                                                                   | position |
      | SELECT name FROM t WHERE n = $1          | {"$1": "abc"}       | \"inconvertible value: `abc` [STRING -> INT] for bind variable $1\"                     | 29       |
      | SELECT name FROM t WHERE n = $1          | {"$1": 1.5}         | \"inconvertible value: 1.5 [DOUBLE -> INT] for bind variable $1\"                         | 29       |
      | SELECT name FROM t WHERE n = $1          | {"$1": 3000000000}  | \"inconvertible value: 3000000000 [LONG -> INT] for bind variable $1\"                  | 29       |
      | SELECT name FROM t WHERE ts > :t         | {"t": "yesterday"}  | \"inconvertible value: `yesterday` [STRING -> TIMESTAMP] for bind variable :t\"         | 30       |
      | SELECT name FROM t WHERE ok = $1         | {"$1": "maybe"}     | \"inconvertible value: `maybe` [STRING -> BOOLEAN] for bind variable $1\"               | 30       |
      | SELECT name FROM t WHERE n = $1          | {"$1": [1, 2]}      | \"bind variable $1 must be a string, number, boolean or null, not an array\"           | 0        |
      | SELECT name FROM t WHERE n = $1          | {"$1": 1, "$2": 2}  | \"bind variable $2 is not in the query [params.$2]\"                                   | 0        |
      | SELECT name FROM t WHERE n = $1          | {"$x": 1}           | \"invalid bind variable name [params.$x]: expected $1, $2, …\"                          | 0        |

  Scenario Outline: an injection string stays a value: the statement keeps its shape
    When I query "SELECT count() FROM t WHERE name = $1" with the bind values:
      | $1 | <value> |
    Then the status is 200
    And the dataset is "[[0]]"
    When I query "SELECT n FROM t WHERE n = $1" with the bind values:
      | $1 | <value> |
    Then the status is 400
    And the JSON field "error" starts with "inconvertible value: `"
    When I export "SELECT name FROM t WHERE name = :who" with the bind values:
      | p_who | <value> |
    Then the CSV body is:
      """
      "name"
      """
    When I query "INSERT INTO t (ts, name) VALUES ('2024-01-04', $1)" with the bind values:
      | $1 | <value> |
    Then the status is 200
    When I query "SELECT name FROM t WHERE ts = '2024-01-04'"
    Then the dataset is "[[<json>]]"
    And the table "t" holds 4 rows

    Examples:
      | value                              | json                                     |
      | ' OR 1=1 --                        | \"' OR 1=1 --\"                          |
      | 1; DROP TABLE t                    | \"1; DROP TABLE t\"                      |
      | x'); DROP TABLE t; --              | \"x'); DROP TABLE t; --\"                |
      | one' OR 'a'='a                     | \"one' OR 'a'='a\"                       |
      | 1 OR 1=1                           | \"1 OR 1=1\"                             |
      | $2                                 | \"$2\"                                   |

  Scenario: 10,000 parameters are bound, and one bad value among them commits nothing
    When I POST "SELECT count() FROM t WHERE n IN ($1, …, $10000)" with the values 1 … 10000 in a JSON body
    Then the status is 200
    And the dataset is "[[3]]"
    When I POST "SELECT count() FROM t WHERE n IN (:p1, …, :p10000)" with the values 1 … 10000 in a JSON body
    Then the dataset is "[[3]]"
    Given the SQL "CREATE TABLE w (n INT)" has run
    When I POST "INSERT INTO w VALUES ($1), …, ($10000)" with the values 1 … 10000 in a JSON body, but "$9999" is "x"
    Then the status is 400
    And the JSON field "error" is "\"inconvertible value: `x` [STRING -> INT] for bind variable $9999\""
    And the table "w" holds 0 rows
    When I POST "INSERT INTO w VALUES ($1), …, ($10000)" with the values 1 … 10000 in a JSON body
    Then the status is 200
    And the table "w" holds 10000 rows
    When I POST "SELECT n FROM t WHERE n = $1" with the values 1 … 10000 in a JSON body
    Then the status is 400
    And the JSON field "error" is "\"bind variable $2 is not in the query [params.$2]\""
