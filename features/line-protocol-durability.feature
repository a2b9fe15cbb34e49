Feature: What line protocol acknowledged stays, even when the process is killed
  A 204 from /write means the request's rows are committed: they are there after a SIGKILL and a restart.

  Scenario: an acknowledged request survives SIGKILL
    Given the server runs as a separate process
    When I write the lines:
      """
      durable,k=a v=1i 1700000000000000000
      durable,k=b v=2i 1700000001000000000
      """
    Then the status is 204
    When the server process is killed with SIGKILL and started again
    And I query "select k, v from durable"
    Then the dataset is "[[\"a\",1],[\"b\",2]]"

  Scenario: an acknowledged request into two tables survives SIGKILL in both
    Given the server runs as a separate process
    When I write the lines:
      """
      ledger_a,k=a v=1i 1700000000000000000
      ledger_b,k=b v=2i 1700000000000000000
      ledger_a,k=c v=3i 1700000001000000000
      """
    Then the status is 204
    When the server process is killed with SIGKILL and started again
    And I query "select k, v from ledger_a"
    Then the dataset is "[[\"a\",1],[\"c\",3]]"
    When I query "select k, v from ledger_b"
    Then the dataset is "[[\"b\",2]]"
