Feature: User plugins
  Module paths in server.conf `plugins=` and every <root>/plugins/*.js load after the default bundle
  (docs/plugins.md).

  Scenario: the example plugin dropped into <root>/plugins adds its route
    Given the example plugin "hello-plugin.js" is copied to the root as "plugins/hello.js"
    And a running server
    When I GET "/hello?name=svc" on the API listener
    Then the status is 200
    And the body is "hello, svc\r\n"
    And the log has a line matching "A server-main loaded plugins \[.*, hello\]"

  Scenario: a plugin listed in server.conf loads from a path relative to the root
    Given the example plugin "hello-plugin.js" is copied to the root as "extra/hello.js"
    And the server.conf contains:
      """
      plugins=extra/hello.js
      """
    And a running server
    When I GET "/hello" on the API listener
    Then the body is "hello, world\r\n"

  Scenario: a plugin's SvcError becomes a 400 with the reason
    Given the example plugin "hello-plugin.js" is copied to the root as "plugins/hello.js"
    And a running server
    When I GET "/hello?name=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" on the API listener
    Then the status is 400
    And the body is "name is too long\r\n"

  Scenario: a plugin depending on a plugin that is not loaded stops start-up
    Given the root file "plugins/needy.js" contains:
      """
      module.exports.plugin = { name: 'needy', dependsOn: ['no-such-plugin'], register() {} };
      """
    When the server starts
    Then start-up fails with a message containing "plugin dependency missing [plugin=needy, dependsOn=no-such-plugin]"

  Scenario: a plugin with the name of a loaded plugin stops start-up
    Given the root file "plugins/dup.js" contains:
      """
      module.exports.plugin = { name: 'http-health', dependsOn: [], register() {} };
      """
    When the server starts
    Then start-up fails with a message containing "duplicate plugin name [name=http-health]"
