Feature: Line-protocol error texts, as QuestDB 9.4.4 writes them
  A refused line is named with QuestDB's words, so a client that reads the error (or a person comparing the
  two servers) sees the same thing: `failed to parse line protocol:errors encountered on line(s):` and then
  `\nerror in line <n>: <detail>` for a line, or the reason right after the prefix, with `"line":0`, for an
  error of the whole request.

  Background:
    Given a running server

  Scenario: an unterminated string names the field and no value
    When I write the lines:
      """
      m,k=a v=1i 1700000000000000000
      m,k=b s="abc 1700000001000000000
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 2
    And the error message is "failed to parse line protocol:errors encountered on line(s):\nerror in line 2: Could not parse entire line, field value is invalid. Field: s; value: "

  Scenario: a second space between the sections is an invalid field separator
    When I write the lines:
      """
      m,t=a  x=1i  1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: INVALID_FIELD_SEPARATOR"

  Scenario: an empty field name is an incomplete field
    When I write the lines:
      """
      m,t=a =1i 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: INCOMPLETE_FIELD"

  Scenario: a slash in a table name is the parser's invalid table name; a dot and a hyphen are fine
    When I write the lines:
      """
      m/a x=1i 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: INVALID_TABLE_NAME"
    When I write the lines:
      """
      m..a x=1i 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: m..a; invalid table name"
    When I write the lines:
      """
      m.a x=1i 1700000000000000000
      m-a x=1i 1700000000000000000
      """
    Then the status is 204
    And the table "m.a" holds 1 rows
    And the table "m-a" holds 1 rows

  Scenario: a hyphen is refused in a column name; the first invalid name of the line is named
    When I write the lines:
      """
      cols,k=a ok=1i,p-q=1i,r+s=2i 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: cols; invalid column name: p-q"
    And storage has no table "cols"

  Scenario Outline: a string that does not convert into a typed column is a cast error
    Given the SQL "create table typed (k symbol, u uuid, ip ipv4, l long256, timestamp timestamp) timestamp(timestamp) partition by day" has run
    When I write the lines:
      """
      typed,k=a <field>="<value>" 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: typed, column: <field>; cast error from protocol type: STRING to column type: <type>"

    Examples:
      | field | value       | type    |
      | u     | not-a-uuid  | UUID    |
      | ip    | 999.1.1.1   | IPv4    |
      | l     | 0xnothex    | LONG256 |

  Scenario Outline: a request refused before its body is read still gets its answer after the whole body
    When I POST 200000 lines like "big,k=a v={i}i" to "<path>"
    Then the status is <status>
    And the line protocol error is "<code>" on line 0

    Examples:
      | path                | status | code          |
      | /write?precision=d  | 400    | not supported |
      | /write?precision=   | 400    | not supported |

  Scenario: a large body whose last line the table refuses stores none of its rows, though its first rows reached storage while the rest was parsed
    Given a running server
    And I write the lines:
      """
      grown,k=a n=1i 1700000000000000000
      """
    When I write 200000 lines like "grown,k=b n={i}i 1700000001{i}" and then the lines:
      """
      grown,k=c n="text" 1700000002000000000
      """
    Then the status is 400
    And the error message ends with "error in line 200001: table: grown, column: n; cast error from protocol type: STRING to column type: LONG"
    And within 1000 ms the query "select count() from grown" answers the dataset "[[1]]"
    When I write 200000 lines like "grown,k=b n={i}i 1700000001{i}"
    Then the status is 204
    And within 1000 ms the query "select count(), sum(n) from grown" answers the dataset "[[200001,19999900001]]"
