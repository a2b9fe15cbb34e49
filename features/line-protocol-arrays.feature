Feature: Array shapes are checked against the bytes that carry them
  A protocol-v2 binary array declares its shape before its elements. The shape must fit the elements that
  follow: every extent at least 1, or a zero extent that makes the array empty (it reads `[]`), and no prefix
  of the shape past 2^31-1 elements, so a 48-byte line cannot declare 2^62 empty arrays. A row that an older
  version stored with such a shape is read safely by every output.

  Scenario Outline: a shape whose prefix passes 2^31-1 elements is refused, even with a zero extent after it
    Given a running server
    When I write the lines with binary values:
      """
      grid,k=a ok==array(2: 1 2) 1700000000000000000
      grid,k=b a==array(<shape>) 1700000000000000000
      """
    Then the status is 400
    And the error message ends with "error in line 2: ARRAY_TOO_LARGE"
    And storage has no table "grid"

    Examples:
      | shape                        |
      | 2147483647,2147483647,0      |
      | 100000000,100000000,0        |
      | 65536,65536,0                |
      | -1,2                         |

  Scenario: a zero extent is the empty array, whatever the other extents
    Given a running server
    When I write the lines with binary values:
      """
      empty,k=a a==array(3,0) 1700000000000000000
      empty,k=b a==array(2,2: 1 2 3 4) 1700000001000000000
      """
    Then the status is 204
    When I query "select k, a from empty"
    Then the dataset is "[[\"a\",[]],[\"b\",[[1.0,2.0],[3.0,4.0]]]]"

  Scenario: an array declaring more elements than a line may hold is refused at once
    Given the environment variable "SVC_LINE_HTTP_MAX_RECV_BUFFER_SIZE" is "64k"
    And a running server
    When I write the lines with binary values:
      """
      huge a==array(100000000) 1700000000000000000
      """
    Then the status is 413
    And the error message ends with "line is too large, send shorter lines or increase the buffer size \"line.http.max.recv.buffer.size\" [maxBufferSize=65536]"

  Scenario Outline: a row stored with a degenerate shape reads as the empty array through every output
    Given a running server
    Given the table "poison" holds a DOUBLE array row with the shape "<shape>" and no element, as an older version stored it
    Then every output reads "select * from poison" within 5000 ms: /exec, /exp in each format, PostgreSQL text and binary
    When I query "select a, ts from poison"
    Then the dataset is "[[[],\"2023-11-14T22:13:20.000000Z\"]]"

    Examples:
      | shape                   |
      | 2147483647,2147483647,0 |
      | 100000000,100000000,0   |
      | 10000000,0              |
