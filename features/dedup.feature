Feature: DEDUP UPSERT KEYS
  On a table with UPSERT KEYS, a row with the same designated timestamp and the same key values as an
  earlier row replaces it at commit: within one statement or upload, and against rows committed before.

  Background:
    Given the SQL "create table sensors (ts timestamp, id symbol, site varchar, temp double) timestamp(ts) partition by day dedup upsert keys(ts, id, site)" has run

  Scenario: INSERT replaces rows with the same timestamp and keys, also within one statement
    Given these SQL statements have run:
      """
      insert into sensors values ('2024-01-01T00:00:00Z', 'a', 'x', 1.0), ('2024-01-01T00:00:00Z', 'a', 'x', 2.0), ('2024-01-01T00:00:00Z', 'b', 'x', 3.0), ('2024-01-02T00:00:00Z', 'a', 'x', 4.0)
      insert into sensors values ('2024-01-01T00:00:00Z', 'b', 'x', 30.0), ('2024-01-01T00:00:00Z', 'b', 'y', 31.0), ('2024-01-02T00:00:00Z', 'a', 'x', 40.0)
      """
    When I query "select id, site, temp from sensors"
    Then the dataset is:
      """
      [["a","x",2.0],["b","x",30.0],["b","y",31.0],["a","x",40.0]]
      """

  Scenario: importing the same file twice keeps one row per timestamp and keys, with the values sent last
    Given the file "s.csv" contains "ts,id,site,temp\n2024-01-01T00:00:00.000000Z,a,x,1.5\n2024-01-01T00:00:00.000000Z,b,x,2.5\n2024-01-01T00:00:01.000000Z,a,x,3.5\n"
    And the file "s2.csv" contains "ts,id,site,temp\n2024-01-01T00:00:00.000000Z,a,x,10.5\n2024-01-01T00:00:01.000000Z,a,x,30.5\n2024-01-01T00:00:00.000000Z,b,x,20.5\n"
    When I import the file "s.csv" with "name=sensors&fmt=json"
    And I import the file "s2.csv" with "name=sensors&fmt=json"
    Then the import reports 3 rows imported and 0 rows rejected
    When I query "select id, site, temp from sensors"
    Then the dataset is:
      """
      [["a","x",10.5],["b","x",20.5],["a","x",30.5]]
      """

  Scenario: DEDUP can be switched off and on again
    Given these SQL statements have run:
      """
      alter table sensors dedup disable
      insert into sensors values ('2024-01-01T00:00:00Z', 'a', 'x', 1.0), ('2024-01-01T00:00:00Z', 'a', 'x', 2.0)
      alter table sensors dedup enable upsert keys(ts, id)
      insert into sensors values ('2024-01-01T00:00:00Z', 'a', 'z', 9.0)
      """
    When I query "select id, site, temp from sensors"
    Then the dataset is:
      """
      [["a","z",9.0]]
      """
    And the query "select dedup from tables() where table_name = 'sensors'" answers "[[true]]"
    When I query "select \"column\", upsertKey from table_columns('sensors') where upsertKey"
    Then the dataset is:
      """
      [["ts",true],["id",true]]
      """

  Scenario Outline: bad UPSERT KEYS are errors that point at the key
    When I query "<sql>"
    Then the status is 400
    And the JSON field "error" is "<error>"
    And the JSON field "position" is "<position>"

    Examples:
      | sql                                                                                 | error                                                             | position |
      | create table t (ts timestamp, k symbol) timestamp(ts) dedup upsert keys(k)          | \"deduplicate key list must include dedicated timestamp column\" | 72       |
      | create table t (ts timestamp, k symbol) timestamp(ts) dedup upsert keys(ts, zz)     | \"deduplicate key column not found [column=zz]\"                 | 76       |
      | alter table sensors dedup enable upsert keys(ts, id, id)                            | \"duplicate dedup column [column=id]\"                           | 53       |
