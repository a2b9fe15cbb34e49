Feature: Decompression bombs and the import decoders' budget
  A compressed request body may expand at most `http.decompression.ratio.limit` times (1000) once past
  16 MiB; a Parquet file is decoded by at most `http.import.parquet.decoders` workers at once (further
  uploads wait, at most `http.import.parquet.decoder.queue`, then 503), each within
  `http.import.parquet.decoder.memory.limit`, its row groups in slices so a small file of millions of repeated
  values imports in bounded memory, and a row group past the budget is refused naming it. Nothing of a
  refused upload is left behind.

  Scenario: a brotli bomb uploaded to /imp stops at the decompression bound and leaves no table
    When I upload to "/imp?name=brbomb&fmt=json" a br-compressed CSV file of 400 MB of the line "a,b\n1,2\n"
    Then the status is 200
    And the JSON field "status" starts with "br request body expands more than 1000 times"
    And the table "brbomb" holds 0 rows
    And no unhandled error was counted

  Scenario Outline: a <coding> bomb of <what> on /imp stops at a lower decompression bound
    Given the environment variable "SVC_HTTP_DECOMPRESSION_RATIO_LIMIT" is "100"
    When I upload to "/imp?name=bomb&fmt=json" a <coding>-compressed CSV file of 64 MB of the line "<line>"
    Then the status is 200
    And the JSON field "status" starts with "<coding> request body expands more than 100 times"
    And the table "bomb" holds 0 rows

    Examples:
      | coding  | what       | line                          |
      | gzip    | CSV rows   | ts,v\\n2024-01-01T00:00:00Z,1\\n |
      | deflate | NDJSON     | {\"k\":\"a\",\"v\":1}\\n       |

  Scenario: a gzip bomb on /write stops at the decompression bound before it is parsed
    Given the environment variable "SVC_HTTP_DECOMPRESSION_RATIO_LIMIT" is "100"
    When I POST to "/write" a gzip-compressed body of 64 MB of the line "m,t=a v=1i\n" as "text/plain"
    Then the status is 413
    And the line protocol error is "request too large" without a line
    And the body contains "gzip body expands more than 100 times"
    When I GET "/exec?query=select%20count()%20from%20tables()%20where%20table_name%20%3D%20'm'" on the API listener
    Then the dataset is "[[0]]"

  Scenario: a gzip bomb on /exec stops at http.exec.body.max.size
    When I POST to "/exec" a gzip-compressed body of 512 MB of the line "select 1 " as "text/plain"
    Then the status is 413
    And the body contains "request body too large"
    And no unhandled error was counted

  Scenario: a 1 KB Parquet file of one row group of 3 million repeated strings imports in bounded memory
    Given the environment variable "SVC_HTTP_IMPORT_PARQUET_DECODER_MEMORY_LIMIT" is "64m"
    And DuckDB writes the Parquet file "bomb.parquet" as one row group compressed with zstd from:
      """
      SELECT repeat('a string repeated over and over, ', 3) AS s FROM range(3000000)
      """
    Then the kept file "bomb.parquet" is smaller than 2000 bytes
    When I upload the kept file "bomb.parquet" with "name=bomb&fmt=json" while the server's memory is watched
    Then the JSON value at "status" is "OK"
    And the JSON value at "rowsImported" is "3000000"
    And the server's resident memory grew by less than 250 MB meanwhile
    When I GET "/exec?query=select%20count(),%20count_distinct(s)%20from%20bomb" on the API listener
    Then the dataset is "[[3000000,1]]"

  Scenario: a row group whose rows are too wide to decode within the memory limit is refused naming it
    Given these SQL statements have run:
      """
      CREATE TABLE w (s SYMBOL)
      INSERT INTO w SELECT rpad('w', 10000000, 'w')::symbol FROM long_sequence(1)
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      INSERT INTO w SELECT s FROM w
      """
    When I GET "/exp?query=w&fmt=parquet&compression_codec=zstd&statistics_enabled=false" on the API listener
    And the answer is kept as the file "wide.parquet"
    Then the kept file "wide.parquet" is smaller than 2000 bytes
    When I upload the kept file "wide.parquet" with "name=wide&fmt=json"
    Then the status is 200
    And the JSON field "status" starts with "Parquet file refused [table=wide]: row group 0 has rows of 10000"
    And the table "wide" holds 0 rows
    And no unhandled error was counted

  Scenario: a decoder that runs out of its memory limit fails the upload cleanly, naming the row group and the limit
    Given the environment variable "SVC_HTTP_IMPORT_PARQUET_DECODER_MEMORY_LIMIT" is "16m"
    And these SQL statements have run:
      """
      CREATE TABLE w (s SYMBOL)
      INSERT INTO w SELECT rpad('w', 10000000, 'w')::symbol FROM long_sequence(1)
      INSERT INTO w SELECT s FROM w
      """
    When I GET "/exp?query=w&fmt=parquet&compression_codec=zstd&statistics_enabled=false" on the API listener
    And the answer is kept as the file "wide.parquet"
    And I upload the kept file "wide.parquet" with "name=wide&fmt=json"
    Then the status is 200
    And the JSON field "status" starts with "invalid Parquet file [table=wide]: the decoder stopped"
    And the body contains "of its 16 MiB limit [http.import.parquet.decoder.memory.limit]"
    And the table "wide" holds 0 rows
    And no unhandled error was counted

  Scenario: past the decoders and their queue an upload is answered 503, and it may be retried
    Given the environment variable "SVC_HTTP_IMPORT_PARQUET_DECODERS" is "1"
    And the environment variable "SVC_HTTP_IMPORT_PARQUET_DECODER_QUEUE" is "0"
    And DuckDB writes the Parquet file "bomb.parquet" as one row group compressed with zstd from:
      """
      SELECT 'repeated' AS s FROM range(3000000)
      """
    When 2 clients upload the kept file "bomb.parquet" at once with "name=p&fmt=json", each to its own table
    Then 1 of the uploads answered "200 {\"status\":\"OK\""
    And 1 of the uploads answered "503 {\"status\":\"all 1 Parquet decoders are busy and 0 uploads wait for one; retry later [http.import.parquet.decoders=1, http.import.parquet.decoder.queue=0]\"}"
    When I upload the kept file "bomb.parquet" with "name=retried&fmt=json"
    Then the JSON value at "rowsImported" is "3000000"
    And no unhandled error was counted

  Scenario: uploads past the decoders wait for one and all import
    Given the environment variable "SVC_HTTP_IMPORT_PARQUET_DECODERS" is "1"
    And DuckDB writes the Parquet file "bomb.parquet" as one row group compressed with zstd from:
      """
      SELECT 'repeated' AS s FROM range(1000000)
      """
    When 3 clients upload the kept file "bomb.parquet" at once with "name=q&fmt=json", each to its own table
    Then 3 of the uploads answered "200 {\"status\":\"OK\""
