Feature: Health check on the min listener
  Any GET to any path of the min listener answers 200, text/plain, chunked, "Status: Healthy"
  (body from reference QuestDB's HTTP API).

  Background:
    Given a running server

  Scenario: the root path is healthy
    When I GET "/" on the min listener
    Then the status is 200
    And the header "Content-Type" is "text/plain"
    And the header "Transfer-Encoding" is "chunked"
    And the body is "Status: Healthy"

  Scenario Outline: path segments are ignored
    When I GET "<path>" on the min listener
    Then the status is 200
    And the body is "Status: Healthy"

    Examples:
      | path           |
      | /status        |
      | /a/b/c?x=1     |
      | /metrics       |

  Scenario: responses are framed like QuestDB
    When I GET "/" on the min listener
    Then the headers start in the order "Server, Date, Transfer-Encoding, Content-Type"
    And the header "Server" is "svc/1.0"
    And the reason phrase is "OK"

  Scenario: HEAD answers the head without a body
    When I send HEAD "/" to the min listener
    Then the status is 200
    And the body is empty

  Scenario: an unknown path on the API listener is 404 Not Found
    When I GET "/no/such/path" on the API listener
    Then the status is 404
    And the header "Content-Type" is "text/plain; charset=utf-8"
    And the body is "Not Found\r\n"
