Feature: http.security.readonly=true answers reads and refuses writes
  QuestDB's HTTP API: with `http.security.readonly=true` the HTTP API refuses every write with 403.

  Background:
    Given the environment variable "SVC_HTTP_SECURITY_READONLY" is "true"
    And a running server

  Scenario: /imp is refused before the upload is read
    Given the file "t.csv" contains:
      """
      a,b
      1,2
      3,4
      """
    When I import the file "t.csv" with "name=test&fmt=json"
    Then the status is 403
    And the body contains "Write permission denied"

  Scenario: /exec answers a SELECT and refuses DDL
    When I query "select 1"
    Then the status is 200
    When I query "create table x (a int)"
    Then the status is 403
    And the body contains "Write permission denied"

  Scenario: /api/v1/sql/validate still classifies a write, which it never runs
    QuestDB validates a statement without checking permissions: the console learns it is a write.
    When QuestDB's console validates "create table x (a int)"
    Then the status is 200
    And the console reads it as "a write: CREATE TABLE"
    When I query "select count() from tables() where table_name = 'x'"
    Then the dataset is "[[0]]"
