Feature: GET /exp exports a query result as CSV or Parquet
  Spec "GET /exp" and its Parquet table; wire details from http-api.md §4 and the decisions of §13.
  Every option is checked before the first byte: a bad value is a 400 {query,error,position}.

  Background:
    Given a running server

  Scenario: a missing query is a 400
    When I GET "/exp" on the API listener
    Then the status is 400
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the body is "{\"query\":\"\",\"error\":\"No query text\",\"position\":0}"

  Scenario: an unknown fmt is a 400 naming it
    When I GET "/exp?query=select%201&fmt=xml" on the API listener
    Then the status is 400
    And the body is "{\"query\":\"select 1\",\"error\":\"unrecognised format [format=xml]\",\"position\":0}"

  Scenario Outline: a bad Parquet option is a 400 with the reason
    When I GET "/exp?query=select%201&fmt=parquet&<option>" on the API listener
    Then the status is 400
    And the body contains "<reason>"

    Examples:
      | option                                   | reason                                                                      |
      | compression_codec=LZO                    | expected one of: UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW, BROTLI          |
      | compression_codec=LZ4                    | invalid compression codec[LZ4]                                              |
      | compression_codec=GZIP&compression_level=10 | invalid compression level for GZIP, expected 0..9:10                     |
      | row_group_size=0                         | invalid row group size:0                                                    |
      | data_page_size=abc                       | invalid data page size:abc                                                  |
      | parquet_version=3                        | invalid parquet version: 3, supported versions: 1, 2                        |
      | statistics_enabled=maybe                 | invalid statistics_enabled:maybe, expected true or false                    |
      | bloom_filter_fpp=2                       | invalid bloom filter fpp:2                                                  |
      | partition_by=CENTURY                     | invalid partition_by:CENTURY                                                |

  Scenario: a bad CSV delimiter is a 400
    When I GET "/exp?query=select%201&delimiter=ab" on the API listener
    Then the status is 400
    And the body contains "invalid delimiter [delimiter=ab]"

  Scenario: a timeout that is not a number is a 400
    When I GET "/exp?query=select%201&timeout=soon" on the API listener
    Then the status is 400
    And the body contains "invalid timeout [timeout=soon], expected seconds"
