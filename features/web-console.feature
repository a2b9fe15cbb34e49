Feature: The web console at /
  A browser opening the API listener's root gets svc's SQL console: an editor with highlighting and
  completion, a results grid that pages through large results with `limit=lo,hi`, charts, the schema,
  CSV import and CSV/Parquet export, history and cancel. It talks only to the public HTTP API (/exec,
  /imp, /exp, /chk, /settings). Driven here by Debian's Chromium; no scenario may log a console error.

  Scenario: type a query, run it with Ctrl+Enter and see the rows
    Given the SQL statements ran:
      """
      create table t (ts timestamp, sym symbol, price double, n long) timestamp(ts) partition by DAY;
      insert into t values ('2024-01-01T00:00:00.000001Z', 'a', 1.5, 9007199254740993), ('2024-01-01T00:00:01.000000Z', null, null, null)
      """
    When I open the web console
    And I run "select * from t" with Ctrl+Enter
    Then the row count reads "2 rows"
    And the grid columns are "ts TIMESTAMP, sym SYMBOL, price DOUBLE, n LONG"
    And grid row 1 reads "2024-01-01T00:00:00.000001Z | a | 1.5 | 9007199254740993"
    And grid row 2 reads "2024-01-01T00:00:01.000000Z | null | null | null"
    And the NULL cell of grid row 2 is shown as null in its own style
    And the timing shows the server time and the round trip
    And the first contentful paint came within 1500 ms

  Scenario: Ctrl+Enter runs the statement under the cursor of a buffer with several
    When I open the web console
    And I type into the editor:
      """
      select 1 a;
      select 2 b;
      select 3 c;
      """
    And I put the cursor on line 2 and press Ctrl+Enter
    Then the grid columns are "b INT"
    And grid row 1 reads "2"
    When I type into the editor:
      """
      select * from long_s
      """
    And I press "Control+Space"
    Then completion offers "long_sequence"
    When I type into the editor:
      """
      select count() from t samp
      """
    And I press "Control+Space"
    Then completion offers "sample"

  Scenario: a syntax error is underlined in red at the position the server gives
    When I open the web console
    And I type into the editor:
      """
      select 1;
      select x,
        y frm long_sequence(3);
      """
    And I put the cursor on line 3 and press Ctrl+Enter
    Then the error reads "found [tok='long_sequence', len=13] ',', 'from' or 'over' expected"
    And the error is placed at line 3, column 9
    And the editor underlines "long_sequence" in red with the message beside it
    When I type "x"
    Then no error is underlined

  Scenario: a 100,000-row result scrolls with only the visible rows in the page, fetched page by page
    When I open the web console
    And I run "select x, x * 2 twice from long_sequence(100000)" with Ctrl+Enter
    Then the row count reads "100,000 rows"
    And at most 60 grid rows are in the page
    When I scroll the grid to the last row
    Then grid row 100000 reads "100000 | 200000"
    And at most 60 grid rows are in the page
    And the page read "select x, x * 2 twice from long_sequence(100000)" in pages of at most 1000 rows, 2 requests or more

  Scenario: a SAMPLE BY result with a key becomes a chart with one series per key
    Given the SQL statements ran:
      """
      create table trades (ts timestamp, sym symbol, price double) timestamp(ts) partition by DAY;
      insert into trades select timestamp_sequence('2024-01-01', 600000000L), case when x % 2 = 0 then 'ETH' else 'BTC' end, x * 1.5 from long_sequence(480)
      """
    When I open the web console
    And I run "select ts, sym, avg(price) from trades sample by 1h" with Ctrl+Enter
    And I turn the result into a chart
    Then the chart draws the series "BTC, ETH"
    And hovering over the chart shows the values of every series at that time
    When I drag across the middle of the chart
    Then the chart shows a narrower time range

  Scenario: import a CSV through the file input, then see the summary and the new table
    When I open the web console
    And I import the file "weather.csv" through the file input:
      """
      ts,city,temp
      2024-01-01T00:00:00.000000Z,Oslo,-3.5
      2024-01-01T01:00:00.000000Z,Rome,12.25
      """
    Then the import result reads "Imported 2 rows into weather"
    And the import result lists the columns "ts TIMESTAMP, city VARCHAR, temp DOUBLE"
    And the import progress bar is full
    And the schema panel lists "weather"
    And the table "weather" holds 2 rows

  Scenario: importing into an existing table asks whether to append or overwrite; a file dropped on the page imports too
    Given the SQL "create table weather (city varchar, temp double)" has run
    When I open the web console
    And I import the file "weather.csv" through the file input:
      """
      city,temp
      Oslo,-3.5
      Rome,12.25
      """
    And I choose "Append" when the console asks
    Then the import result reads "Imported 2 rows into weather"
    When I drop the file "weather.csv" on the page:
      """
      city,temp
      Lima,19.0
      """
    And I choose "Overwrite" when the console asks
    Then the import result reads "Imported 1 row into weather"
    And the table "weather" holds 1 rows

  Scenario: export downloads the query as CSV and as Parquet through /exp
    Given the SQL statements ran:
      """
      create table t (x int, s varchar);
      insert into t values (1, 'a'), (2, 'b')
      """
    When I open the web console
    And I run "select * from t" with Ctrl+Enter
    And I download the result as CSV
    Then the downloaded file is named like "^svc-query-\d{13}\.csv$"
    And the CSV body is:
      """
      "x","s"
      1,"a"
      2,"b"
      """
    When I download the result as Parquet
    Then the downloaded file is named like "^svc-query-\d{13}\.parquet$"
    And DuckDB reads the body as Parquet with 2 rows
    And DuckDB reads column "s" of the body as "a,b"

  Scenario: a running query can be cancelled
    When I open the web console
    And I start "select sum(x) from long_sequence(3000000000)" and press Cancel after 400 ms
    Then the console says the query was cancelled
    And the history lists:
      """
      select sum(x) from long_sequence(3000000000) | cancelled after <time>
      """

  Scenario: the history keeps each query with its outcome, survives a reload and runs a query again
    When I open the web console
    And I run "select x from long_sequence(3)" with Ctrl+Enter
    And I run "select 1 from nosuch" with Ctrl+Enter
    Then the history lists:
      """
      select 1 from nosuch | table does not exist [table=nosuch]
      select x from long_sequence(3) | 3 rows · <time>
      """
    When I reload the page
    Then the editor reads "select 1 from nosuch"
    When I run history entry 2 again
    Then the row count reads "3 rows"
    And the history lists:
      """
      select x from long_sequence(3) | 3 rows · <time>
      select 1 from nosuch | table does not exist [table=nosuch]
      select x from long_sequence(3) | 3 rows · <time>
      """

  Scenario: the schema panel lists tables with their details and columns, inserts names and follows DDL
    Given the SQL statements ran:
      """
      create table trades (ts timestamp, sym symbol, price double) timestamp(ts) partition by DAY WAL;
      insert into trades values ('2024-01-01T00:00:00.000000Z', 'a', 1.0), ('2024-01-02T00:00:00.000000Z', 'b', 2.0)
      """
    When I open the web console
    Then the schema entry of "trades" reads "trades | ts · DAY · WAL | 2"
    When I expand "trades" in the schema panel
    Then the schema panel shows the columns "ts TIMESTAMP, sym SYMBOL, price DOUBLE"
    When I type into the editor:
      """
      select
      """
    And I press "End Space"
    And I click "price" in the schema panel
    And I type " from "
    And I click "trades" in the schema panel
    Then the editor reads "select price from trades"
    When I press "Space Control+Space"
    Then completion offers "ts, sym, price, trades"
    When I run "create table quotes (bid double)" with Ctrl+Enter
    Then the schema panel lists "quotes, trades"

  Scenario: the keyboard alone runs a query, reaches the grid and copies a cell
    When I open the web console
    And I press "Control+A"
    And I type "select x, x * 10 y from long_sequence(5)"
    And I press Ctrl+Enter and wait for the result
    And I press "Alt+2"
    Then the grid has the focus
    When I press "ArrowDown ArrowDown ArrowRight"
    Then the active cell reads "30"
    When I press "Control+c"
    Then the clipboard holds "30"

  Scenario: light and dark, the system's choice until the toggle decides
    When I open the web console in dark mode
    Then the page is dark
    When I switch the theme
    Then the page is light
    When I reload the page
    Then the page is light

  Scenario: behind Basic authentication the browser's own prompt signs in the page and its queries
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      """
    When I open the web console and answer the browser's prompt with "admin" and "quest"
    And I run "select 42 answer" with Ctrl+Enter
    Then grid row 1 reads "42"

  Scenario: a client that sends a bearer token gets the page and its queries
    Given the server.conf contains:
      """
      http.auth.tokens=s3cret
      """
    When I open the web console sending the bearer token "s3cret"
    And I run "select 42 answer" with Ctrl+Enter
    Then grid row 1 reads "42"

  Scenario: a 401 from the API shows a banner where a token signs in
    Given the server.conf contains:
      """
      http.auth.tokens=s3cret
      http.static.authentication.required=false
      """
    When I open the web console
    Then the connection banner reads "The server answered 401 Unauthorized."
    When I sign in with the token "s3cret"
    Then the connection banner is hidden
    When I run "select 42 answer" with Ctrl+Enter
    Then grid row 1 reads "42"

  Scenario: a banner says when the server cannot be reached
    When I open the web console
    And the browser may report refused connections
    And the server stops
    And I run "select 1" with Ctrl+Enter
    Then the connection banner reads "The server cannot be reached."
    And the error reads "The server cannot be reached."
