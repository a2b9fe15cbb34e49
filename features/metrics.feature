Feature: Metrics and a health check that stays responsive
  With metrics.enabled=true the min listener serves GET /metrics in the Prometheus text format
  (QuestDB's metric names and content type, `questdb_` → `svc_`). With the
  pessimistic check on, one unhandled error turns health into 500. The min listener answers from its own
  worker thread, so health stays fast while the main thread is busy.

  Background:
    Given the root file "plugins/faulty.js" contains:
      """
      // A route with a bug: it throws something that is not a SvcError.
      module.exports.plugin = {
        name: 'faulty', dependsOn: [],
        register(container) {
          container.register(Symbol.for('svc.HttpRoute'), { useValue: {
            listener: 'api', path: '/boom', methods: ['GET'],
            async handle() { throw new TypeError('a bug'); },
          } });
        },
      };
      """

  Scenario: /metrics answers in the Prometheus text format when metrics are enabled
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And a running server
    When I GET "/metrics" on the min listener
    Then the status is 200
    And the header "Content-Type" is "text/plain; version=0.0.4; charset=utf-8"
    And the header "Transfer-Encoding" is "chunked"
    And the body contains "# TYPE svc_json_queries_total counter\nsvc_json_queries_total 0\n"
    And the body contains "# TYPE svc_unhandled_errors_total counter\nsvc_unhandled_errors_total 0\n"

  Scenario Outline: the server's metric families are listed under svc_ names
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And a running server
    When I GET "/metrics" on the min listener
    Then the body contains "# TYPE <name> <type>\n"

    Examples:
      | name                               | type    |
      | svc_json_queries_completed_total   | counter |
      | svc_import_rows_total              | counter |
      | svc_ilp_rows_total                 | counter |
      | svc_commits_total                  | counter |
      | svc_o3_commits_total               | counter |
      | svc_committed_rows_total           | counter |
      | svc_physically_written_rows_total  | counter |
      | svc_rollbacks_total                | counter |
      | svc_http_connections               | gauge   |
      | svc_json_queries_cached            | gauge   |
      | svc_json_queries_connections       | gauge   |
      | svc_http_listener_state_change_count_total | counter |
      | svc_query_error_counter_total      | counter |
      | svc_suspended_tables               | gauge   |
      | svc_memory_rss                     | gauge   |
      | svc_memory_mem_used                | gauge   |
      | svc_process_cpu_seconds_total      | counter |
      | svc_nodejs_heap_size_used_bytes    | gauge   |

  Scenario: an open connection on the API listener shows in svc_http_connections
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And a running server
    And a connection to the API listener is open
    When I GET "/metrics" on the min listener
    Then the body contains "svc_http_connections 1\n"

  Scenario: a plugin adds its metrics through MetricSource
    Given the root file "plugins/widgets.js" contains:
      """
      module.exports.plugin = {
        name: 'widgets', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          container.register(api.tokens.MetricSource, { useValue: {
            register(registry) {
              new api.metrics.Gauge({ name: 'svc_widgets', help: 'Widgets in stock.', registers: [registry],
                collect() { this.set(42); } });
            },
          } });
        },
      };
      """
    And the environment variable "SVC_METRICS_ENABLED" is "true"
    And a running server
    When I GET "/metrics" on the min listener
    Then the body contains "# HELP svc_widgets Widgets in stock.\n# TYPE svc_widgets gauge\nsvc_widgets 42\n"

  Scenario: with metrics disabled /metrics is just another health path
    Given a running server
    When I GET "/metrics" on the min listener
    Then the status is 200
    And the body is "Status: Healthy"

  Scenario: an unhandled error is counted and turns the pessimistic health check into 500
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And the environment variable "SVC_HTTP_PESSIMISTIC_HEALTH_CHECK_ENABLED" is "true"
    And a running server
    When I GET "/" on the min listener
    Then the status is 200
    When I GET "/boom" on the API listener
    Then the status is 500
    And the body is "Internal server error\r\n"
    When I GET "/status" on the min listener
    Then the status is 500
    And the reason phrase is "Internal server error"
    And the header "Content-Type" is "text/plain"
    And the header "Transfer-Encoding" is "chunked"
    And the body is "Status: Unhealthy\nUnhandled errors: 1"
    When I GET "/metrics" on the min listener
    Then the body contains "svc_unhandled_errors_total 1\n"

  Scenario: without metrics the pessimistic check stays healthy after an unhandled error
    Given the environment variable "SVC_HTTP_PESSIMISTIC_HEALTH_CHECK_ENABLED" is "true"
    And a running server
    When I GET "/boom" on the API listener
    Then the status is 500
    When I GET "/" on the min listener
    Then the status is 200
    And the body is "Status: Healthy"

  Scenario: without the pessimistic check an unhandled error leaves health at 200
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And a running server
    When I GET "/boom" on the API listener
    When I GET "/" on the min listener
    Then the status is 200

  Scenario: health answers in under 50 ms while the main thread is busy for 4 seconds
    Given the root file "plugins/busy.js" contains:
      """
      // Blocks the main thread's event loop for ?ms= milliseconds, like a long synchronous query stretch.
      module.exports.plugin = {
        name: 'busy', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          const framing = container.resolve(api.ResponseFraming);
          container.register(api.tokens.HttpRoute, { useValue: {
            listener: 'api', path: '/busy', methods: ['GET'],
            async handle({ res, params }) {
              const end = Date.now() + Number(params.get('ms'));
              while (Date.now() < end) { /* spin */ }
              framing.send(res, 200, api.CONTENT_TYPE.text, 'done\r\n');
            },
          } });
        },
      };
      """
    And the environment variable "SVC_HTTP_MIN_WORKER_COUNT" is "1"
    And the server runs as a separate process
    When the API listener is kept busy by GET "/busy?ms=4000"
    And I GET "/" on the min listener every 5 ms for 3 seconds
    Then every health answer was 200 and the p99 latency is under 50 ms
    And the busy request took at least 4 seconds

  Scenario: QuestDB-named families count query errors and listener state changes
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And a running server
    When I GET "/exec?query=select%20*%20from%20nosuch" on the API listener
    And I GET "/exp?query=select%20*%20from%20nosuch" on the API listener
    And I GET "/metrics" on the min listener
    Then the body contains "svc_query_error_counter_total 2\n"
    And the body contains "svc_json_queries_connections 0\n"
    And the body contains "svc_suspended_tables 0\n"
    And the body contains "svc_http_listener_state_change_count_total 1\n"
