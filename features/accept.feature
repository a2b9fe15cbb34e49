Feature: Acceptance runs of a user's plugins
  `npm run accept -- [--plugins a.js,b.js] [--base URL] [--tags EXPR] FILES_OR_DIRS…` (also the `svc-accept`
  command) runs feature files written with svc's steps (docs/steps.md) against a server that loads the
  user's plugins, or against a server that already runs, and ends with the line "N passed, N failed".

  Background:
    Given the user's folder outside the project has the file "greeter.js":
      """
      module.exports.plugin = {
        name: 'greeter', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          const framing = container.resolve(api.ResponseFraming);
          container.register(api.tokens.HttpRoute, { useValue: {
            listener: 'api', path: '/greet', methods: ['GET'],
            async handle({ res, params }) { framing.send(res, 200, api.CONTENT_TYPE.text, `good day, ${params.get('name')}`); },
          } });
        },
      };
      """
    And the user's folder outside the project has the file "greeting.feature":
      """
      Feature: Greetings
        Scenario: the greeter greets by name
          When I GET "/greet?name=Ada" on the API listener
          Then the status is 200
          And the body is "good day, Ada"
      """

  Scenario: --help prints the usage and runs nothing
    When the user runs "npm run accept -- --help greeting.feature" in their folder
    Then it exits with code 0 and its last line is "  --help          prints this and runs nothing"
    And the run output contains "Usage: svc-accept [--plugins a.js,b.js] [--base URL [--min URL] [--ilp HOST:PORT] [--pg HOST:PORT]] [--tags EXPR] [FILES_OR_DIRS…]"
    And the run output does not contain "0 failed"

  Scenario: the user's feature passes with the user's plugin loaded
    When the user runs "npm run accept -- --plugins greeter.js greeting.feature" in their folder
    Then it exits with code 0 and its last line is "1 passed, 0 failed"

  Scenario: the plugin may come from SVC_PLUGINS instead of --plugins
    Given the user's shell has "SVC_PLUGINS" set to "greeter.js"
    When the user runs "npm run accept -- greeting.feature" in their folder
    Then it exits with code 0 and its last line is "1 passed, 0 failed"

  Scenario: the user's feature fails without the plugin
    When the user runs "npm run accept -- greeting.feature" in their folder
    Then it exits with code 1 and its last line is "0 passed, 1 failed"
    And the run output contains "greeting.feature: the greeter greets by name (FAILED)"

  Scenario: a wrong expectation fails
    Given the user's folder outside the project has the file "wrong.feature":
      """
      Feature: Greetings, wrongly
        Scenario: the greeter is expected to shout
          When I GET "/greet?name=Ada" on the API listener
          Then the body is "GOOD DAY, ADA"
      """
    When the user runs "npm run accept -- --plugins greeter.js wrong.feature" in their folder
    Then it exits with code 1 and its last line is "0 passed, 1 failed"

  Scenario: against a running server that loads the plugin from <root>/plugins, local-only steps are refused
    Given the user's folder outside the project has the file "root.feature":
      """
      Feature: Needs the root
        Scenario: a file in the root
          Given the root file "notes.txt" contains:
            \"\"\"
            hello
            \"\"\"
          When I GET "/greet?name=Ada" on the API listener
          Then the status is 200
      """
    And a server process runs with the user's "greeter.js" in its root's plugins folder
    When the user runs "npm run accept -- --base <base> greeting.feature" in their folder
    Then it exits with code 0 and its last line is "1 passed, 0 failed"
    When the user runs "npm run accept -- --base <base> root.feature" in their folder
    Then it exits with code 1 and its last line is "0 passed, 1 failed"
    And the run output contains "root.feature: a file in the root: refused, step \"the root file \"notes.txt\" contains:\" needs the server's root directory"

  Scenario: against a running server, the line protocol and PostgreSQL steps use --ilp and --pg
    Given the user's folder outside the project has the file "wire.feature":
      """
      Feature: Both wire protocols
        Scenario: a row sent over TCP is read over PostgreSQL
          Given a PostgreSQL client connected as "admin" with password "quest"
          When I send over TCP and close the connection:
            \"\"\"
            wire,s=a v=7i 1700000000000000000
            \"\"\"
          Then within 10000 ms the query "SELECT s, v FROM wire" answers the dataset '[["a",7]]'
          When the PostgreSQL client runs "SELECT s, v FROM wire"
          Then the rows are:
            | s | v |
            | a | 7 |
      """
    And a server process runs with the user's "greeter.js" in its root's plugins folder
    When the user runs "svc-accept --base <base> --ilp <ilp> wire.feature" in their folder
    Then it exits with code 1 and its last line is "0 passed, 1 failed"
    And the run output contains "refused: this step needs the PostgreSQL listener; give its address to svc-accept with --pg HOST:PORT"
    When the user runs "svc-accept --base <base> --ilp <ilp> --pg <pg> wire.feature" in their folder
    Then it exits with code 0 and its last line is "1 passed, 0 failed"
