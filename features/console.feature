Feature: Endpoints the web console and line-protocol clients call at start
  GET /settings (no authentication) gives the server facts clients read at connect and the console
  preferences; PUT replaces and POST merges the preferences. GET /chk reports whether a table exists;
  GET /warnings lists start-up warnings (http-api.md §6).

  Scenario: /settings answers the configuration clients read
    Given a running server
    When I GET "/settings" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the body contains "{\"config\":{\"release.type\":\"OSS\",\"release.version\":\""
    And the body contains "\"acl.enabled\":false"
    And the body contains "\"line.proto.support.versions\":[1,2,3]"
    And the body contains "\"cairo.max.file.name.length\":127}"
    And the body contains "\"preferences.version\":0,\"preferences\":{}}"

  Scenario: GET /settings needs no credentials when authentication is on
    Given the environment variable "SVC_HTTP_USER" is "admin"
    And the environment variable "SVC_HTTP_PASSWORD" is "quest"
    And a running server
    When I GET "/settings" on the API listener
    Then the status is 200

  Scenario: PUT /settings saves the preferences and bumps their version
    Given a running server
    When I send PUT "/settings?version=0" with the body "{\"instance_name\":\"prod\"}" to the API listener
    Then the status is 200
    When I GET "/settings" on the API listener
    Then the body contains "\"preferences.version\":1,\"preferences\":{\"instance_name\":\"prod\"}}"

  Scenario: POST /settings merges, and a stale version is refused with 409
    Given a running server
    When I send PUT "/settings?version=0" with the body "{\"a\":1}" to the API listener
    And I send POST "/settings?version=1" with the body "{\"b\":2}" to the API listener
    Then the status is 200
    When I send PUT "/settings?version=1" with the body "{}" to the API listener
    Then the status is 409
    And the body is "{\"error\":\"preferences view is out of date [currentVersion=2, expectedVersion=1]\"}"
    When I GET "/settings" on the API listener
    Then the body contains "\"preferences\":{\"a\":1,\"b\":2}}"

  Scenario: a non-numeric version is a 400
    Given a running server
    When I send PUT "/settings?version=x" with the body "{}" to the API listener
    Then the status is 400
    And the body is "{\"error\":\"Invalid version, numeric value expected [version='x']\"}"

  Scenario: /chk reports a missing table as text and as JSON
    Given a running server
    When I GET "/chk?j=nosuch" on the API listener
    Then the status is 200
    And the header "Content-Type" is "text/plain; charset=utf-8"
    And the body is "Does not exist\r\n"
    When I GET "/chk?j=nosuch&f=json" on the API listener
    Then the header "Content-Type" is "application/json"
    And the header "Keep-Alive" is "timeout=5, max=10000"
    And the body is "{\"status\":\"Does not exist\"}"

  Scenario: /chk without a table name
    Given a running server
    When I GET "/chk" on the API listener
    Then the body is "table name missing\r\n"

  Scenario: /chk calls a folder in the db root that is not a table a reserved name
    Given a running server
    And the root file "db/notatable/readme.txt" contains:
      """
      x
      """
    When I GET "/chk?j=notatable&f=json" on the API listener
    Then the body is "{\"status\":\"Reserved name\"}"

  Scenario: /chk finds a table created by SQL
    Given the SQL "create table prices (p double)" has run
    When I GET "/chk?j=prices&f=json" on the API listener
    Then the body is "{\"status\":\"Exists\"}"
    When I GET "/chk?j=PRICES" on the API listener
    Then the body is "Exists\r\n"

  Scenario: /warnings is a JSON array
    Given a running server
    When I GET "/warnings" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/json"
    And the body contains "["
