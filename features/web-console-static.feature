Feature: The web console's files: caching, ranges, the http.static keys and credentials
  GET / answers the console page; its script and style live under fingerprinted names (a content hash),
  cached by browsers for a year, while the page itself is revalidated with its ETag. Files placed in the
  public directory (`http.static.public.directory`, default `<root>/public`) are served too and win over the
  bundled app. Static files need credentials while `http.static.authentication.required=true`; a refused
  page load asks the browser for them with `WWW-Authenticate: Basic`, the API routes keep their plain 401.

  Scenario: / is the console page, revalidated on each use
    Given a running server
    When I GET "/" on the API listener
    Then the status is 200
    And the header "Content-Type" is "text/html; charset=utf-8"
    And the header "Cache-Control" is "no-cache"
    And the header "Content-Security-Policy" matches "^default-src 'self'; "
    And the body contains "<meta name=\"svc-api-base\" content=\"./\">"
    When I GET "/" on the API listener with the ETag of the last answer
    Then the status is 304
    And the body is empty

  Scenario: the page's script has a fingerprinted name, is cached for a year and comes gzipped when accepted
    Given a running server
    When I GET "/" on the API listener
    And I GET the page's script on the API listener
    Then the status is 200
    And the header "Content-Type" is "text/javascript; charset=utf-8"
    And the header "Cache-Control" is "public, max-age=31536000, immutable"
    And there is no header "Content-Encoding"
    When I GET "/" on the API listener
    And I GET the page's script on the API listener with the header "Accept-Encoding" set to "gzip, deflate"
    Then the header "Content-Encoding" is "gzip"
    And the header "Vary" is "Accept-Encoding"

  Scenario: files in the public directory are served, with byte ranges
    Given the root file "public/hello.txt" contains:
      """
      Hello, console
      """
    When I GET "/hello.txt" on the API listener
    Then the status is 200
    And the header "Content-Type" is "text/plain; charset=utf-8"
    And the header "Accept-Ranges" is "bytes"
    When I GET "/hello.txt" on the API listener with the header "Range" set to "bytes=0-4"
    Then the status is 206
    And the header "Content-Range" is "bytes 0-4/15"
    And the body is "Hello"
    When I GET "/hello.txt" on the API listener with the header "Range" set to "bytes=50-"
    Then the status is 416
    And the header "Content-Range" is "bytes */15"

  Scenario: an index page in the public directory replaces the bundled console
    Given the root file "public/index.html" contains:
      """
      <p>my own console</p>
      """
    When I GET "/" on the API listener
    Then the body is "<p>my own console</p>\n"

  Scenario: http.static.index.file.name and http.static.public.directory choose the files
    Given the server.conf contains:
      """
      http.static.public.directory=www
      http.static.index.file.name=start.html
      """
    And the root file "www/start.html" contains:
      """
      start
      """
    And the root file "public/other.txt" contains:
      """
      not served
      """
    When I GET "/" on the API listener
    Then the body is "start\n"
    When I GET "/other.txt" on the API listener
    Then the status is 404

  Scenario: nothing outside the public directory and the bundle can be read
    Given the root file "secret.txt" contains:
      """
      secret
      """
    When I GET "/../secret.txt" on the API listener
    Then the status is 404
    When I GET "/%2e%2e/secret.txt" on the API listener
    Then the status is 404
    When I GET "/..%5csecret.txt" on the API listener
    Then the status is 404
    When I send POST "/" to the API listener
    Then the status is 404

  Scenario Outline: dot-files and dot-folders in the public directory are not served: <path>
    Given the root file "public/.secret" contains:
      """
      secret
      """
    And the root file "public/a/.git/config" contains:
      """
      [core]
      """
    And the root file "public/.well/known.txt" contains:
      """
      hidden folder
      """
    And the root file "public/a/visible.txt" contains:
      """
      visible
      """
    When I GET "<path>" on the API listener
    Then the status is 404
    And the body does not contain "secret"
    When I GET "/a/visible.txt" on the API listener
    Then the status is 200

    Examples:
      | path                  |
      | /.secret              |
      | /%2esecret            |
      | /%2Esecret            |
      | /a/.git/config        |
      | /a/%2egit/config      |
      | /.well/known.txt      |
      | /a/../.secret         |
      | /./.secret            |
      | /.secret/             |

  Scenario: conf/mime.types sets content types
    Given the root file "conf/mime.types" contains:
      """
      text/x-sql sql
      """
    And the root file "public/q.sql" contains:
      """
      select 1
      """
    When I GET "/q.sql" on the API listener
    Then the header "Content-Type" is "text/x-sql; charset=utf-8"

  Scenario: with credentials configured the page needs them and the refusal asks the browser's prompt
    Given the server.conf contains:
      """
      http.user=admin
      http.password=quest
      http.auth.tokens=s3cret
      """
    When I GET "/" on the API listener
    Then the status is 401
    And the header "WWW-Authenticate" is "Basic realm=\"svc\", charset=\"UTF-8\""
    And the body is "Unauthorized\r\n"
    When I GET "/" on the API listener as "admin" with password "quest"
    Then the status is 200
    When I GET "/" on the API listener with the bearer token "s3cret"
    Then the status is 200
    When I GET "/exec?query=select%201" on the API listener
    Then the status is 401
    And there is no header "WWW-Authenticate"

  Scenario: http.static.authentication.required=false serves the files without credentials, not the API
    Given the server.conf contains:
      """
      http.auth.tokens=s3cret
      http.static.authentication.required=false
      """
    When I GET "/" on the API listener
    Then the status is 200
    When I GET "/exec?query=select%201" on the API listener
    Then the status is 401

  Scenario: http.context.web.console moves the console
    Given the server.conf contains:
      """
      http.context.web.console=/console
      """
    When I GET "/console" on the API listener
    Then the status is 301
    And the header "Location" is "/console/"
    When I GET "/console/" on the API listener
    Then the status is 200
    And the body contains "<meta name=\"svc-api-base\" content=\"../\">"
    When I GET "/" on the API listener
    Then the status is 404
    When QuestDB's console at "/console/" validates "select 1 x"
    Then the status is 200
    And the console reads it as "a read"
    When QuestDB's console validates "select 1 x"
    Then the status is 200
