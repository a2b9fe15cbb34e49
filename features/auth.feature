Feature: Authentication on the HTTP API
  HTTP Basic with http.user / http.password and Bearer tokens. Missing or wrong
  credentials on a protected path answer 401 exactly as QuestDB's HTTP API shows: chunked
  `text/plain; charset=utf-8`, body `Unauthorized\r\n`, no WWW-Authenticate header. Routes declare
  whether they need credentials; on the min listener health and metrics stay open for probes and
  scrapers (as in QuestDB) unless http.health.check.authentication.required=true.

  Background:
    Given the example plugin "hello-plugin.js" is copied to the root as "plugins/hello.js"
    And the root file "plugins/open.js" contains:
      """
      // An open route, like GET /settings and /warnings: requiresAuth false.
      module.exports.plugin = {
        name: 'open', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          const framing = container.resolve(api.ResponseFraming);
          container.register(api.tokens.HttpRoute, { useValue: {
            listener: 'api', path: '/open', methods: ['GET', 'PUT'],
            requiresAuth: (method) => method !== 'GET',
            async handle({ res }) { framing.send(res, 200, api.CONTENT_TYPE.text, 'open\r\n'); },
          } });
        },
      };
      """

  Scenario: without configured credentials every route is open
    Given a running server
    When I GET "/hello" on the API listener
    Then the status is 200

  Scenario: a protected path without credentials answers 401 like QuestDB
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      """
    And a running server
    When I GET "/hello" on the API listener
    Then the status is 401
    And the reason phrase is "Unauthorized"
    And the headers start in the order "Server, Date, Transfer-Encoding, Content-Type"
    And the header "Content-Type" is "text/plain; charset=utf-8"
    And there is no header "WWW-Authenticate"
    And the body is "Unauthorized\r\n"

  Scenario Outline: Basic credentials are checked
    Given the server.conf contains:
      """
      http.user=admin
      http.password=qu:est
      """
    And a running server
    When I GET "/hello" on the API listener as "<user>" with password "<password>"
    Then the status is <status>

    Examples:
      | user   | password | status |
      | admin  | qu:est   | 200    |
      | admin  | quest    | 401    |
      | admin  | qu:est2  | 401    |
      | Admin  | qu:est   | 401    |
      |        |          | 401    |

  Scenario: malformed Authorization headers answer 401
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      """
    And a running server
    When I GET "/hello" on the API listener with the header "Authorization" set to "Basic !!notbase64"
    Then the status is 401
    When I GET "/hello" on the API listener with the header "Authorization" set to "Basic YWRtaW4="
    Then the status is 401
    When I GET "/hello" on the API listener with the header "Authorization" set to "Digest abc"
    Then the status is 401
    When I GET "/hello" on the API listener with the header "authorization" set to "basic YWRtaW46cXVlc3Q="
    Then the status is 200

  Scenario: a user without a password stops start-up with QuestDB's message
    Given the server.conf contains:
      """
      http.user=x
      """
    When the server starts
    Then start-up fails with a message containing "HTTP username is set but password is missing. Use the 'http.password' configuration property to set a password. [user=x]"

  Scenario: a password without a user stops start-up
    Given the environment variable "SVC_HTTP_PASSWORD" is "secret"
    When the server starts
    Then start-up fails with a message containing "HTTP password is set but username is missing."

  Scenario: bearer tokens listed in server.conf are accepted
    Given the server.conf contains:
      """
      http.auth.tokens=tok-one, tok-two
      """
    And a running server
    When I GET "/hello" on the API listener with the bearer token "tok-two"
    Then the status is 200
    When I GET "/hello" on the API listener with the bearer token "tok-three"
    Then the status is 401
    When I GET "/hello" on the API listener as "admin" with password "tok-one"
    Then the status is 401

  Scenario: InfluxDB v2's client writes with "Authorization: Token <t>", the scheme it and Telegraf use
    Given the server.conf contains:
      """
      http.auth.tokens=tok-influx
      """
    And a running server
    When the InfluxDB v2 client writes the sample points to "cpu" with the token "tok-influx", I remember the error
    Then the client reported no error
    When I query "select host, usage, procs, note, timestamp from cpu" with the header "Authorization" set to "Token tok-influx"
    Then the dataset is "[[\"h1\",12.5,7,\"ok\",\"2023-11-14T22:13:20.123456Z\"],[\"h2\",3.25,2,null,\"2023-11-14T22:13:21.000000Z\"]]"
    When the InfluxDB v2 client writes the sample points to "cpu" with the token "tok-wrong", I remember the error
    Then the client error contains "statusCode=401"
    When I query "select count() from cpu" with the header "Authorization" set to "Token tok-influx"
    Then the dataset is "[[2]]"

  Scenario: a Token is accepted wherever a Bearer token is: /exec, /exp, /imp, /write and the min listener
    Given the server.conf contains:
      """
      http.auth.tokens=tok-one
      http.health.check.authentication.required=true
      """
    And a running server
    When I GET "/exec?query=select%2042" on the API listener with the header "Authorization" set to "Token tok-one"
    Then the status is 200
    And the body contains "[[42]]"
    When I GET "/exec?query=select%2042" on the API listener with the header "Authorization" set to "token tok-one"
    Then the status is 200
    When I GET "/exec?query=select%2042" on the API listener with the header "Authorization" set to "Token tok-two"
    Then the status is 401
    When I GET "/exp?query=select%2042%20x" on the API listener with the header "Authorization" set to "Token tok-one"
    Then the status is 200
    And the body is "\"x\"\r\n42\r\n"
    When I GET "/exp?query=select%2042%20x" on the API listener with the header "Authorization" set to "Token "
    Then the status is 401
    Given the file "prices.csv" contains:
      """
      sym,price
      a,1.5
      """
    When I import the file "prices.csv" with "name=prices&fmt=json" and the header "Authorization" set to "Token tok-one"
    Then the import status is "OK"
    When I import the file "prices.csv" with "name=prices&fmt=json" and the header "Authorization" set to "Token tok-two"
    Then the status is 401
    When I POST to "/api/v2/write?org=o&bucket=b&precision=ns" with the header "Authorization" set to "Token tok-one" the lines:
      """
      m x=1i 1700000000000000000
      """
    Then the status is 204
    When I POST to "/write" with the header "Authorization" set to "Token tok-two" the lines:
      """
      m x=2i 1700000000000000000
      """
    Then the status is 401
    When I query "select x from m" with the header "Authorization" set to "Token tok-one"
    Then the dataset is "[[1]]"
    When I GET "/status" on the min listener with the header "Authorization" set to "Token tok-one"
    Then the status is 200
    When I GET "/status" on the min listener with the header "Authorization" set to "Token tok-two"
    Then the status is 401

  Scenario: /api/v1/sql/validate needs the same credentials as /exec
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      http.auth.tokens=tok-one
      """
    And a running server
    When QuestDB's console validates "select 1"
    Then the status is 401
    When QuestDB's console validates "select 1" with the header "Authorization" set to "Basic YWRtaW46cXVlc3Q="
    Then the status is 200
    And the console reads it as "a read"
    When QuestDB's console validates "select 1" with the header "Authorization" set to "Token tok-one"
    Then the status is 200

  Scenario: Basic and Bearer work side by side
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      http.auth.tokens=tok-one
      """
    And a running server
    When I GET "/hello" on the API listener with the bearer token "tok-one"
    Then the status is 200
    When I GET "/hello" on the API listener as "admin" with password "quest"
    Then the status is 200

  Scenario: a token file is re-read when it changes, so tokens are issued and revoked without a restart
    Given the root file "conf/auth.tokens" contains:
      """
      # one token per line
      tok-alice
      tok-bob
      """
    And the server.conf contains:
      """
      http.auth.tokens.file=conf/auth.tokens
      http.health.check.authentication.required=true
      """
    And a running server
    When I GET "/hello" on the API listener with the bearer token "tok-bob"
    Then the status is 200
    When the root file "conf/auth.tokens" is changed to:
      """
      tok-alice
      tok-carol
      """
    Then within 5 seconds GET "/hello" on the API listener with the bearer token "tok-bob" answers 401
    And within 5 seconds GET "/hello" on the API listener with the bearer token "tok-carol" answers 200
    And within 5 seconds GET "/" on the min listener with the bearer token "tok-carol" answers 200

  Scenario: an emptied token file refuses every token but keeps authentication on
    Given the root file "conf/auth.tokens" contains:
      """
      tok-alice
      """
    And the environment variable "SVC_HTTP_AUTH_TOKENS_FILE" is "conf/auth.tokens"
    And a running server
    When the root file "conf/auth.tokens" is changed to:
      """
      # all revoked
      """
    Then within 5 seconds GET "/hello" on the API listener with the bearer token "tok-alice" answers 401
    When I GET "/hello" on the API listener
    Then the status is 401

  Scenario: routes that declare themselves open need no credentials
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      """
    And a running server
    When I GET "/open" on the API listener
    Then the status is 200
    When I send PUT "/open" to the API listener
    Then the status is 401
    When I send PUT "/open" to the API listener as "admin" with password "quest"
    Then the status is 200

  Scenario: unknown paths answer 404 before credentials are asked for
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      """
    And a running server
    When I GET "/no/such/path" on the API listener
    Then the status is 404

  Scenario: http.health.check.authentication.required=true makes health and metrics need the credentials
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      metrics.enabled=true
      http.health.check.authentication.required=true
      """
    And a running server
    When I GET "/" on the min listener
    Then the status is 401
    And the body is "Unauthorized\r\n"
    When I GET "/status" on the min listener as "admin" with password "quest"
    Then the status is 200
    And the body is "Status: Healthy"
    When I GET "/metrics" on the min listener
    Then the status is 401
    When I GET "/metrics" on the min listener as "admin" with password "quest"
    Then the status is 200
    And the body contains "svc_unhandled_errors_total 0"

  Scenario: health and metrics stay open for probes and scrapers by default while authentication is on
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      metrics.enabled=true
      """
    And a running server
    When I GET "/" on the min listener
    Then the status is 200
    When I GET "/metrics" on the min listener
    Then the status is 200
    When I GET "/hello" on the API listener
    Then the status is 401

  Scenario: start-up says which schemes are on, never the secrets
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      http.auth.tokens=tok-secret
      """
    And a running server
    Then the log has a line matching "A http-auth authentication enabled \[basic, bearer tokens\]$"
    And the log does not contain "tok-secret"
    And the log does not contain "quest"

  Scenario: http.security.readonly=true rejects writes with 403
    Given the root file "plugins/writer.js" contains:
      """
      // A route that writes asks the ReadOnlyGuard first, as /imp and /exec do.
      module.exports.plugin = {
        name: 'writer', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          const framing = container.resolve(api.ResponseFraming);
          const guard = container.resolve(api.ReadOnlyGuard);
          container.register(api.tokens.HttpRoute, { useValue: {
            listener: 'api', path: '/write-something', methods: ['POST'],
            async handle({ res }) {
              guard.assertWritable();
              framing.send(res, 200, api.CONTENT_TYPE.text, 'written\r\n');
            },
          } });
        },
      };
      """
    And the environment variable "SVC_HTTP_SECURITY_READONLY" is "true"
    And a running server
    When I send POST "/write-something" to the API listener
    Then the status is 403
    And the reason phrase is "Forbidden"
    And the body is "Write permission denied: the server is read-only [http.security.readonly=true]\r\n"
    When I GET "/hello" on the API listener
    Then the status is 200

  Scenario: writes pass when the server is not read-only
    Given the root file "plugins/writer.js" contains:
      """
      module.exports.plugin = {
        name: 'writer', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          const framing = container.resolve(api.ResponseFraming);
          const guard = container.resolve(api.ReadOnlyGuard);
          container.register(api.tokens.HttpRoute, { useValue: {
            listener: 'api', path: '/write-something', methods: ['POST'],
            async handle({ res }) { guard.assertWritable(); framing.send(res, 200, api.CONTENT_TYPE.text, 'written\r\n'); },
          } });
        },
      };
      """
    And a running server
    When I send POST "/write-something" to the API listener
    Then the status is 200
