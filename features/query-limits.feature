Feature: Queries that cannot run away
  Regular expressions and LIKE patterns run in time linear in the value, a Statement-Timeout stops the
  query's work and not only its answer, and hash tables hold any number of keys up to
  cairo.sql.hash.max.memory.

  Scenario: a regex that makes a backtracking engine explode answers at once
    Given the SQL "create table words as (select rpad('a', 30, 'a') || '!' s from long_sequence(2000))" has run
    When I query "select count() from words where s ~ '^(a|aa)+$'"
    Then the status is 200
    And the dataset is "[[0]]"
    And the answer came within 3000 ms

  Scenario: LIKE and ILIKE with many % run in linear time
    Given the SQL "create table words as (select rpad('a', 30, 'a') || '!' s from long_sequence(2000))" has run
    When I query "select count() from words where s like '%a%a%a%a%a%a%a%b' or s ilike '%A%A%A%A%A%A%A%B'"
    Then the status is 200
    And the dataset is "[[0]]"
    And the answer came within 3000 ms

  Scenario: regexp_replace with a catastrophic pattern answers at once
    Given the SQL "create table words as (select rpad('a', 30, 'a') || '!' s from long_sequence(2000))" has run
    When I query "select count(), min(r) from (select regexp_replace(s, '(a|aa)+$', 'x') r from words)"
    Then the status is 200
    And the dataset is "[[2000,\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\"]]"
    And the answer came within 3000 ms

  Scenario: a construct that needs backtracking is refused with its name
    Given the SQL "create table words as (select rpad('a', 30, 'a') || '!' s from long_sequence(2000))" has run
    When I query "select count() from words where s ~ 'a(?=b)'"
    Then the status is 400
    And the JSON field "error" is "\"unsupported regex construct: lookahead (?=…); regular expressions run in linear time, without backtracking\""
    And the JSON field "position" is "38"

  Scenario: Statement-Timeout stops a long regex query while other clients are answered
    When I start the query "select count() from long_sequence(5000000000) where cast(x as string) ~ '^(1|11)+$'" with the header "Statement-Timeout" set to "1000"
    And after 300 ms another connection queries "select 1"
    Then that answer came within 1000 ms
    And the started query answers 400 with an error starting with "timeout, query aborted" between 900 and 5000 ms
    And within 100 ms the server stops using the CPU

  Scenario: count_distinct counts more distinct values than a JS Set can hold
    When I query "select count_distinct(x) from long_sequence(17000000)"
    Then the status is 200
    And the dataset is "[[17000000]]"

  Scenario: hash tables past cairo.sql.hash.max.memory fail with a 400 naming the key
    Given the environment variable "SVC_CAIRO_SQL_HASH_MAX_MEMORY" is "1m"
    When I query "select count() from (select x, count() from long_sequence(1000000) group by x)"
    Then the status is 400
    And the JSON field "error" is "\"query memory limit exceeded [what=GROUP BY keys, limit=1048576 bytes (cairo.sql.hash.max.memory)]\""

  Scenario Outline: a hash table past cairo.sql.hash.max.memory fails <query kind> over <route> before its first row
    Given the environment variable "SVC_CAIRO_SQL_HASH_MAX_MEMORY" is "8m"
    When the query "<query>" runs over <route>
    Then it fails before its first row with an error starting with "query memory limit exceeded [what=<what>"

    Examples:
      | query kind      | route      | what                | query                                                                                                                                               |
      | DISTINCT        | /exec      | DISTINCT keys       | select distinct x from long_sequence(5000000)                                                                                                       |
      | DISTINCT        | /exp       | DISTINCT keys       | select distinct x from long_sequence(5000000)                                                                                                       |
      | DISTINCT        | PostgreSQL | DISTINCT keys       | select distinct x from long_sequence(5000000)                                                                                                       |
      | a text DISTINCT | /exec      | DISTINCT keys       | select distinct 'k' \|\| x from long_sequence(5000000)                                                                                              |
      | UNION           | /exec      | DISTINCT keys       | select x from long_sequence(5000000) union select x from long_sequence(10)                                                                          |
      | UNION           | PostgreSQL | DISTINCT keys       | select x from long_sequence(5000000) union select x from long_sequence(10)                                                                          |
      | EXCEPT          | /exec      | DISTINCT keys       | select x from long_sequence(5000000) except select x from long_sequence(10)                                                                         |
      | EXCEPT          | /exp       | DISTINCT keys       | select x from long_sequence(5000000) except select x from long_sequence(10)                                                                         |
      | INTERSECT       | /exec      | set operation keys  | select x from long_sequence(5000000) intersect select x from long_sequence(5000000)                                                                 |
      | GROUP BY        | /exec      | GROUP BY keys       | select x, count() from long_sequence(5000000) group by x                                                                                            |
      | GROUP BY        | PostgreSQL | GROUP BY keys       | select x, count() from long_sequence(5000000) group by x                                                                                            |
      | count_distinct  | /exp       | count_distinct      | select count_distinct(x) from long_sequence(5000000)                                                                                                |
      | SAMPLE BY FILL  | /exec      | SAMPLE BY keys      | select ts, x, count() from (select timestamp_sequence(0, 1000) ts, x from long_sequence(5000000)) timestamp(ts) sample by 1s fill(0)                 |
      | SAMPLE BY FILL  | PostgreSQL | SAMPLE BY keys      | select ts, x, count() from (select timestamp_sequence(0, 1000) ts, x from long_sequence(5000000)) timestamp(ts) sample by 1s fill(0)                 |
      | LATEST ON       | /exp       | LATEST ON keys      | select * from (select x, timestamp_sequence(0, 1000) ts from long_sequence(5000000)) timestamp(ts) latest on ts partition by x                      |
      | a hash JOIN     | /exec      | join keys           | select a.x from long_sequence(5000000) a join long_sequence(5000000) b on a.x = b.x                                                                 |
      | a SPLICE JOIN   | PostgreSQL | join keys           | select a.ts from (select timestamp_sequence(0, 1000) ts, x from long_sequence(5000000)) a timestamp(ts) splice join (select timestamp_sequence(0, 1000) ts, x from long_sequence(10)) b timestamp(ts) on (x) |

  Scenario: ASOF JOIN keys the left rows by the right side's keys, so a big left side stays under cairo.sql.hash.max.memory
    Given the environment variable "SVC_CAIRO_SQL_HASH_MAX_MEMORY" is "8m"
    When I query "select count(), count(b.x), sum(b.x) from (select timestamp_sequence(0, 1000) ts, x from long_sequence(5000000)) a timestamp(ts) asof join (select timestamp_sequence(0, 1000) ts, x from long_sequence(10)) b timestamp(ts) on (x)"
    Then the status is 200
    And the dataset is "[[5000000,10,55]]"
