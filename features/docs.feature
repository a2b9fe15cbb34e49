Feature: The documentation's commands run as written
  Every fenced bash, sh, shell and python block in README.md and docs/ runs in npm test against a fresh
  server, following docs/writing-docs.md: default ports become the test server's, `no-run` blocks are
  only syntax-checked, `exit=N` expects a failure, an `output` block is the exact output of the block
  before it, `needs=<listener>` names a listener the server must run.

  Scenario: every block of README.md and docs/ does what its document says
    When the docs runner runs every document
    Then every block did what its document says
    And at least 3 blocks of "README.md" ran

  Scenario: default ports are rewritten, blocks share a working folder, output blocks are compared
    When the docs runner runs this document:
      """
      ```bash
      curl --fail -sS -G localhost:9000/exec --data-urlencode "query=SELECT 1 x" -o answer.json
      curl --fail -sS http://127.0.0.1:9003/status
      ```

      ```sh
      cat answer.json
      ```

      ```json output
      {"query":"SELECT 1 x","columns":[{"name":"x","type":"INT"}],"timestamp":-1,"dataset":[[1]],"count":1}
      ```
      """
    Then the block on line 1 ran and passed
    And the block on line 6 ran and passed

  Scenario: a failing block is reported with its exit status and output
    When the docs runner runs this document:
      """
      ```bash
      curl --fail -sS localhost:9000/no/such/path
      ```
      """
    Then the block on line 1 failed with "exit status 22, expected 0"

  Scenario: an output block that differs fails the block before it
    When the docs runner runs this document:
      """
      ```bash
      echo 2
      ```
      ```text output
      1
      ```
      """
    Then the block on line 1 failed with "standard output differs from the output block"

  Scenario: exit= expects a failure, no-run blocks are syntax-checked, python blocks run
    When the docs runner runs this document:
      """
      ```bash exit=22
      curl --fail -sS localhost:9000/no/such/path
      ```

      ```bash no-run
      npm ci && npm start
      ```

      ```bash no-run
      if then fi (
      ```

      ```python
      import requests
      r = requests.get("http://localhost:9000/exec", params={"query": "SELECT 1"})
      assert r.status_code == 200, r.text
      ```
      """
    Then the block on line 1 ran and passed
    And the block on line 5 was not run and passed
    And the block on line 9 failed with "no-run block is not valid bash"
    And the block on line 13 ran and passed

  Scenario: a block that needs a listener the server does not run, or has an unknown word, fails clearly
    When the docs runner runs this document:
      """
      ```bash needs=nosuch
      true
      ```

      ```bash norun
      true
      ```

      ```bash needs=min
      curl --fail -sS localhost:9003/
      ```

      <!-- docs-runner: server.conf http.enabled=false -->
      ```bash needs=http
      curl --fail -sS localhost:9000/exec?query=SELECT%201
      ```
      """
    Then the block on line 1 failed with "needs=nosuch: unknown listener"
    And the block on line 5 failed with "unknown words in the info string: norun"
    And the block on line 9 ran and passed
    And the block on line 14 failed with "needs the http listener (http.net.bind.to), which the server does not run"

