Feature: implicit column names are the expression's text
  A projection without an alias is named after the canonical text of its expression, as QuestDB 9.4.4
  names it, so Grafana legends, console headers and client code reading row["count()"] keep working.

  Background:
    Given these SQL statements have run:
      """
      CREATE TABLE trades (ts TIMESTAMP, symbol SYMBOL, price DOUBLE) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO trades VALUES ('2024-01-01T00:00:00.000000Z', 'BTC', 10.5), ('2024-01-01T00:01:00.000000Z', 'ETH', 2.5)
      """

  Scenario: aggregates are named after their call as typed
    When I query "SELECT symbol, count(), COUNT(*), avg(price), Sum(price * 2) FROM trades ORDER BY symbol"
    Then the JSON field "columns" is "[{\"name\":\"symbol\",\"type\":\"SYMBOL\"},{\"name\":\"count()\",\"type\":\"LONG\"},{\"name\":\"COUNT()_2\",\"type\":\"LONG\"},{\"name\":\"avg(price)\",\"type\":\"DOUBLE\"},{\"name\":\"Sum(price * 2)\",\"type\":\"DOUBLE\"}]"
    And the dataset is "[[\"BTC\",1,1,10.5,21.0],[\"ETH\",1,1,2.5,5.0]]"

  Scenario: operators, casts and rewrites print canonically
    When I query "SELECT (price+1)*2, -price, cast(price AS INT), symbol || 'x', symbol IS NULL, CASE symbol WHEN 'BTC' THEN 1 END FROM trades LIMIT 1"
    Then the JSON field "columns" is "[{\"name\":\"(price + 1) * 2\",\"type\":\"DOUBLE\"},{\"name\":\"-(price)\",\"type\":\"DOUBLE\"},{\"name\":\"price::INT\",\"type\":\"INT\"},{\"name\":\"concat(symbol, 'x')\",\"type\":\"STRING\"},{\"name\":\"symbol = null\",\"type\":\"BOOLEAN\"},{\"name\":\"switch(symbol, 'BTC', 1)\",\"type\":\"INT\"}]"

  Scenario: duplicate names get _2, _3, skipping names already taken
    When I query "SELECT price, price, price p, price FROM trades LIMIT 1"
    Then the JSON field "columns" is "[{\"name\":\"price\",\"type\":\"DOUBLE\"},{\"name\":\"price_2\",\"type\":\"DOUBLE\"},{\"name\":\"p\",\"type\":\"DOUBLE\"},{\"name\":\"price_3\",\"type\":\"DOUBLE\"}]"

  Scenario: a name is usable in an outer query
    When I query "SELECT \"avg(price)\" FROM (SELECT symbol, avg(price) FROM trades) ORDER BY 1"
    Then the dataset is "[[2.5],[10.5]]"

  Scenario: the same alias twice is an error
    When I query "SELECT price a, price a FROM trades"
    Then the status is 400
    And the JSON field "error" is "\"Duplicate column [name=a]\""
    And the JSON field "position" is "22"
