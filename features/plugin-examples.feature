Feature: The plugin examples of docs/plugins.md
  Every file of docs/examples/ is a user plugin that loads from <root>/plugins as it is; these scenarios
  all load together here, and each scenario uses what one adds (the route and the log writer are used in
  plugins.feature and logging.feature).

  Background:
    Given the example plugin "jsonl-export-plugin.js" is copied to the root as "plugins/jsonl.js"
    And the example plugin "comment-lines-import-plugin.js" is copied to the root as "plugins/comments.js"
    And the example plugin "fahrenheit-function-plugin.js" is copied to the root as "plugins/fahrenheit.js"
    And the example plugin "uptime-metrics-plugin.js" is copied to the root as "plugins/uptime.js"
    And the example plugin "api-key-authenticator-plugin.js" is copied to the root as "plugins/api-key.js"
    And the example plugin "heartbeat-lifecycle-plugin.js" is copied to the root as "plugins/heartbeat.js"

  Scenario: the JSON Lines export prints every column type exactly as /exec does
    Given the SQL statements ran:
      """
      CREATE TABLE every_type (ts TIMESTAMP, b BOOLEAN, bt BYTE, sh SHORT, ch CHAR, i INT, l LONG, f FLOAT, d DOUBLE, dt DATE, sy SYMBOL, st STRING, vc VARCHAR, u UUID, ip IPV4, l256 LONG256, bin BINARY, g GEOHASH(4c), gb GEOHASH(7b), arr DOUBLE[]) TIMESTAMP(ts);
      INSERT INTO every_type (ts, b, bt, sh, ch, i, l, f, d, dt, sy, st, vc, u, ip, l256, g, gb) VALUES ('2024-01-02T03:04:05.123456Z', true, 7, -300, 'x', 42, 9007199254740993, 1.5, 2.25, '2024-01-02T03:04:05.123Z', 'sym"q', 'a,b"c\d', 'vé	x', '11111111-2222-3333-4444-555555555555', '10.1.2.3', '0x01fe', cast('u33d' as geohash(4c)), cast('u33d' as geohash(7b)));
      INSERT INTO every_type (ts) VALUES ('2024-01-03T00:00:00.000000Z')
      """
    When I GET "/exp?fmt=jsonl-example&names=false&query=select%20*,%20interval(ts,%20ts)%20iv,%20null%20n%20from%20every_type" on the API listener
    Then the status is 200
    And the body, one JSON array per line, is the dataset of the query "select *, interval(ts, ts) iv, null n from every_type"

  Scenario: the JSON Lines export names the columns and checks its option
    Given the SQL statements ran:
      """
      CREATE TABLE every_type (ts TIMESTAMP, b BOOLEAN, bt BYTE, sh SHORT, ch CHAR, i INT, l LONG, f FLOAT, d DOUBLE, dt DATE, sy SYMBOL, st STRING, vc VARCHAR, u UUID, ip IPV4, l256 LONG256, bin BINARY, g GEOHASH(4c), gb GEOHASH(7b), arr DOUBLE[]) TIMESTAMP(ts);
      INSERT INTO every_type (ts, b, bt, sh, ch, i, l, f, d, dt, sy, st, vc, u, ip, l256, g, gb) VALUES ('2024-01-02T03:04:05.123456Z', true, 7, -300, 'x', 42, 9007199254740993, 1.5, 2.25, '2024-01-02T03:04:05.123Z', 'sym"q', 'a,b"c\d', 'vé	x', '11111111-2222-3333-4444-555555555555', '10.1.2.3', '0x01fe', cast('u33d' as geohash(4c)), cast('u33d' as geohash(7b)));
      INSERT INTO every_type (ts) VALUES ('2024-01-03T00:00:00.000000Z')
      """
    When I GET "/exp?fmt=jsonl-example&query=select%20ch,%20u,%20ip,%20g,%20l256%20from%20every_type" on the API listener
    Then the body is:
      """
      {"ch":"x","u":"11111111-2222-3333-4444-555555555555","ip":"10.1.2.3","g":"u33d","l256":"0x01fe"}
      {"ch":"","u":null,"ip":null,"g":null,"l256":""}

      """
    When I GET "/exp?fmt=jsonl-example&names=maybe&query=every_type" on the API listener
    Then the status is 400
    And the body contains "invalid names: maybe, expected true or false"

  Scenario: formatCell's csv and text forms print as /exp's CSV does
    Given the root file "plugins/cells.js" contains:
      """
      module.exports.plugin = {
        name: 'cells', dependsOn: [],
        register(container) {
          const api = container.resolve(Symbol.for('svc.PluginApi'));
          for (const form of ['csv', 'text']) {
            container.register(api.tokens.ExportFormat, { useValue: {
              fmt: `cells-${form}`, contentType: 'text/plain', extension: 'txt', parseOptions: () => ({}),
              async *serialize(result) {
                for await (const batch of result.batches()) {
                  for (let r = 0; r < batch.rowCount; r++) yield batch.vectors.map((v) => api.formatCell(v, r, form)).join(',') + '\r\n';
                }
              },
            } });
          }
        },
      };
      """
    And the SQL statements ran:
      """
      CREATE TABLE every_type (ts TIMESTAMP, b BOOLEAN, bt BYTE, sh SHORT, ch CHAR, i INT, l LONG, f FLOAT, d DOUBLE, dt DATE, sy SYMBOL, st STRING, vc VARCHAR, u UUID, ip IPV4, l256 LONG256, bin BINARY, g GEOHASH(4c), gb GEOHASH(7b), arr DOUBLE[]) TIMESTAMP(ts);
      INSERT INTO every_type (ts, b, bt, sh, ch, i, l, f, d, dt, sy, st, vc, u, ip, l256, g, gb) VALUES ('2024-01-02T03:04:05.123456Z', true, 7, -300, 'x', 42, 9007199254740993, 1.5, 2.25, '2024-01-02T03:04:05.123Z', 'sym"q', 'a,b"c\d', 'vé	x', '11111111-2222-3333-4444-555555555555', '10.1.2.3', '0x01fe', cast('u33d' as geohash(4c)), cast('u33d' as geohash(7b)));
      INSERT INTO every_type (ts) VALUES ('2024-01-03T00:00:00.000000Z')
      """
    When I GET "/exp?fmt=cells-csv&query=every_type" on the API listener
    Then the body is the body of GET "/exp?nm=true&query=every_type" on the API listener
    When I GET "/exp?fmt=cells-text&query=select%20sy,%20st,%20vc,%20ts,%20g%20from%20every_type" on the API listener
    Then the body is, with CRLF line ends:
      """
      sym"q,a,b"c\\d,vé\tx,2024-01-02T03:04:05.123456Z,u33d
      ,,,2024-01-03T00:00:00.000000Z,null
      """

  Scenario: the comment-lines import format replaces the built-in one and skips # lines
    And the file "readings.csv" contains:
      """
      # exported by station 7
      ts,temp
      2024-01-01T00:00:00.000000Z,1.5
      # sensor restarted
      2024-01-01T01:00:00.000000Z,2.5
      """
    When I import the file "readings.csv" with "name=readings&timestamp=ts&fmt=json"
    Then the import status is "OK"
    And the import reports 2 rows imported and 0 rows rejected
    And the log has a line matching "A server-main plugin replaces a built-in import format \[plugin=import-comment-lines, name=delimited, replaced=import-delimited\]"
    When I query "readings"
    Then the dataset is "[[\"2024-01-01T00:00:00.000000Z\",1.5],[\"2024-01-01T01:00:00.000000Z\",2.5]]"

  Scenario: the SQL function example converts a whole column and keeps nulls
    Given the SQL statements ran:
      """
      CREATE TABLE every_type (ts TIMESTAMP, b BOOLEAN, bt BYTE, sh SHORT, ch CHAR, i INT, l LONG, f FLOAT, d DOUBLE, dt DATE, sy SYMBOL, st STRING, vc VARCHAR, u UUID, ip IPV4, l256 LONG256, bin BINARY, g GEOHASH(4c), gb GEOHASH(7b), arr DOUBLE[]) TIMESTAMP(ts);
      INSERT INTO every_type (ts, b, bt, sh, ch, i, l, f, d, dt, sy, st, vc, u, ip, l256, g, gb) VALUES ('2024-01-02T03:04:05.123456Z', true, 7, -300, 'x', 42, 9007199254740993, 1.5, 2.25, '2024-01-02T03:04:05.123Z', 'sym"q', 'a,b"c\d', 'vé	x', '11111111-2222-3333-4444-555555555555', '10.1.2.3', '0x01fe', cast('u33d' as geohash(4c)), cast('u33d' as geohash(7b)));
      INSERT INTO every_type (ts) VALUES ('2024-01-03T00:00:00.000000Z')
      """
    When I query "select fahrenheit(100.0) boiling, fahrenheit(i) from_int, fahrenheit(d) from_null from every_type where ts > '2024-01-02T12'"
    Then the dataset is "[[212.0,null,null]]"

  Scenario: the metric source example appears on /metrics
    Given the environment variable "SVC_METRICS_ENABLED" is "true"
    When I GET "/metrics" on the min listener
    Then the status is 200
    And the body contains "# TYPE svc_example_uptime_seconds gauge"

  Scenario: the authenticator example asks for the API key of the environment
    Given the environment variable "EXAMPLE_API_KEY" is "s3cret"
    When I GET "/exec?query=select%201" on the API listener
    Then the status is 401
    When I GET "/exec?query=select%201" on the API listener with the header "X-Api-Key" set to "wrong"
    Then the status is 401
    When I GET "/exec?query=select%201" on the API listener with the header "X-Api-Key" set to "s3cret"
    Then the status is 200

  Scenario: the lifecycle example starts with the server and beats
    Given the environment variable "EXAMPLE_HEARTBEAT_MS" is "20"
    And a running server
    When I wait 300 ms
    Then the log has a line matching "A example-heartbeat heartbeat started \[every=20ms\]"
    And the log has a line matching "I example-heartbeat heartbeat 2$"

  Scenario: a plugin registering a built-in export format without replaces stops start-up
    Given the root file "plugins/my-csv.js" contains:
      """
      module.exports.plugin = { name: 'my-csv', dependsOn: [], register(container) {
        const api = container.resolve(Symbol.for('svc.PluginApi'));
        container.register(api.tokens.ExportFormat, { useValue: { fmt: 'csv', contentType: 'text/csv', extension: 'csv', parseOptions: () => ({}), async *serialize() { yield 'mine\r\n'; } } });
      } };
      """
    When the server starts
    Then start-up fails with a message containing "export format clash [fmt=csv, plugins=export-csv, my-csv]: to replace the built-in one, declare replaces: 'csv' in plugin my-csv"

  Scenario: a plugin declaring replaces takes over the built-in export format
    Given the root file "plugins/my-csv.js" contains:
      """
      module.exports.plugin = { name: 'my-csv', dependsOn: [], replaces: 'csv', register(container) {
        const api = container.resolve(Symbol.for('svc.PluginApi'));
        container.register(api.tokens.ExportFormat, { useValue: { fmt: 'csv', contentType: 'text/csv', extension: 'csv', parseOptions: () => ({}), async *serialize() { yield 'mine\r\n'; } } });
      } };
      """
    When I GET "/exp?query=select%201" on the API listener
    Then the body is "mine\r\n"
    And the log has a line matching "A server-main plugin replaces a built-in export format \[plugin=my-csv, fmt=csv, replaced=export-csv\]"
