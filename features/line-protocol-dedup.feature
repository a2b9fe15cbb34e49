Feature: Line protocol rows and DEDUP UPSERT KEYS
  ILP rows go through the same storage commit as every other write, so a table's UPSERT KEYS apply to them:
  a row with the designated timestamp and keys of an earlier row replaces it, within one request and
  against rows committed before, over HTTP and TCP.

  Scenario: a second request with the same timestamps and keys replaces the rows, within a request the last line wins
    Given a running server
    And the SQL "CREATE TABLE readings (sensor SYMBOL, site SYMBOL, temp DOUBLE, timestamp TIMESTAMP) TIMESTAMP(timestamp) PARTITION BY DAY DEDUP UPSERT KEYS(timestamp, sensor)" has run
    When I write the lines:
      """
      readings,sensor=a,site=x temp=1.0 1700000000000000000
      readings,sensor=b,site=x temp=2.0 1700000000000000000
      readings,sensor=a,site=y temp=3.0 1700000000000000000
      """
    Then the status is 204
    When I write the lines:
      """
      readings,sensor=b,site=z temp=20.0 1700000000000000000
      readings,sensor=c,site=z temp=30.0 1700000001000000000
      """
    Then the status is 204
    When I query "select sensor, site, temp from readings order by sensor"
    Then the dataset is "[[\"a\",\"y\",3.0],[\"b\",\"z\",20.0],[\"c\",\"z\",30.0]]"

  Scenario: over TCP the keys apply the same way
    Given a running server
    And the SQL "CREATE TABLE tcp_readings (sensor SYMBOL, temp DOUBLE, timestamp TIMESTAMP) TIMESTAMP(timestamp) PARTITION BY DAY DEDUP UPSERT KEYS(timestamp, sensor)" has run
    When I send over TCP and close the connection:
      """
      tcp_readings,sensor=a temp=1.0 1700000000000000000
      tcp_readings,sensor=a temp=2.0 1700000000000000000
      """
    Then within 5000 ms the query "select sensor, temp from tcp_readings" answers the dataset "[[\"a\",2.0]]"
