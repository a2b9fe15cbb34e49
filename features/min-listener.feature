Feature: The min listener's worker thread
  The min listener's socket lives in a worker thread that answers health itself; routes plugins add to
  the min listener (and /metrics) are forwarded to the main thread and answered there unchanged.

  Background:
    Given the root file "plugins/min-route.js" contains:
      """
      module.exports.plugin = {
        name: 'min-route', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          const framing = container.resolve(api.ResponseFraming);
          container.register(api.tokens.HttpRoute, { useValue: {
            listener: 'min', path: '/pid', methods: ['GET', 'POST'], requiresAuth: false,
            async handle({ res, params }) {
              if (params.has('bug')) throw new RangeError('a bug');
              if (params.has('bad')) throw api.SvcError.badRequest('bad parameter');
              if (params.has('slow')) await new Promise((r) => setTimeout(r, 400));
              framing.sendChunked(res, 201, api.CONTENT_TYPE.text, `main thread\r\n`, { headers: [['X-Route', 'pid']] });
            },
          } });
        },
      };
      """

  Scenario: a plugin route on the min listener is answered by the main thread, head and body unchanged
    Given a running server
    When I GET "/pid" on the min listener
    Then the status is 201
    And the headers start in the order "Server, Date, Transfer-Encoding, Content-Type, X-Route"
    And the body is "main thread\r\n"

  Scenario: a forwarded route's errors keep their status
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And the environment variable "SVC_HTTP_PESSIMISTIC_HEALTH_CHECK_ENABLED" is "true"
    And a running server
    When I GET "/pid?bad=1" on the min listener
    Then the status is 400
    And the body is "bad parameter\r\n"
    When I GET "/" on the min listener
    Then the status is 200
    When I GET "/pid?bug=1" on the min listener
    Then the status is 500
    When I GET "/" on the min listener
    Then the body is "Status: Unhealthy\nUnhandled errors: 1"

  Scenario: a client giving up on a forwarded request is not an unhandled error
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    And the environment variable "SVC_HTTP_PESSIMISTIC_HEALTH_CHECK_ENABLED" is "true"
    And a running server
    When I GET "/pid?slow=1" on the min listener and give up after 100 ms
    And I wait 600 ms
    And I GET "/" on the min listener
    Then the status is 200
    And the body is "Status: Healthy"

  Scenario: a method the route does not take answers 405 from the worker
    Given a running server
    When I send DELETE "/pid" to the min listener
    Then the status is 405
    And the header "Allow" is "GET, POST"

  Scenario: an authenticator that cannot run in the worker still guards health, answered by the main thread
    Given the root file "plugins/custom-auth.js" contains:
      """
      module.exports.plugin = {
        name: 'custom-auth', dependsOn: [],
        register(container) {
          container.register(Symbol.for('svc.HttpAuthenticator'), { useValue: {
            enabled: true,
            authenticate(req) { return req.headers['x-key'] === 'open sesame' ? 'someone' : undefined; },
          } });
        },
      };
      """
    And the server.conf contains:
      """
      http.health.check.authentication.required=true
      """
    And a running server
    When I GET "/" on the min listener
    Then the status is 401
    When I GET "/" on the min listener with the header "X-Key" set to "open sesame"
    Then the status is 200
    And the body is "Status: Healthy"

  Scenario: stopping the server frees the min listener's port
    Given a running server
    When the server stops
    Then nothing listens on the min listener's port

  Scenario: a min listener port already in use stops start-up naming the reason
    Given the environment variable "SVC_HTTP_MIN_NET_BIND_TO" is 127.0.0.1 with a port in use
    When the server starts
    Then start-up fails with a message containing "cannot listen on http.min.net.bind.to [value=127.0.0.1:"
    And start-up fails with a message containing "source=SVC_HTTP_MIN_NET_BIND_TO, env=SVC_HTTP_MIN_NET_BIND_TO]: address already in use; another process listens on that port (EADDRINUSE)"
