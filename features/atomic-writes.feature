Feature: Imports and statements are atomic, whatever their size
  One /imp request or one SQL statement is one transaction: rows past maxUncommittedRows are written to
  disk as staged data that no reader sees, and the end of the request publishes all of it at once. An
  error with atomicity=abort, a client that goes away or a crash leaves nothing behind.

  Scenario: sixteen clients import at once into a table that the first of them creates
    When 16 clients each send 4 imports of 20 rows "ts,sym,v,n" with repeated out-of-order timestamps to "/imp?name=fresh&timestamp=ts&partitionBy=DAY&fmt=json"
    Then every import answered 200 with 20 rows imported
    And the table "fresh" holds 1280 rows with every "n" from 0 to 1279
