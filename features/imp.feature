Feature: POST /imp streams delimited text into a table
  The upload is multipart/form-data with an optional `schema` part before the `data` part. Types, delimiter
  and header are detected from the first lines; the answer is a text grid or JSON.

  Background:
    Given a running server

  Scenario: the tabular answer is QuestDB's grid, byte for byte
    Given the file "t.csv" contains:
      """
      col_a,ts
      1000,1000
      2000,2000
      3000,3000
      """
    When I import the file "t.csv" with "name=test"
    Then the status is 200
    And the header "Content-Type" is "text/plain; charset=utf-8"
    And the body is, with CRLF line ends:
      """
      +-----------------------------------------------------------------------------------------------------------------+
      |      Location:  |                                              test  |        Pattern  | Locale  |      Errors  |
      |   Partition by  |                                              NONE  |                 |         |              |
      |      Timestamp  |                                              NONE  |                 |         |              |
      +-----------------------------------------------------------------------------------------------------------------+
      |   Rows handled  |                                                 3  |                 |         |              |
      |  Rows imported  |                                                 3  |                 |         |              |
      +-----------------------------------------------------------------------------------------------------------------+
      |              0  |                                             col_a  |                      INT  |           0  |
      |              1  |                                                ts  |                      INT  |           0  |
      +-----------------------------------------------------------------------------------------------------------------+
      """
    And the table "test" holds the rows:
      | col_a | ts   |
      | 1000  | 1000 |
      | 2000  | 2000 |
      | 3000  | 3000 |
    And the server has counted 3 imported rows

  Scenario: fmt=json answers the JSON result
    Given the file "t.csv" contains:
      """
      col_a,ts
      1000,1000
      2000,2000
      """
    When I import the file "t.csv" with "name=test&fmt=json"
    Then the status is 200
    And the header "Content-Type" is "application/json; charset=utf-8"
    And the body is:
      """
      {"status":"OK","location":"test","rowsRejected":0,"rowsImported":2,"header":true,"partitionBy":"NONE","columns":[{"name":"col_a","type":"INT","size":4,"errors":0},{"name":"ts","type":"INT","size":4,"errors":0}]}
      """

  Scenario: every detected type, with empty values as nulls
    Given the file "types.csv" contains:
      """
      b,i,l,d,c,s,empty,dt,ts
      true,1,3000000000,1.5,x,hello,,2017-02-01 00:08:00,2016-01-01T00:00:00.000001Z
      FALSE,,-4,,y,,,2017-02-01 00:09:00,
      """
    When I import the file "types.csv" with "name=types&fmt=json"
    Then the import columns are "b BOOLEAN, i INT, l LONG, d DOUBLE, c CHAR, s VARCHAR, empty VARCHAR, dt DATE, ts TIMESTAMP"
    And the table "types" holds the rows:
      | b     | i    | l          | d    | c | s     | empty | dt                       | ts                          |
      | true  | 1    | 3000000000 | 1.5  | x | hello | null  | 2017-02-01T00:08:00.000Z | 2016-01-01T00:00:00.000001Z |
      | false | null | -4         | null | y | null  | null  | 2017-02-01T00:09:00.000Z | null                        |

  Scenario Outline: date formats are DATE and ISO with microseconds is TIMESTAMP
    Given the file "d.csv" contains "v,n\n<first>,1\n<second>,2\n"
    When I import the file "d.csv" with "name=d&fmt=json"
    Then the import columns are "v <type>, n INT"
    And the table "d" holds the rows:
      | v        | n |
      | <stored> | 1 |
      | <next>   | 2 |

    Examples:
      | first                       | second                      | type      | stored                      | next                        |
      | 2020-01-02 03:04:05         | 2020-01-02 03:04:06         | DATE      | 2020-01-02T03:04:05.000Z    | 2020-01-02T03:04:06.000Z    |
      | 2020-01-02T03:04:05.123Z    | 2020-01-02T03:04:05.124Z    | DATE      | 2020-01-02T03:04:05.123Z    | 2020-01-02T03:04:05.124Z    |
      | 01/31/2020                  | 02/01/2020                  | DATE      | 2020-01-31T00:00:00.000Z    | 2020-02-01T00:00:00.000Z    |
      | 2020-01-31                  | 2020-02-01                  | DATE      | 2020-01-31T00:00:00.000Z    | 2020-02-01T00:00:00.000Z    |
      | 2020-01-02T03:04:05.123456Z | 2020-01-02T03:04:05.123457Z | TIMESTAMP | 2020-01-02T03:04:05.123456Z | 2020-01-02T03:04:05.123457Z |

  Scenario: INT becomes LONG past 32 bits and a number column with text becomes VARCHAR
    Given the file "n.csv" contains "a,b,c\n2147483647,2147483648,1\n-2147483647,1,x1\n"
    When I import the file "n.csv" with "name=n&fmt=json"
    Then the import columns are "a INT, b LONG, c VARCHAR"

  Scenario: 0x-prefixed hex is LONG256
    Given the file "h.csv" contains "h,v\n0xabc,1\n0x1,2\n"
    When I import the file "h.csv" with "name=h&fmt=json"
    Then the import columns are "h LONG256, v INT"
    And the import reports 2 rows imported and 0 rows rejected

  Scenario: a timestamp in a non-standard format stays VARCHAR
    Given the file "w.csv" contains "ts,v\n2010-01-01 - 00:00:00,1\n2010-01-01 - 00:00:01,2\n"
    When I import the file "w.csv" with "name=w&fmt=json"
    Then the import columns are "ts VARCHAR, v INT"

  Scenario: a schema pattern makes it a TIMESTAMP
    Given the file "w.csv" contains "ts,v\n2010-01-01 - 00:00:00,1\n2010-01-01 - 00:00:01,2\n"
    When I import the file "w.csv" with "name=w&fmt=json&timestamp=ts" and the schema:
      """
      [{"name":"ts","type":"TIMESTAMP","pattern":"yyyy-MM-dd - HH:mm:ss"}]
      """
    Then the import columns are "ts TIMESTAMP, v INT"
    And the table "w" holds the rows:
      | ts                          | v |
      | 2010-01-01T00:00:00.000000Z | 1 |
      | 2010-01-01T00:00:01.000000Z | 2 |

  Scenario: the schema gives types, SYMBOL and the bench pattern
    Given the file "cpu.csv" contains:
      """
      ts,hostname,usage_user
      2016-01-01T00:00:00.000000Z,host_0,79.45
      2016-01-01T00:00:10.000000Z,host_1,31.04
      2016-01-01T00:00:20.000000Z,host_0,1e2
      """
    When I import the file "cpu.csv" with "name=cpu&timestamp=ts&partitionBy=DAY&fmt=json&forceHeader=true&delimiter=," and the schema:
      """
      [{"name":"ts","type":"TIMESTAMP","pattern":"yyyy-MM-ddTHH:mm:ss.SSSUUUZ"},{"name":"hostname","type":"SYMBOL"},{"name":"usage_user","type":"DOUBLE"}]
      """
    Then the import columns are "ts TIMESTAMP, hostname SYMBOL, usage_user DOUBLE"
    And the table "cpu" is partitioned by DAY on "ts"
    And the table "cpu" holds the rows:
      | ts                          | hostname | usage_user |
      | 2016-01-01T00:00:00.000000Z | host_0   | 79.45      |
      | 2016-01-01T00:00:10.000000Z | host_1   | 31.04      |
      | 2016-01-01T00:00:20.000000Z | host_0   | 100        |

  Scenario Outline: a schema type CSV cannot hold (<type>) makes each value a bad one, never a 500
    Given the file "t.csv" contains:
      """
      ts,v
      2016-01-01T00:00:00.000000Z,1
      2016-01-01T00:00:10.000000Z,
      """
    When I import the file "t.csv" with "name=t&fmt=json" and the schema:
      """
      [{"name":"v","type":"<type>"}]
      """
    Then the status is 200
    And the JSON value at "status" is "OK"
    And the import columns are "ts TIMESTAMP, v <shown> (1 errors)"
    And the table "t" holds 2 rows
    And no unhandled error was counted

    Examples:
      | type       | shown |
      | DOUBLE[]   | ARRAY |
      | DOUBLE[][] | ARRAY |

  Scenario Outline: the delimiter is detected
    Given the file "x.txt" contains "a<d>b<d>c\n1<d>x<d>2.5\n2<d>y<d>3.5\n"
    When I import the file "x.txt" with "name=x&fmt=json"
    Then the import columns are "a INT, b CHAR, c DOUBLE"
    And the import reports 2 rows imported and 0 rows rejected

    Examples:
      | d  |
      | ,  |
      | \t |
      | \| |
      | ;  |

  Scenario: an explicit delimiter imports a single-line file
    Given the file "one.csv" contains "1;2"
    When I import the file "one.csv" with "name=one&delimiter=;&fmt=json"
    Then the import reports 1 rows imported and 0 rows rejected
    And the import header flag is false
    And the import columns are "f0 INT, f1 INT"

  Scenario: without a header the columns are f0, f1, …
    Given the file "nh.csv" contains "1,a\n2,b\n"
    When I import the file "nh.csv" with "name=nh&fmt=json"
    Then the import header flag is false
    And the import columns are "f0 INT, f1 CHAR"

  Scenario: forceHeader=true takes line 1 as the header even when all text
    Given the file "fh.csv" contains "name,city\nalice,paris\nbob,rome\n"
    When I import the file "fh.csv" with "name=fh&fmt=json&forceHeader=true"
    Then the import header flag is true
    And the import columns are "name VARCHAR, city VARCHAR"
    And the import reports 2 rows imported and 0 rows rejected

  Scenario: the header is found in a tiny file whose last line lacks a newline
    Given the file "tiny.csv" contains "a,b\n1,2"
    When I import the file "tiny.csv" with "name=tiny&fmt=json"
    Then the import header flag is true
    And the import reports 1 rows imported and 0 rows rejected

  Scenario: header cells are cleaned into column names, keeping _
    Given the file "names.csv" contains "temp.f,Pickup DateTime,usage_user,1st,a-b\n1,2,3,4,5\n"
    When I import the file "names.csv" with "name=names&fmt=json"
    Then the import columns are "tempF INT, PickupDateTime INT, usage_user INT, _1st INT, aB INT"

  Scenario: the table name defaults to the file name without removed characters
    Given the file "weather data.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "weather data.csv" with "fmt=json"
    Then the import status is "OK"
    And the table "weatherdatacsv" holds 2 rows

  Scenario: a duplicate header name is a request-level failure
    Given the file "dup.csv" contains "a,A\n1,2\n3,4\n"
    When I import the file "dup.csv" with "name=dup"
    Then the status is 200
    And the body is "duplicate column name found [no=1,name=A]"
    And the header "Connection" is "close"

  Scenario: RFC 4180 quoting, CRLF line ends and empty lines
    Given the file "q.csv" contains "id,text\r\n1,\"a,b\"\r\n\r\n2,\"say \"\"hi\"\"\"\r\n3,\"two\nlines\"\r\n"
    When I import the file "q.csv" with "name=q&fmt=json"
    Then the import reports 3 rows imported and 0 rows rejected
    And the table "q" holds the rows:
      | id | text       |
      | 1  | a,b        |
      | 2  | say "hi"   |
      | 3  | two\nlines |

  Scenario: a UTF-8 byte order mark is dropped
    Given the file "bom.csv" contains "\uFEFFa,b\n1,x\n2,y\n"
    When I import the file "bom.csv" with "name=bom&fmt=json"
    Then the import columns are "a INT, b CHAR"

  Scenario: a short line gets nulls and a long line is rejected unless skipLev=true
    Given the file "r.csv" contains "a,b,c\n1,2,3\n4,5\n6,7,8,9\n"
    When I import the file "r.csv" with "name=r&fmt=json&delimiter=,"
    Then the import reports 2 rows imported and 1 rows rejected
    And the table "r" holds the rows:
      | a | b | c    |
      | 1 | 2 | 3    |
      | 4 | 5 | null |
    When I import the file "r.csv" with "name=r2&fmt=json&delimiter=,&skipLev=true"
    Then the import reports 3 rows imported and 0 rows rejected

  Scenario: atomicity=skipCol (default) nulls a bad value and counts it
    Given an existing table "a" with the columns "x INT, y DOUBLE"
    And the file "bad.csv" contains "x,y\n1,1.5\n2,oops\n3,3.5\n"
    When I import the file "bad.csv" with "name=a&fmt=json"
    Then the import reports 3 rows imported and 0 rows rejected
    And the import columns are "x INT, y DOUBLE (1 errors)"
    And the table "a" holds the rows:
      | x | y    |
      | 1 | 1.5  |
      | 2 | null |
      | 3 | 3.5  |

  Scenario: atomicity=skipRow drops the line
    Given an existing table "a" with the columns "x INT, y DOUBLE"
    And the file "bad.csv" contains "x,y\n1,1.5\n2,oops\n3,3.5\n"
    When I import the file "bad.csv" with "name=a&fmt=json&atomicity=skipRow"
    Then the import reports 2 rows imported and 1 rows rejected
    And the table "a" holds 2 rows

  Scenario: atomicity=abort fails the whole import and leaves no rows
    Given an existing table "a" with the columns "x INT, y DOUBLE"
    And the file "bad.csv" contains "x,y\n1,1.5\n2,oops\n3,3.5\n"
    When I import the file "bad.csv" with "name=a&fmt=json&atomicity=abort"
    Then the status is 200
    And the import status is "bad syntax [line=1, col=1]"
    And the table "a" holds 0 rows

  Scenario: appending matches columns by header name and takes the table's types
    Given an existing table "m" with the columns "a INT, b VARCHAR, c DOUBLE"
    And the file "m.csv" contains "c,a\n1.5,1\n2.5,2\n"
    When I import the file "m.csv" with "name=m&fmt=json"
    Then the import columns are "a INT, b VARCHAR, c DOUBLE"
    And the table "m" holds the rows:
      | a | b    | c   |
      | 1 | null | 1.5 |
      | 2 | null | 2.5 |

  Scenario: appending takes a line repeating the column names as the header
    Given an existing table "h" with the columns "name VARCHAR, city VARCHAR"
    And the file "h.csv" contains "name,city\nalice,paris\n"
    When I import the file "h.csv" with "name=h&fmt=json&delimiter=,"
    Then the import header flag is true
    And the table "h" holds the rows:
      | name  | city  |
      | alice | paris |

  Scenario: more fields than table columns is a column count mismatch
    Given an existing table "cm" with the columns "a INT, b INT"
    And the file "cm.csv" contains "1,2,3\n4,5,6\n"
    When I import the file "cm.csv" with "name=cm"
    Then the body is "column count mismatch [textColumnCount=3, tableColumnCount=2, table=cm]"

  Scenario: the existing table's partitioning and timestamp win, with warnings
    Given the file "p.csv" contains "ts,v\n2020-01-01T00:00:00.000000Z,1\n2020-01-02T00:00:00.000000Z,2\n"
    When I import the file "p.csv" with "name=p&timestamp=ts&partitionBy=DAY&fmt=json"
    And I import the file "p.csv" with "name=p&timestamp=ts&partitionBy=MONTH&fmt=json"
    Then the body contains "\"partitionBy\":\"DAY\",\"timestamp\":\"ts\",\"warnings\":[\"Existing table PartitionBy is used\"]"
    And the table "p" holds 4 rows

  Scenario: overwrite=true replaces data and structure
    Given the file "o1.csv" contains "a,b\n1,2\n3,4\n"
    And the file "o2.csv" contains "x,y\ntrue,1\nfalse,2\n"
    When I import the file "o1.csv" with "name=o"
    And I import the file "o2.csv" with "name=o&overwrite=true&fmt=json"
    Then the import columns are "x BOOLEAN, y INT"
    And the table "o" holds 2 rows

  Scenario: create=false refuses a missing table
    Given the file "c.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "c.csv" with "name=nope&create=false&fmt=json"
    Then the import status is "table does not exist [table=nope] and create param was set to false."
    And storage has no table "nope"
    And the status is 200
    And the log has a line matching "E http-imp POST /imp 200 table does not exist \[table=nope\] and create param was set to false\.$"
    And the log has no line matching "POST /imp 400"

  Scenario: o3MaxLag and maxUncommittedRows go to the created table
    Given the file "t.csv" has the header "ts,v" and 2500 rows like "2020-01-01T00:00:00.{i}Z,{i}"
    When I import the file "t.csv" with "name=lag&timestamp=ts&partitionBy=DAY&o3MaxLag=5000&maxUncommittedRows=1000&fmt=json"
    Then the import reports 2500 rows imported and 0 rows rejected
    And the table "lag" keeps maxUncommittedRows 1000 and o3MaxLag 5000

  Scenario Outline: parameter errors answer 200 with QuestDB's text
    Given the file "t.csv" contains "ts,v\n2020-01-01T00:00:00.000000Z,1\n2020-01-02T00:00:00.000000Z,2\n"
    When I import the file "t.csv" with "<query>"
    Then the status is 200
    And the body is "<message>"

    Examples:
      | query                                       | message                                                      |
      | name=t&partitionBy=CENTURY                  | invalid partitionBy                                          |
      | name=t&partitionBy=DAY                      | when specifying partitionBy you must also specify timestamp |
      | name=t&o3MaxLag=soon                        | invalid o3MaxLag value, must be a long                       |
      | name=t&maxUncommittedRows=many              | invalid maxUncommittedRows, must be an int                   |
      | name=t&timestamp=v                          | not a timestamp 'v'                                          |
      | name=t&timestamp=when                       | invalid timestamp column 'when'                              |
      | name=t&delimiter=ab                         | invalid delimiter, must be a single byte other than a quote or a line end |

  Scenario Outline: a refused upload is read to its end first, so a client still sending hears the answer
    When a client uploads 16 MB of CSV rows to "<path>"
    Then the status is 200
    And the body contains "<message>"

    Examples:
      | path                                    | message                                                     |
      | /imp?name=t&partitionBy=WEEKLY          | invalid partitionBy                                         |
      | /imp?name=t&partitionBy=DAY&fmt=json    | when specifying partitionBy you must also specify timestamp |
      | /imp?name=t&o3MaxLag=soon               | invalid o3MaxLag value, must be a long                      |

  Scenario: with fmt=json a parameter error is a JSON status
    Given the file "t.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "t.csv" with "name=t&fmt=json&partitionBy=CENTURY"
    Then the status is 200
    And the body is:
      """
      {"status":"invalid partitionBy"}
      """

  Scenario: one line is not enough to detect the delimiter
    Given the file "one.csv" contains "1,2\n"
    When I import the file "one.csv" with "name=one&fmt=json"
    Then the import status is "not enough lines [table=one]"

  Scenario: a data part without a Content-Type still streams
    Given the file "t.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "t.csv" without a content type with "name=plain&fmt=json"
    Then the import reports 2 rows imported and 0 rows rejected

  Scenario: the schema after the data is an error
    Given the file "t.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "t.csv" with "name=late&fmt=json" and then the schema:
      """
      [{"name":"a","type":"LONG"}]
      """
    Then the import status is "the 'schema' part must come before the 'data' part"
    And the table "late" holds 0 rows

  Scenario: without a name parameter or a file name there is no table name
    Given the file "t.csv" contains "a,b\n1,2\n3,4\n"
    When I send "/imp?fmt=json" a multipart part named "data"
    Then the import status is "no file name given"

  Scenario: upsertKey in the schema makes deduplication keys
    Given the file "u.csv" contains "ts,sym,v\n2020-01-01T00:00:00.000000Z,a,1\n2020-01-01T00:00:00.000000Z,b,2\n"
    When I import the file "u.csv" with "name=u&timestamp=ts&fmt=json" and the schema:
      """
      [{"name":"sym","type":"SYMBOL","upsertKey":true}]
      """
    Then the import columns are "ts TIMESTAMP, sym SYMBOL, v INT"
    And the table "u" deduplicates on "sym, ts"

  Scenario: a body with only the schema is an error
    When I send "/imp?name=s&fmt=json" a multipart body with only the schema:
      """
      [{"name":"a","type":"LONG"}]
      """
    Then the import status is "no 'data' part in the request"

  Scenario: a bad schema is an error
    Given the file "t.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "t.csv" with "name=bs&fmt=json" and the schema:
      """
      [{"name":"a","type":"NUMBERISH"}]
      """
    Then the import status is "Invalid type"

  Scenario: multipart parts other than schema and data are refused
    When I send "/imp?name=x" a multipart part named "file"
    Then the body is "invalid value in 'Content-Disposition' multipart header"
    When I send "/imp?name=x" a multipart part without Content-Disposition
    Then the body is "'Content-Disposition' multipart header missing'"

  Scenario: a request that is not multipart is refused
    Given the file "t.csv" contains "a,b\n1,2\n"
    When I send "/imp?name=x" the file "t.csv" as plain text
    Then the status is 400
    And the body is "Non-multipart POST not supported\r\n"

  Scenario: a client that disconnects mid-upload leaves nothing committed
    Given the file "big.csv" has the header "id,v" and 50000 rows like "{i},value-{i}"
    When a client uploads half of the file "big.csv" to "/imp?name=gone&delimiter=," and disconnects
    Then the table "gone" holds 0 rows

  Scenario: an upload larger than one batch imports every row
    Given the file "big.csv" has the header "id,v" and 150000 rows like "{i},{i}.5"
    When I import the file "big.csv" with "name=big&fmt=json"
    Then the import reports 150000 rows imported and 0 rows rejected
    And the table "big" holds 150000 rows

  Scenario: the DOUBLE probe takes NaN, Infinity and -Infinity, case-sensitive, and NaN is stored as null
    Given the file "nan.csv" contains "a,b\n1.5,NaN\nNaN,x\nInfinity,nan\n-Infinity,y\n"
    When I import the file "nan.csv" with "name=nan&fmt=json"
    Then the import columns are "a DOUBLE, b VARCHAR"
    And the table "nan" holds the rows:
      | a         | b   |
      | 1.5       | NaN |
      | null      | x   |
      | Infinity  | nan |
      | -Infinity | y   |

  Scenario: a removed character upper-cases the next kept one, also at the start
    Given the file "c.csv" contains "(x),a b,-y\n1,2,3\n"
    When I import the file "c.csv" with "name=c&fmt=json"
    Then the import columns are "X INT, aB INT, Y INT"

  Scenario: an explicit name is the table name verbatim, so /chk finds it
    Given the file "t.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "t.csv" with "name=t.csv&fmt=json"
    Then the import status is "OK"
    And the JSON field "location" is "\"t.csv\""
    When I GET "/chk?j=t.csv&f=json" on the API listener
    Then the body is "{\"status\":\"Exists\"}"

  Scenario: an empty filename and no name is an invalid table name
    When I POST "/imp?fmt=json" with the content type "multipart/form-data; boundary=XYZ" and the body "--XYZ\r\nContent-Disposition: form-data; name=\"data\"; filename=\"\"\r\n\r\na,b\n1,2\n3,4\n\r\n--XYZ--\r\n"
    Then the status is 200
    And the import status is "invalid table name [table=]"

  Scenario Outline: a bad schema part has QuestDB's texts
    Given the file "t.csv" contains "a,b\n1,2\n3,4\n"
    When I import the file "t.csv" with "name=s&fmt=json" and the schema:
      """
      <schema>
      """
    Then the import status is "<status>"
    And storage has no table "s"

    Examples:
      | schema                       | status                  |
      | [{"name":"a","type":"INT"}   | Unterminated array      |
      | [{"name":"a","type":"INT"    | Unterminated object     |
      | [x]                          | Unexpected symbol       |
      | {"name":"a","type":"INT"}    | Unexpected object       |
      | [1]                          | Must be an object       |
      | [{"type":"INT"}]             | Missing 'name' property |
      | [{"name":"a"}]               | Missing 'type' property |
      | [{"name":"a","type":"NOPE"}] | Invalid type            |
