Feature: Big scans run on the query workers
  A WHERE filter, GROUP BY and the aggregates count, sum, avg, min and max over a table scan of at least
  cairo.sql.parallel.min.rows rows (100000) run on shared.worker.count worker threads (one per core),
  which read the column memory in place; the request thread merges their partial results. The answers
  are those of a single thread. A query cancelled by its Statement-Timeout or by its client closing the
  connection stops its workers too, and their hash tables count against cairo.sql.hash.max.memory.

  Background:
    Given the environment variable "SVC_METRICS_ENABLED" is "true"

  Scenario: GROUP BY, aggregates and filters over a big table answer on the query workers
    Given the SQL "create table t as (select timestamp_sequence('2024-01-01T00:00:00.000000Z', 1000000) ts, cast(x % 4 as symbol) s, x * 0.5 d, x % 1000 k from long_sequence(200000)) timestamp(ts) partition by day" has run
    When I query "select s, count(), sum(d), min(d), max(d) from t order by s"
    Then the dataset is "[[\"0\",50000,2.50005E9,2.0,100000.0],[\"1\",50000,2.499975E9,0.5,99998.5],[\"2\",50000,2.5E9,1.0,99999.0],[\"3\",50000,2.500025E9,1.5,99999.5]]"
    When I query "select count(), sum(d), avg(k) from t where s = '1' and d > 1000"
    Then the dataset is "[[49500,2.49972525E9,499.0]]"
    When I query "select k, count() c, sum(d) from t group by k order by c desc, k limit 3"
    Then the dataset is "[[0,200,1.005E7],[1,200,9950100.0],[2,200,9950200.0]]"
    When I query "select ts, s, d from t where d >= 99999.5 or d < 1"
    Then the dataset is "[[\"2024-01-01T00:00:00.000000Z\",\"1\",0.5],[\"2024-01-03T07:33:18.000000Z\",\"3\",99999.5],[\"2024-01-03T07:33:19.000000Z\",\"0\",100000.0]]"
    And the metric "svc_query_worker_tasks_total" is above 0
    And the metric "svc_query_worker_rows_total" is above 799999

  Scenario: a table smaller than cairo.sql.parallel.min.rows is scanned on the request thread
    Given the SQL "create table small as (select x, x * 0.5 d from long_sequence(1000))" has run
    When I query "select count(), sum(d) from small where x > 10"
    Then the dataset is "[[990,250222.5]]"
    And the metric "svc_query_worker_tasks_total" is 0

  Scenario: Statement-Timeout stops the query's workers, not only its answer
    Given the SQL "create table big as (select timestamp_sequence(0, 1000) ts, x * 1.5 k from long_sequence(2000000)) timestamp(ts) partition by hour" has run
    When I start the query "select k, count() from big group by k" with the header "Statement-Timeout" set to "100"
    Then the started query answers 400 with an error starting with "timeout, query aborted" between 80 and 3000 ms
    And within 1000 ms the server stops using the CPU
    And the metric "svc_query_workers_busy" is 0
    And the metric "svc_query_worker_tasks_cancelled_total" is above 0

  Scenario: a client that closes the connection stops the query's workers
    Given the SQL "create table big as (select timestamp_sequence(0, 1000) ts, x * 1.5 k from long_sequence(2000000)) timestamp(ts) partition by hour" has run
    When I start the query "select k, count() from big group by k" and close the connection after 100 ms
    Then within 1000 ms the server stops using the CPU
    And the metric "svc_query_workers_busy" is 0
    And the metric "svc_query_worker_tasks_cancelled_total" is above 0

  Scenario: a GROUP BY over 10 million distinct keys stays within cairo.sql.hash.max.memory
    Given the environment variable "SVC_CAIRO_SQL_HASH_MAX_MEMORY" is "64m"
    And the SQL "create table distinct_keys as (select timestamp_sequence(0, 100) ts, x k from long_sequence(10000000)) timestamp(ts) partition by hour" has run
    When I query "select k, count() from distinct_keys group by k"
    Then the status is 400
    And the JSON field "error" is "\"query memory limit exceeded [what=GROUP BY keys, limit=67108864 bytes (cairo.sql.hash.max.memory)]\""
    And the metric "svc_query_workers_busy" is 0
    When I query "select count(), max(k) from distinct_keys"
    Then the dataset is "[[10000000,10000000]]"

  Scenario: sums, averages and extremes of committed columns read block summaries and follow every commit
    Given the SQL "create table m as (select timestamp_sequence('2024-01-01T00:00:00.000000Z', 1000000) ts, x * 0.5 d from long_sequence(200000)) timestamp(ts) partition by day" has run
    When I query "select count(), sum(d), avg(d), min(d), max(d) from m"
    Then the dataset is "[[200000,1.000005E10,50000.25,0.5,100000.0]]"
    When I query "select count(), sum(d), max(d) from m where ts >= '2024-01-01T06:00:00.000000Z' and ts < '2024-01-02T18:00:00.000000Z'"
    Then the dataset is "[[129600,5.5987524E9,75600.0]]"
    When I query "select ts, count(), sum(d) from m sample by 1d"
    Then the dataset is "[[\"2024-01-01T00:00:00.000000Z\",86400,1.8662616E9],[\"2024-01-02T00:00:00.000000Z\",86400,5.5987416E9],[\"2024-01-03T00:00:00.000000Z\",27200,2.5350468E9]]"
    Given the SQL "insert into m values ('2024-01-03T12:00:00.000000Z', 1e9)" has run
    When I query "select count(), sum(d), max(d) from m"
    Then the dataset is "[[200001,1.100005E10,1.0E9]]"
    And the metric "svc_block_summaries_built_total" is above 1
    And the metric "svc_block_summary_folds_total" is above 5

  Scenario: with cairo.sql.block.summaries.enabled=false the workers read every row, with the same answers
    Given the environment variable "SVC_CAIRO_SQL_BLOCK_SUMMARIES_ENABLED" is "false"
    And the SQL "create table m as (select timestamp_sequence('2024-01-01T00:00:00.000000Z', 1000000) ts, x * 0.5 d from long_sequence(200000)) timestamp(ts) partition by day" has run
    When I query "select count(), sum(d), avg(d), min(d), max(d) from m"
    Then the dataset is "[[200000,1.000005E10,50000.25,0.5,100000.0]]"
    And the metric "svc_query_worker_rows_total" is above 199999
    And the metric "svc_block_summary_folds_total" is 0
