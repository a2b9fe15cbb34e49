Feature: Configuration: root folder, server.conf and environment overrides
  <root>/conf/server.conf in Java-properties syntax; every key can be set by SVC_ + the key
  upper-cased with "." replaced by "_"; a bad value stops start-up naming the key and the value.

  Scenario: first start creates the root layout and default configuration
    When the server starts
    Then the server is running
    And the root has the folders "conf, db, log, public"
    And the root file "conf/server.conf" equals the project's "conf/server.conf"
    And the root file "conf/log.conf" equals the project's "conf/log.conf"
    And the log has a line matching "^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z A server-main http server listening on 127\.0\.0\.1:\d+$"
    And the log has a line matching "Z A server-main http min server listening on 127\.0\.0\.1:\d+$"

  Scenario: SVC_HTTP_MIN_NET_BIND_TO moves the min listener
    Given the environment variable "SVC_HTTP_MIN_NET_BIND_TO" is 127.0.0.1 with a free port
    When the server starts
    Then the min listener is on that port
    When I GET "/" on the min listener
    Then the body is "Status: Healthy"

  Scenario: a value in server.conf applies
    Given the server.conf contains:
      """
      # keep-alive settings
      http.keep-alive.timeout = 7
      http.keep-alive.max : 99
      """
    And a running server
    When I send GET "/no/such" to the API listener
    Then the status is 404

  Scenario: the environment wins over server.conf
    Given the server.conf contains:
      """
      http.min.net.bind.to=127.0.0.1:1
      """
    And the environment variable "SVC_HTTP_MIN_NET_BIND_TO" is 127.0.0.1 with a free port
    When the server starts
    Then the min listener is on that port

  Scenario: a malformed value in server.conf stops start-up with a clear message
    Given the server.conf contains:
      """
      http.keep-alive.max=lots
      """
    When the server starts
    Then start-up fails with a message containing "invalid value for configuration key http.keep-alive.max [value=lots, source=server.conf line 1, env=SVC_HTTP_KEEP-ALIVE_MAX]: expected an integer"

  Scenario: a malformed environment value stops start-up naming the variable
    Given the environment variable "SVC_METRICS_ENABLED" is "maybe"
    When the server starts
    Then start-up fails with a message containing "metrics.enabled [value=maybe, source=SVC_METRICS_ENABLED, env=SVC_METRICS_ENABLED]: expected true or false"

  Scenario: an unknown key is reported, not fatal
    Given the server.conf contains:
      """
      no.such.key=1
      """
    When the server starts
    Then the server is running
    And the log has a line matching "A server-main unknown configuration key in server.conf ignored \[key=no.such.key\]"

  Scenario: the API listener can be disabled
    Given the environment variable "SVC_HTTP_ENABLED" is "false"
    When the server starts
    Then the server is running
    When I GET "/" on the min listener
    Then the status is 200

  Scenario: SIGTERM stops the server and exits 0 within 5 seconds
    Given the server runs as a separate process
    When I GET "/" on the min listener
    Then the status is 200
    When the process receives SIGTERM
    Then it exits with code 0 within 5 seconds

  Scenario: SIGINT stops the server too
    Given the server runs as a separate process
    When the process receives SIGINT
    Then it exits with code 0 within 5 seconds
