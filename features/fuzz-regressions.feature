Feature: What the fuzzers found, kept answered as QuestDB answers
  The differential SQL fuzzer (svc against DuckDB with QuestDB's semantics) and the value round-trip fuzzer
  (every type's edge values through every ingest path and output) each found these; every scenario failed
  before its fix. docs/fuzzing.md tells how the fuzzers run and what they compare.

  Background:
    Given the SQL statements ran:
      """
      CREATE TABLE n (id LONG, b BYTE, sh SHORT, i INT, l LONG, f FLOAT, d DOUBLE);
      INSERT INTO n VALUES (1, -128, -32768, 5, -9223372036854775807L, 1.5, 0.1), (2, 3, 4, null, null, null, null);
      CREATE TABLE c (id LONG, i INT, l LONG, d DOUBLE, s STRING, sym SYMBOL, ts TIMESTAMP);
      INSERT INTO c VALUES (1, null, null, cast('Infinity' as double), null, null, null), (2, 5, 5L, 0.1, 'a', 'a', '2024-01-01'), (3, 7, 9L, cast('NaN' as double), 'b', 'b', '2024-01-02')
      """

  Scenario: functions and operators keep QuestDB's result types (its overload priorities)
    Then these queries answer the column types:
      | query                                                                          | types                                       |
      | SELECT avg(i), avg(sh), avg(b), sum(b), sum(f), avg(l) FROM n                  | DOUBLE, DOUBLE, DOUBLE, LONG, FLOAT, DOUBLE |
      | SELECT -b, -sh, abs(sh), abs(b), sign(l), sign(b) FROM n                       | BYTE, SHORT, SHORT, SHORT, LONG, BYTE       |
      | SELECT floor(i), floor(l), f + l, f + i, min(b), max(sh) FROM n                | FLOAT, DOUBLE, DOUBLE, FLOAT, INT, INT      |
      | SELECT lag(i) OVER (ORDER BY id), max(sh) OVER () FROM n                       | LONG, LONG                                  |
    And these queries answer the datasets:
      | query                                                                          | dataset                                                          |
      | SELECT avg(i), avg(sh), avg(b), sum(b), sum(f) FROM n                          | [[5.0,-16382.0,-62.5,-125,1.5]]                                  |
      | SELECT -b, -sh, abs(sh), abs(b) FROM n WHERE id = 1                            | [[-128,-32768,-32768,128]]                                       |

  Scenario: comparisons are two-valued: two NULLs are equal, so <= and >= hold for them
    Then these queries answer the datasets:
      | query                                                    | dataset   |
      | SELECT id FROM c WHERE i <= null                         | [[1]]     |
      | SELECT id FROM c WHERE null >= l                         | [[1]]     |
      | SELECT id FROM c WHERE s <= cast(null as string)         | [[1]]     |
      | SELECT id FROM c WHERE ts >= cast(null as timestamp)     | [[1]]     |
      | SELECT id FROM c WHERE i < null OR i > null              | []        |
      | SELECT id FROM n WHERE b IN (128, 3)                     | [[2]]     |
      | SELECT id FROM n WHERE b IN (cast(null as int), 3)       | [[2]]     |

  Scenario: doubles are equal within 1e-10, and NaN and ±Infinity are NULL
    Then these queries answer the datasets:
      | query                                                    | dataset       |
      | SELECT id FROM c WHERE d = null                          | [[1],[3]]     |
      | SELECT id FROM c WHERE d IS NULL                         | [[1],[3]]     |
      | SELECT id FROM c WHERE d = 0.10000000001                 | [[2]]         |
      | SELECT id FROM c WHERE d < 0.10000000001                 | []            |
      | SELECT id FROM c WHERE d IN (0.10000000001, 7.0)         | [[2]]         |
      | SELECT id FROM c WHERE d IN (cast(null as double))       | [[1],[3]]     |
      | SELECT count(d), count(*) FROM c                         | [[1,3]]       |

  Scenario: a quotient that is not finite is NULL, and round is Java's Math.round
    Then these queries answer the datasets:
      | query                                                                                      | dataset                                         |
      | SELECT 1.0 / 0, 0.0 / 0, cast('Infinity' as double) / 2, 5 % 0, -7 / 2, -7 % 3             | [[null,null,null,null,-3,-1]]                   |
      | SELECT round(-2.5), round(2.5), round(-0.4), round(1e300), round(cast('Infinity' as double)) | [[-2.0,3.0,0.0,9.223372036854776E18,null]]     |
      | SELECT -1L / 11, -11L % 11, count_distinct(x / -5) FROM long_sequence(4)                    | [[0,0,1]]                                       |

  Scenario: a zero product or negation of LONGs is 0, not -0, so it counts and groups as 0
    Given the SQL statements ran:
      """
      CREATE TABLE z (id LONG, k SHORT, i INT);
      INSERT INTO z VALUES (0L, 8, -3), (1L, -32768, -9), (2L, 5, 0)
      """
    Then these queries answer the datasets:
      | query                                                                                      | dataset       |
      | SELECT count_distinct((cast((i / k) as long) * (id + k))) FROM z                           | [[1]]         |
      | SELECT count_distinct(-(id * 0)), count_distinct(id * 0 * -1) FROM z                       | [[1,1]]       |
      | SELECT id * 0 * -1 p, count() FROM z ORDER BY p                                            | [[0,3]]       |

  Scenario: a FLOAT compares as a DOUBLE, and a FLOAT quotient that overflows is NULL
    Given the SQL statements ran:
      """
      CREATE TABLE fl (f FLOAT, i INT, sh SHORT);
      INSERT INTO fl VALUES (cast(1.4e-45 as float), -1836325821, 32767), (cast(-1836325760 as float), -1836325821, 1)
      """
    Then these queries answer the datasets:
      | query                                                      | dataset                                                   |
      | SELECT sh / f, f > i, f = i FROM fl                        | [[null,true,false],[-5.4456567E-10,true,false]]           |

  Scenario: a NULL key joins a NULL key, and LATEST ON keeps the NULL symbol
    Given the SQL statements ran:
      """
      CREATE TABLE ja (k LONG, s SYMBOL, v INT);
      CREATE TABLE jb (k LONG, s SYMBOL, w INT);
      INSERT INTO ja VALUES (null, null, 1), (1, 'x', 2);
      INSERT INTO jb VALUES (null, null, 10), (1, 'x', 20), (null, 'x', 30);
      CREATE TABLE lt (ts TIMESTAMP, s SYMBOL, v INT) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO lt VALUES ('2024-01-01T00:00:00.000000Z', null, 1), ('2024-01-02T00:00:00.000000Z', 'a', 2), ('2024-01-03T00:00:00.000000Z', 'b', 3)
      """
    Then these queries answer the datasets:
      | query                                                                               | dataset                    |
      | SELECT a.v, b.w FROM ja a JOIN jb b ON a.k = b.k ORDER BY 1, 2                      | [[1,10],[1,30],[2,20]]     |
      | SELECT a.v, b.w FROM ja a LEFT JOIN jb b ON a.k = b.k AND a.s = b.s ORDER BY 1, 2   | [[1,10],[2,20]]            |
      | SELECT v FROM lt LATEST ON ts PARTITION BY s                                        | [[1],[2],[3]]              |
      | SELECT v FROM lt WHERE s IN ('a', 'zz')                                             | [[2]]                      |
      | SELECT v FROM lt WHERE s NOT IN ('zz')                                              | [[1],[2],[3]]              |

  Scenario: LONGs next to the NULL sentinel are values, and exact LONGs count and group exactly
    Given the SQL statements ran:
      """
      CREATE TABLE lg (id LONG, ts TIMESTAMP, l LONG, tn TIMESTAMP_NS) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO lg VALUES (1, '2024-01-01', -9223372036854775807L, null), (2, '2024-01-02', -9223372036854775806L, '2024-01-01T03:00:00.000000719Z'), (3, '2024-01-03', null, null), (4, '2024-01-04', 6401251785597550145L, null), (5, '2024-01-05', 4294967296L, null)
      """
    Then these queries answer the datasets:
      | query                                                                   | dataset                                                                                                   |
      | SELECT cast(l as double), l IS NULL FROM lg WHERE id < 4 ORDER BY id     | [[-9.223372036854776E18,false],[-9.223372036854776E18,false],[null,true]]                                 |
      | SELECT l, count() FROM lg WHERE id < 4 ORDER BY l                       | [[null,1],[-9223372036854775807,1],[-9223372036854775806,1]]                                              |
      | SELECT count(l), count_distinct(l) FROM lg                              | [[4,4]]                                                                                                   |
      | SELECT count_distinct(l) FROM lg WHERE id > 3                           | [[2]]                                                                                                     |
      | SELECT tn, count() FROM lg ORDER BY tn                                  | [[null,4],["2024-01-01T03:00:00.000000719Z",1]]                                                           |
      | SELECT max(l) OVER (), min(l) OVER (PARTITION BY id) FROM lg WHERE id > 3 ORDER BY id | [[6401251785597550145,6401251785597550145],[6401251785597550145,4294967296]]                |

  Scenario: timestamps past 2255 stay exact and a year past 9999 prints as QuestDB prints it
    Given the SQL statements ran:
      """
      CREATE TABLE top (id LONG);
      INSERT INTO top VALUES (1);
      ALTER TABLE top ADD COLUMN tn TIMESTAMP_NS
      """
    Then these queries answer the datasets:
      | query                                                                                   | dataset                               |
      | SELECT dateadd('y', 336, cast('2040-09-01T12:56:33.811617Z' as timestamp))              | [["2376-09-01T12:56:33.811617Z"]]     |
      | SELECT dateadd('h', 2147483646, cast('1969-12-31T23:59:59.999999Z' as timestamp))       | [["246953-10-09T05:59:59.999999Z"]]   |
      | SELECT dateadd('w', 28, cast('9999-12-31T23:59:59.999999Z' as timestamp))               | [["10000-07-14T23:59:59.999999Z"]]    |
      | SELECT * FROM top                                                                       | [[1,null]]                            |

  Scenario: window functions tell a NULL key from an empty one, and run over no rows
    Given the SQL statements ran:
      """
      CREATE TABLE w (id LONG, v VARCHAR, ts TIMESTAMP);
      INSERT INTO w VALUES (1, null, null), (2, '', null), (3, '', null);
      CREATE TABLE e (id LONG, ts TIMESTAMP)
      """
    Then these queries answer the datasets:
      | query                                                                                          | dataset                         |
      | SELECT id, count() OVER (PARTITION BY v), row_number() OVER (PARTITION BY v ORDER BY id) FROM w ORDER BY id | [[1,1,1],[2,2,1],[3,2,2]] |
      | SELECT id, last_value(dateadd('M', 1, ts)) OVER (ORDER BY id) FROM e                           | []                              |

  Scenario: a STRING's length counts UTF-16 units, a VARCHAR's code points
    Then these queries answer the datasets:
      | query                                                                                                     | dataset     |
      | SELECT length(cast('a𝄞' as string)), length(cast('a𝄞' as varchar)), length(cast('a𝄞' as symbol))          | [[3,2,3]]   |

  Scenario: CSV import converts into GEOHASH, DECIMAL and ARRAY columns and keeps timestamps after 2255 exact
    Given the SQL statements ran:
      """
      CREATE TABLE imp (g GEOHASH(4c), g60 GEOHASH(60b), dec DECIMAL(18,4), a DOUBLE[][], ts TIMESTAMP, t STRING)
      """
    And the file "imp.csv" contains:
      """
      g,g60,dec,a,ts,t
      u33d,u33d8b12x0jq,12.3400,"[[1.0,2.0],[3.0,4.0]]",9999-12-31T23:59:59.999999Z,	x y 
      """
    When I import the file "imp.csv" with "name=imp&fmt=json&atomicity=abort"
    Then the JSON field "status" is "\"OK\""
    And these queries answer the datasets:
      | query                                                       | dataset                                                                                                                                    |
      | SELECT g, g60, dec, a, cast(ts as long), length(trim(t)) FROM imp | [["u33d","110100001100011011000100001010000010001011101000001000110110","12.3400",[[1.0,2.0],[3.0,4.0]],253402300799999999,4]] |

  Scenario: Arrow carries two-dimensional arrays and geohashes above 53 bits, JSON and CSV keep -0.0
    Given the SQL statements ran:
      """
      CREATE TABLE arr (a DOUBLE[][], g GEOHASH(60b));
      INSERT INTO arr VALUES (ARRAY[[1.0, 2.0], [3.0, 4.0]], ##111111111111111111111111111111111111111111111111111111111111)
      """
    When I GET "/exp?fmt=arrow&query=arr" on the API listener
    Then the status is 200
    And the Arrow body column "g" holds "111111111111111111111111111111111111111111111111111111111111"
    And these queries answer the datasets:
      | query                                                                        | dataset              |
      | SELECT -0.0::float, cast('-0.0' as float), -0.0 FROM long_sequence(1)        | [[-0.0,-0.0,-0.0]]   |
    When I GET "/exp?query=SELECT%20-0.0%20d,%20-0.0::float%20f" on the API listener
    Then the CSV body is:
      """
      "d","f"
      -0.0,-0.0
      """

  Scenario: NOT IN on the designated timestamp with a value after 2255 reads each row once
    Given the SQL statements ran:
      """
      CREATE TABLE tsn (id LONG, ts TIMESTAMP) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO tsn VALUES (81, '2027-06-25T06:48:59.164032Z'), (82, '2027-06-25T06:48:59.164047Z'), (83, '9999-12-31T23:59:59.999999Z')
      """
    Then these queries answer the datasets:
      | query                                                                                                   | dataset        |
      | SELECT id FROM tsn WHERE ts NOT IN ('2027-06-25T06:48:59.164047Z', '9999-12-31T23:59:59.999999Z')       | [[81]]         |
      | SELECT id FROM tsn WHERE ts NOT IN ('9999-12-31T23:59:59.999999Z', '1970-01-01', '2030-01-01')          | [[81],[82]]    |
      | SELECT count() FROM tsn WHERE ts != '2027-06-25T06:48:59.164047Z' AND ts != '9999-12-31T23:59:59.999998Z' | [[2]]        |

  Scenario: aggregates that differ only in a NULL or a 'null' text constant are computed apart
    Given the SQL statements ran:
      """
      CREATE TABLE cnul (ts TIMESTAMP, k SYMBOL, s STRING) TIMESTAMP(ts) PARTITION BY DAY;
      INSERT INTO cnul VALUES ('2024-01-31T07:00:00.000000Z', null, null), ('2024-01-31T08:00:00.000000Z', null, 'b')
      """
    Then these queries answer the datasets:
      | query                                                                                                            | dataset              |
      | SELECT min(coalesce(k, cast(null as STRING))) a, min(coalesce(k, cast('null' as string))) b FROM cnul            | [[null,"null"]]      |
      | SELECT min(coalesce(k, cast('null' as string))) b, min(coalesce(k, cast(null as STRING))) a FROM cnul            | [["null",null]]      |
      | SELECT count(coalesce(s, null)) a, count(coalesce(s, 'null')) b FROM cnul                                        | [[1,2]]              |
      | SELECT coalesce(s, 'null') v, count() c FROM cnul GROUP BY coalesce(s, 'null') ORDER BY v                        | [["b",1],["null",1]] |
