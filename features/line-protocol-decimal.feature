Feature: DECIMAL values over the line protocol (protocol version 3)
  `GET /settings` lists version 3, so the official client sends `decimalColumn` values in binary (type 23: scale,
  length, big-endian two's complement) and `decimalColumnText` values as `123.45d`. As in QuestDB, decimals go
  into DECIMAL columns that exist already; the protocol never creates one.

  Scenario: the official client writes decimals with protocol 3 and /exec reads back what it sent
    Given a running server
    And the SQL "CREATE TABLE prices (sym SYMBOL, price DECIMAL(12,2), qty DECIMAL(10,3), wide DECIMAL(40,10), note VARCHAR, ts TIMESTAMP) TIMESTAMP(ts) PARTITION BY DAY" has run
    When the official client sends decimals to "prices" with "http::addr={api};protocol_version=3"
    When I query "select sym, price, qty, wide, note, ts from prices"
    Then the dataset is:
      """
      [["a","123.45","12.345","-123456789012345678901234567890.0000000001","x","2023-11-14T22:13:20.000000Z"],["b","-0.50",null,null,null,"2023-11-14T22:13:21.000000Z"],["c","7.00","0.001","0.0000000000",null,"2023-11-14T22:13:22.000000Z"]]
      """

  Scenario: over TCP with protocol 3 the binary decimals arrive the same way
    Given a running server
    And the SQL "CREATE TABLE tcp_prices (sym SYMBOL, price DECIMAL(12,2), qty DECIMAL(10,3), wide DECIMAL(40,10), note VARCHAR, ts TIMESTAMP) TIMESTAMP(ts) PARTITION BY DAY" has run
    When the official client sends decimals to "tcp_prices" with "tcp::addr={tcp};protocol_version=3"
    Then within 5000 ms the query "select sym, price, qty, wide, note, ts from tcp_prices" answers the dataset:
      """
      [["a","123.45","12.345","-123456789012345678901234567890.0000000001","x","2023-11-14T22:13:20.000000Z"],["b","-0.50",null,null,null,"2023-11-14T22:13:21.000000Z"],["c","7.00","0.001","0.0000000000",null,"2023-11-14T22:13:22.000000Z"]]
      """

  Scenario: with protocol_version=auto the client picks 3 and still sends binary doubles and arrays
    Given a running server
    And the SQL "CREATE TABLE quotes (sym SYMBOL, bid DECIMAL(12,2), temp DOUBLE, grid DOUBLE[][], timestamp TIMESTAMP) TIMESTAMP(timestamp) PARTITION BY DAY" has run
    When the official client sends a decimal, a double and an array to "quotes" with "http::addr={api}"
    When I query "select sym, bid, temp, grid from quotes"
    Then the dataset is "[[\"s1\",\"2615.54\",21.5,[[1.5,2.0],[3.0,-4.25]]]]"

  Scenario: a decimal is never the reason a column is created
    Given a running server
    When I write the lines:
      """
      fresh,k=a d=1.5d 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: fresh; decimal columns must be created manually: d"
    And storage has no table "fresh"
    When I write the lines:
      """
      fresh,k=a v=1.5 1700000000000000000
      fresh,k=a v=2.5,d=1.5d 1700000001000000000
      """
    Then the status is 400
    And the error message ends with "error in line 2: decimal columns cannot be created automatically [table=fresh, columnName=d]"
    And storage has no table "fresh"

  Scenario: a decimal that does not fit its column rejects the request
    Given a running server
    And the SQL "CREATE TABLE ledger (amount DECIMAL(6,2), v DOUBLE, timestamp TIMESTAMP) TIMESTAMP(timestamp) PARTITION BY DAY" has run
    When I write the lines:
      """
      ledger amount=1.5d,v=1.0 1700000000000000000
      ledger amount=1.005d 1700000001000000000
      """
    Then the status is 400
    And the line protocol error is "invalid" on line 2
    And the error message ends with "error in line 2: table: ledger, column: amount; value error: converting 1.005 to DECIMAL(6,2) will result in loss of precision"
    When I write the lines:
      """
      ledger amount=12345.6d 1700000000000000000
      """
    Then the error message ends with "error in line 1: table: ledger, column: amount; line protocol value: 12345.6 is out bounds of column type: DECIMAL(6,2)"
    When I write the lines:
      """
      ledger v=1.5d 1700000000000000000
      """
    Then the error message ends with "error in line 1: table: ledger, column: v; cast error from protocol type: DECIMAL to column type: DOUBLE"
    When I write the lines:
      """
      ledger amount=3i 1700000000000000000
      ledger amount=2.25 1700000001000000000
      ledger amount="4.5" 1700000002000000000
      ledger amount=NaNd 1700000003000000000
      """
    Then the status is 204
    When I query "select amount from ledger"
    Then the dataset is "[[\"3.00\"],[\"2.25\"],[\"4.50\"],[null]]"

  Scenario: leading zeros take no precision, so a DECIMAL(18,18) column takes strings and floats below 1
    Given a running server
    And the SQL "CREATE TABLE tiny (d DECIMAL(18,18), e DECIMAL(5,5), timestamp TIMESTAMP) TIMESTAMP(timestamp) PARTITION BY DAY" has run
    When I write the lines:
      """
      tiny d="0.000000000000000001",e="-0.00123" 1700000000000000000
      tiny d=0.5,e=0.00999 1700000001000000000
      tiny d=-0.999999999999999999d 1700000002000000000
      """
    Then the status is 204
    When I query "select d, e from tiny"
    Then the dataset is "[[\"0.000000000000000001\",\"-0.00123\"],[\"0.500000000000000000\",\"0.00999\"],[\"-0.999999999999999999\",null]]"
    When I write the lines:
      """
      tiny d="1.5" 1700000003000000000
      """
    Then the status is 400
    And the error message ends with "error in line 1: table: tiny, column: d; value error: 1.5 cannot be converted to column type: DECIMAL(18,18)"
