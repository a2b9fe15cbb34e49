Feature: Limits with clear errors keep memory bounded
  Columns per table (`cairo.max.columns`, default 2048), the longest line an import accepts
  (`http.text.roll.buffer.limit`, default 4 MiB), the memory one import builds its batches in
  (`http.import.session.memory.limit`, default 16 MiB: batches hold fewer rows for wider tables) and the
  largest request head (`http.request.header.buffer.size`). A wide CSV costs memory in proportion to its size.

  Scenario: a CSV wider than cairo.max.columns is refused at once with a clear error
    Given the file "wide.csv" has a header of 20000 columns and one row
    When I import the file "wide.csv" with "name=wide&fmt=json" and measure the server
    Then the status is 200
    And the import status is "too many columns [table=wide, columns=20000, max=2048] (cairo.max.columns)"
    And the import took less than 10 seconds and grew the resident memory by less than 100 MB
    And storage has no table "wide"

  Scenario: with the limit raised, the 20,000-column one-row CSV imports in memory proportional to its size
    Given the environment variable "SVC_CAIRO_MAX_COLUMNS" is "20000"
    And the file "wide.csv" has a header of 20000 columns and one row
    When I import the file "wide.csv" with "name=wide&fmt=json" and measure the server
    Then the import status is "OK"
    And the import reports 1 rows imported and 0 rows rejected
    And the import took less than 60 seconds and grew the resident memory by less than 400 MB

  Scenario: CREATE TABLE past cairo.max.columns is a 400
    Given the environment variable "SVC_CAIRO_MAX_COLUMNS" is "2"
    When I query "create table t (a int, b int, c int)"
    Then the status is 400
    And the JSON field "error" is "\"too many columns [table=t, columns=3, max=2] (cairo.max.columns)\""

  Scenario: a line longer than http.text.roll.buffer.limit is a rejected row, and abort fails the import
    Given the environment variable "SVC_HTTP_TEXT_ROLL_BUFFER_LIMIT" is "1k"
    And the file "long.csv" has the header "id,text" and 3 rows like "{i},short"
    And the file "long.csv" gets the line "9,<2000 x q>" after line 2
    When I import the file "long.csv" with "name=long&fmt=json"
    Then the import reports 3 rows imported and 1 rows rejected
    When I import the file "long.csv" with "name=long2&fmt=json&atomicity=abort"
    Then the import status is "line is too long [line=1, limit=1024, table=long2] (http.text.roll.buffer.limit)"
    And the table "long2" holds 0 rows
