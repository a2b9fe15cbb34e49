Feature: Endpoints the web console and line-protocol clients call at start
  GET /settings (no authentication) gives the server facts clients read at connect and the console
  preferences; PUT replaces and POST merges the preferences. GET /chk reports whether a table exists;
  GET /warnings lists start-up warnings.

  Scenario: /settings answers the configuration clients read
    Given a running server
    When I GET "/settings" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the body contains "{\"config\":{\"release.type\":\"OSS\",\"release.version\":\""
    And the JSON field "config" has exactly the keys "release.type, release.version, http.settings.readonly, accepting.writes, line.proto.support.versions, ilp.proto.transports, posthog.enabled, posthog.api.key, cairo.max.file.name.length"
    And the body contains "\"line.proto.support.versions\":[1,2,3],\"ilp.proto.transports\":[\"tcp\", \"http\"]"
    And the body contains "\"cairo.max.file.name.length\":127}"
    And the body contains "\"preferences.version\":0,\"preferences\":{}}"

  Scenario: GET /settings needs no credentials when authentication is on
    Given the environment variable "SVC_HTTP_USER" is "admin"
    And the environment variable "SVC_HTTP_PASSWORD" is "quest"
    And a running server
    When I GET "/settings" on the API listener
    Then the status is 200

  Scenario: PUT /settings saves the preferences and bumps their version
    Given a running server
    When I send PUT "/settings?version=0" with the body "{\"instance_name\":\"prod\"}" to the API listener
    Then the status is 200
    When I GET "/settings" on the API listener
    Then the body contains "\"preferences.version\":1,\"preferences\":{\"instance_name\":\"prod\"}}"

  Scenario: POST /settings merges, and a stale version is refused with 409
    Given a running server
    When I send PUT "/settings?version=0" with the body "{\"a\":1}" to the API listener
    And I send POST "/settings?version=1" with the body "{\"b\":2}" to the API listener
    Then the status is 200
    When I send PUT "/settings?version=1" with the body "{}" to the API listener
    Then the status is 409
    And the body is "{\"error\":\"preferences view is out of date [currentVersion=2, expectedVersion=1]\"}"
    When I GET "/settings" on the API listener
    Then the body contains "\"preferences\":{\"a\":1,\"b\":2}}"

  Scenario: a non-numeric version is a 400
    Given a running server
    When I send PUT "/settings?version=x" with the body "{}" to the API listener
    Then the status is 400
    And the body is "{\"error\":\"Invalid version, numeric value expected [version='x']\"}"

  Scenario: /chk reports a missing table as text and as JSON
    Given a running server
    When I GET "/chk?j=nosuch" on the API listener
    Then the status is 200
    And the header "Content-Type" is "text/plain; charset=utf-8"
    And the body is "Does not exist\r\n"
    When I GET "/chk?j=nosuch&f=json" on the API listener
    Then the header "Content-Type" is "application/json"
    And the header "Keep-Alive" is "timeout=5, max=10000"
    And the body is "{\"status\":\"Does not exist\"}"

  Scenario: /chk without a table name
    Given a running server
    When I GET "/chk" on the API listener
    Then the body is "table name missing\r\n"

  Scenario: /chk answers Does not exist for every name that is not a table
    Given a running server
    And the root file "db/notatable/readme.txt" contains:
      """
      x
      """
    When I GET "/chk?j=notatable&f=json" on the API listener
    Then the body is "{\"status\":\"Does not exist\"}"
    When I GET "/chk?j=a%2Fb&f=json" on the API listener
    Then the body is "{\"status\":\"Does not exist\"}"
    When I GET "/chk?j=..&f=json" on the API listener
    Then the body is "{\"status\":\"Does not exist\"}"

  Scenario: /chk finds a table created by SQL
    Given the SQL "create table prices (p double)" has run
    When I GET "/chk?j=prices&f=json" on the API listener
    Then the body is "{\"status\":\"Exists\"}"
    When I GET "/chk?j=PRICES" on the API listener
    Then the body is "Exists\r\n"

  Scenario: /chk finds the system relation telemetry_config, a table in QuestDB
    Given a running server
    When I GET "/chk?j=telemetry_config&f=json" on the API listener
    Then the body is "{\"status\":\"Exists\"}"

  Scenario: /warnings is a JSON array
    Given a running server
    When I GET "/warnings" on the API listener
    Then the status is 200
    And the header "Content-Type" is "application/json"
    And the body contains "["

  # The statements the web console sends through /exec at start.

  Scenario: select build and select current_user answer without parentheses
    When I query "select build"
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"build\",\"type\":\"STRING\"}]"
    And the body contains "\"dataset\":[[\"Build Information: svc "
    When I query "select current_user"
    Then the dataset is "[[\"admin\"]]"

  Scenario: a column named like a function is still the column
    Given these SQL statements have run:
      """
      create table builds (build int)
      insert into builds values (42)
      """
    When I query "select build from builds"
    Then the dataset is "[[42]]"

  Scenario: information_schema.columns lists every column of every table
    Given the SQL "create table trades (sym symbol, price double, ts timestamp) timestamp(ts) partition by DAY WAL" has run
    When I query "information_schema.columns()"
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"table_catalog\",\"type\":\"STRING\"},{\"name\":\"table_schema\",\"type\":\"STRING\"},{\"name\":\"table_name\",\"type\":\"STRING\"},{\"name\":\"column_name\",\"type\":\"STRING\"},{\"name\":\"ordinal_position\",\"type\":\"INT\"},{\"name\":\"column_default\",\"type\":\"STRING\"},{\"name\":\"is_nullable\",\"type\":\"STRING\"},{\"name\":\"data_type\",\"type\":\"STRING\"}]"
    And the dataset is "[[\"qdb\",\"public\",\"trades\",\"sym\",1,null,\"yes\",\"character varying\"],[\"qdb\",\"public\",\"trades\",\"price\",2,null,\"yes\",\"double precision\"],[\"qdb\",\"public\",\"trades\",\"ts\",3,null,\"yes\",\"timestamp without time zone\"]]"
    When I query "select column_name from information_schema.columns where table_name = 'trades' and ordinal_position = 2"
    Then the dataset is "[[\"price\"]]"
    When I query "select table_name, table_type from information_schema.tables()"
    Then the dataset is "[[\"trades\",\"BASE TABLE\"]]"

  Scenario: show parameters lists the configuration with secrets masked
    Given the environment variable "SVC_HTTP_USER" is "admin"
    And the environment variable "SVC_HTTP_PASSWORD" is "quest"
    When I query "(show parameters) where property_path = 'http.password'" with the header "Authorization" set to "Basic YWRtaW46cXVlc3Q="
    Then the status is 200
    And the JSON field "columns" is "[{\"name\":\"property_path\",\"type\":\"STRING\"},{\"name\":\"env_var_name\",\"type\":\"STRING\"},{\"name\":\"value\",\"type\":\"STRING\"},{\"name\":\"value_source\",\"type\":\"STRING\"},{\"name\":\"sensitive\",\"type\":\"BOOLEAN\"},{\"name\":\"reloadable\",\"type\":\"BOOLEAN\"}]"
    And the dataset is "[[\"http.password\",\"SVC_HTTP_PASSWORD\",\"****\",\"env\",true,false]]"

  Scenario: show parameters answers as a statement
    When I query "show parameters"
    Then the status is 200
    And the body contains "[\"http.enabled\",\"SVC_HTTP_ENABLED\",\"true\",\"default\",false,false]"

  Scenario: wal_tables lists WAL tables with the writer caught up with the sequencer
    Given these SQL statements have run:
      """
      create table w (x int, ts timestamp) timestamp(ts) partition by DAY WAL
      create table plain (x int, ts timestamp) timestamp(ts) partition by DAY BYPASS WAL
      insert into w values (1, '2024-01-01T00:00:00.000000Z')
      """
    When I query "select name, suspended, writerTxn = sequencerTxn, bufferedTxnSize from wal_tables()"
    Then the dataset is "[[\"w\",false,true,0]]"

  Scenario: views() and materialized_views() have QuestDB's columns and no rows
    When I query "views()"
    Then the status is 200
    And the body contains "{\"name\":\"view_name\",\"type\":\"STRING\"},{\"name\":\"view_sql\",\"type\":\"STRING\"}"
    And the dataset is "[]"
    When I query "materialized_views()"
    Then the body contains "{\"name\":\"view_name\",\"type\":\"STRING\"},{\"name\":\"refresh_type\",\"type\":\"STRING\"},{\"name\":\"base_table_name\",\"type\":\"STRING\"}"
    And the dataset is "[]"
