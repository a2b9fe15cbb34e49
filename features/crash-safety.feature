Feature: Acknowledged writes survive SIGKILL
  The server runs as a child process while clients upload small and large files, run INSERT … SELECT and
  commit rows into two tables at once; it is killed with SIGKILL at random moments and restarted. After
  every restart each acknowledged write is there in full, and no write is partly visible.

  Scenario: a few rounds of the SIGKILL loop
    When the SIGKILL loop runs 4 rounds with large writes of 12000 rows and maxUncommittedRows 4000
    Then no acknowledged row was lost and no write is partly visible
    And writes were acknowledged and others cut by the kills
