Feature: Operability: one server per root, signals, start-up errors and QuestDB's variable names
  A root belongs to one server process at a time; the commands an operator uses (npm start, the svc
  command, a container's or supervisor's SIGTERM) stop the server cleanly; start-up problems are one line
  on standard error naming the key, the value, where it came from and the variable that overrides it;
  a deployment moved from QuestDB keeps its QDB_ variables.

  Scenario: a second server on the same root refuses to start and the first keeps serving its rows
    Given the server runs as a separate process
    And these SQL statements have run:
      """
      CREATE TABLE t (ts TIMESTAMP, v LONG) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO t SELECT timestamp_sequence('2024-01-01', 1000000L), x FROM long_sequence(5000)
      """
    When a second server is started on the same root
    Then that process exits with code 1 within 20 seconds
    And its standard error is one line starting with "svc: start-up failed: root <root> is in use by another svc process [pid=<pid>, "
    When I GET "/" on the min listener
    Then the status is 200
    Given the SQL "INSERT INTO t SELECT timestamp_sequence('2024-01-02', 1000000L), x FROM long_sequence(2000)" has run
    When the server process is killed with SIGKILL
    And the server process starts again on the same root
    And I query "SELECT count() FROM t"
    Then the dataset is "[[7000]]"

  Scenario: SIGTERM to npm start stops the server, frees its ports and exits 0
    Given the server runs as "npm start --silent --ignore-scripts -- -d <root>"
    When I GET "/" on the min listener
    Then the status is 200
    When the process receives SIGTERM
    Then it exits with code 0 within 8 seconds
    And nothing listens on the ports the server process announced

  Scenario: a second npm start on an unchanged tree goes straight to the server, and the time is reported
    npm start builds only when dist/ has no build yet or a source file changed since the last build (it then
    says so, step by step); a start on an unchanged tree runs the built server at once. The time from the
    command to the first answer of /exec is reported in the test output (about 2 s on an idle machine),
    beside the time of the server started directly.
    Given a copy of the project with its build in a temporary folder
    When "npm start -- -d <root>" is started in the copy, I time its first answer
    And the built server is started directly in the copy, I time its first answer
    And "npm start -- -d <root>" is started in the copy, I time its first answer
    Then its output does not contain "svc: building"
    And the first answer came within 10 seconds, or within 5 seconds of the direct start's

  Scenario: the svc command runs the built server and stops on SIGINT
    Given the server runs as "bin/svc -d <root>"
    When I query "SELECT 1"
    Then the status is 200
    When the process receives SIGINT
    Then it exits with code 0 within 8 seconds
    And nothing listens on the ports the server process announced

  Scenario: a busy API port stops start-up with one line naming the key, the value and the variable
    Given the environment variable "SVC_HTTP_NET_BIND_TO" is 127.0.0.1 with a port in use
    When "bin/svc -d <root>" is run
    Then that process exits with code 1 within 20 seconds
    And its standard error is one line starting with "svc: start-up failed: cannot listen on http.net.bind.to [value=127.0.0.1:"
    And its output contains "source=SVC_HTTP_NET_BIND_TO, env=SVC_HTTP_NET_BIND_TO]: address already in use; another process listens on that port (EADDRINUSE)"

  Scenario: an address the machine does not have stops start-up naming the key
    Given the server.conf contains:
      """
      http.net.bind.to=192.0.2.1:0
      """
    And the environment variable "SVC_HTTP_NET_BIND_TO" is not set
    When the server starts
    Then start-up fails with a message containing "cannot listen on http.net.bind.to [value=192.0.2.1:0, source=server.conf line 1, env=SVC_HTTP_NET_BIND_TO]: address not available"

  Scenario: QDB_HTTP_USER and QDB_HTTP_PASSWORD from a QuestDB deployment turn authentication on
    Given the environment variable "QDB_HTTP_USER" is "admin"
    And the environment variable "QDB_HTTP_PASSWORD" is "quest"
    And a running server
    When I query "SELECT 1"
    Then the status is 401
    When I GET "/exec?query=SELECT%201" on the API listener as "admin" with password "quest"
    Then the status is 200
    And the log has a line matching "A server-main QuestDB variable QDB_HTTP_USER accepted as SVC_HTTP_USER \(http\.user\)$"
    And the log has a line matching "A server-main QuestDB variable QDB_HTTP_PASSWORD accepted as SVC_HTTP_PASSWORD \(http\.password\)$"

  Scenario: an SVC_ variable wins over the QDB_ variable of the same key, and the log says so
    Given the environment variable "QDB_HTTP_MIN_NET_BIND_TO" is "127.0.0.1:1"
    And the environment variable "SVC_HTTP_MIN_NET_BIND_TO" is 127.0.0.1 with a free port
    When the server starts
    Then the min listener is on that port
    And the log has a line matching "A server-main QuestDB variable QDB_HTTP_MIN_NET_BIND_TO ignored: SVC_HTTP_MIN_NET_BIND_TO is set too, and the SVC_ name wins$"

  Scenario: a misspelled SVC_ variable is reported with the nearest known one
    Given the environment variable "SVC_HTTP_MIN_NET_BIND" is "127.0.0.1:9103"
    And the environment variable "SVC_LOG_W_STDOUT_LEVL" is "ERROR"
    When the server starts
    Then the server is running
    And the log has a line matching "A server-main unknown environment variable SVC_HTTP_MIN_NET_BIND ignored; the nearest known one is SVC_HTTP_MIN_NET_BIND_TO \(http\.min\.net\.bind\.to\)$"
    And the log has a line matching "A server-main unknown environment variable SVC_LOG_W_STDOUT_LEVL ignored; the nearest known one is SVC_LOG_W_STDOUT_LEVEL \(w\.stdout\.level\)$"

  Scenario: a writer listed in log.conf without a class stops start-up
    Given the log.conf contains:
      """
      writers=file,stdout
      w.stdout.class=io.svc.log.LogConsoleWriter
      """
    When the server starts
    Then start-up fails with a message containing "invalid value for log.conf key writers [value=file,stdout, source=<root>/conf/log.conf line 1, env=SVC_LOG_WRITERS]: writer file has no class"

  Scenario: an unknown level names the key, the value and the line it is on
    Given the log.conf contains:
      """
      writers=stdout
      w.stdout.class=io.svc.log.LogConsoleWriter
      w.stdout.level=VERBOSE
      """
    When the server starts
    Then start-up fails with a message containing "invalid value for log.conf key w.stdout.level [value=VERBOSE, source=<root>/conf/log.conf line 3, env=SVC_LOG_W_STDOUT_LEVEL]: Unknown level: VERBOSE"

  Scenario: a level set that hides Info and Error lines is warned about, and the server still says it is ready
    Given the environment variable "SVC_LOG_W_STDOUT_LEVEL" is "DEBUG"
    When the server starts
    Then the server is running
    And the log has a line matching "A server-main log level set hides Info, Error, Critical lines: w\.stdout\.level \[value=DEBUG, source=SVC_LOG_W_STDOUT_LEVEL, env=SVC_LOG_W_STDOUT_LEVEL\]"
    And the log has a line matching "A server-main server is ready$"
    And the log has no line matching " I server-main "

  Scenario: a request cut by the shutdown's grace period gets a log line
    Given the server.conf contains:
      """
      http.shutdown.grace.period=300ms
      """
    And a running server
    When a client has sent half of an upload to "/imp?name=cut"
    And the server stops
    Then the log has a line matching "E http-server request cut by shutdown after the grace period \[method=POST, url=/imp\?name=cut, runningMs=\d+, graceMs=300\]$"

  Scenario: the Dockerfile and the systemd unit run the svc command on a deployment's root and ports
    Then the Dockerfile builds on "node:20-slim", keeps the root in the volume "/var/lib/svc", exposes "9000 9003 9009 8812" and runs "bin/svc -d /var/lib/svc"
    And the systemd unit "docs/examples/svc.service" runs "bin/svc -d /var/lib/svc", stops it with SIGTERM and does not restart it after exit status 1
    And where a docker engine answers, the image builds, serves health and exits 0 on docker stop
