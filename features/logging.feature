Feature: Logging
  Lines are `<timestamp> <marker> <source> <message>` (ISO 8601 UTC, microseconds, `Z`). log.conf in
  <root>/conf (or -Dout) names the writers; SVC_LOG_ variables override its keys; the alert writer
  POSTs critical lines to an alert manager.

  Scenario: every request gets an Info line
    Given a running server
    When I GET "/no/such?x=1" on the API listener
    Then the log has a line matching "^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z I http-server incoming \[method=GET, url=/no/such\?x=1\]$"

  Scenario: the min listener's lines go only to the writer scoped to http-min-server
    Given the log.conf contains:
      """
      writers=stdout,http.min
      w.stdout.class=io.svc.log.LogConsoleWriter
      w.stdout.level=INFO
      w.http.min.class=io.svc.log.LogFileWriter
      w.http.min.location=${log.dir}/min.log
      w.http.min.level=INFO
      w.http.min.scope=http-min-server
      """
    And a running server
    When I GET "/status" on the min listener
    Then the root file "log/min.log" has a line matching "Z I http-min-server incoming \[method=GET, url=/status\]$"
    And the log has no line matching "http-min-server"
    And the root file "log/min.log" has no line matching "server-main"

  Scenario: SVC_LOG_W_STDOUT_LEVEL overrides the stdout writer's level
    Given the environment variable "SVC_LOG_W_STDOUT_LEVEL" is "ERROR"
    And a running server
    When I GET "/no/such" on the API listener
    Then the log has no line matching " I http-server incoming"
    And the log has a line matching "Z A server-main server is ready$"

  Scenario: SVC_DEBUG=true enables Debug everywhere
    Given the environment variable "SVC_DEBUG" is "true"
    And a running server
    When I GET "/no/such" on the API listener
    Then the log has a line matching "Z D http-server done \[method=GET, url=/no/such, status=404, micros=\d+\]$"

  Scenario: Debug is off by default
    Given a running server
    When I GET "/no/such" on the API listener
    Then the log has no line matching " D "

  Scenario: a rolling file writer names its file from ${log.dir} and ${date:...}
    Given the log.conf contains:
      """
      writers=file
      w.file.class=io.svc.log.LogRollingFileWriter
      w.file.location=${log.dir}/svc-rolling.log.${date:yyyyMMdd}
      w.file.level=INFO,ERROR
      w.file.rollEvery=day
      w.file.rollSize=128m
      """
    And a running server
    When I GET "/no/such" on the API listener
    Then the root folder "log" has one file named like "svc-rolling\.log\.\d{8}" with a line matching "Z I http-server incoming \[method=GET, url=/no/such\]$"

  Scenario: -Dout names the log.conf, and conf/log.conf is then not created
    Given the root file "elsewhere/my-log.conf" contains:
      """
      writers=one
      w.one.class=io.svc.log.LogFileWriter
      w.one.location=${log.dir}/one.log
      """
    When the server is started with -Dout="elsewhere/my-log.conf"
    Then the server is running
    And the root file "log/one.log" has a line matching "Z A server-main log configuration \[file=.*my-log.conf, writers=one,"
    And the root file "conf/log.conf" does not exist

  Scenario: detached, console lines go to log/stdout-<timestamp>.txt
    Given the environment variable "SVC_DETACHED" is "true"
    And a running server
    Then the root folder "log" has one file named like "stdout-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.txt" with a line matching "Z A server-main server is ready$"
    And the log has no line matching "server is ready"

  Scenario: an internal error is sent to the alert manager
    Given an alert manager stand-in is running
    And the log.conf contains:
      """
      writers=stdout,alert
      w.stdout.class=io.svc.log.LogConsoleWriter
      w.alert.class=io.svc.log.LogAlertSocketWriter
      w.alert.level=CRITICAL
      w.alert.alertTargets=127.0.0.1:<alert port>
      """
    And the root file "plugins/broken.js" contains:
      """
      module.exports.plugin = { name: 'broken', dependsOn: [], register(c) {
        const api = c.resolve(Symbol.for('svc.PluginApi'));
        c.register(api.tokens.HttpRoute, { useValue: { listener: 'api', path: '/broken', methods: ['GET'],
          async handle() { throw new Error('invariant violated'); } } });
      } };
      """
    And a running server
    When I GET "/broken" on the API listener
    Then the status is 500
    And the alert manager receives an alert whose message matches "Z C http-server unhandled error \[context=GET /broken\] Error: invariant violated"

  Scenario: more than 12 alert targets stop start-up
    Given the log.conf contains:
      """
      writers=alert
      w.alert.class=io.svc.log.LogAlertSocketWriter
      w.alert.alertTargets=a,b,c,d,e,f,g,h,i,j,k,l,m
      """
    When the server starts
    Then start-up fails with a message containing "too many alert targets [writer=alert, count=13, max=12]"

  Scenario: an unknown writer class stops start-up
    Given the log.conf contains:
      """
      writers=x
      w.x.class=com.example.Missing
      """
    When the server starts
    Then start-up fails with a message containing "invalid value for log.conf key w.x.class [value=com.example.Missing, source="

  Scenario: a user plugin adds a writer class that log.conf uses
    Given the example plugin "json-lines-writer.js" is copied to the root as "plugins/json-lines-writer.js"
    And the log.conf contains:
      """
      writers=stdout,json
      w.stdout.class=io.svc.log.LogConsoleWriter
      w.json.class=com.example.JsonLinesWriter
      w.json.location=${log.dir}/lines.jsonl
      w.json.level=INFO
      """
    And a running server
    When I GET "/no/such" on the API listener
    Then the root file "log/lines.jsonl" has a line matching "^\{\"micros\":\d+,\"level\":\"I\",\"source\":\"http-server\",\"message\":\"incoming \[method=GET, url=/no/such\]\"\}$"
    And the root file "log/lines.jsonl" has a line matching "\"level\":\"A\",\"source\":\"server-main\",\"message\":\"loaded plugins \[.*json-lines-writer\]\""
