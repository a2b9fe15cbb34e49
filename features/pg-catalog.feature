Feature: PostgreSQL wire protocol: the catalog tools read
  pg_catalog and information_schema describe the real tables, so the queries PostgreSQL tools send while
  they connect and browse (Grafana's table and column pickers, SQLAlchemy's and JDBC's start-up, psycopg2's
  type probes) answer with svc's tables and columns.

  Background:
    Given a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE trades (ts TIMESTAMP, sym SYMBOL, price DOUBLE, qty LONG) TIMESTAMP(ts) PARTITION BY DAY
      CREATE TABLE notes (id INT, body VARCHAR)
      """

  Scenario: Grafana's table picker lists the tables of the search path
    When the PostgreSQL client runs:
      """
      SELECT
              CASE WHEN
                    quote_ident(table_schema) IN (
                    SELECT
                      CASE WHEN trim(s[i]) = '"$user"' THEN user ELSE trim(s[i]) END
                    FROM
                      generate_series(
                        array_lower(string_to_array(current_setting('search_path'),','),1),
                        array_upper(string_to_array(current_setting('search_path'),','),1)
                      ) as i,
                      string_to_array(current_setting('search_path'),',') s
                    )
                THEN quote_ident(table_name)
                ELSE quote_ident(table_schema) || '.' || quote_ident(table_name)
              END AS "table"
              FROM information_schema.tables
              WHERE quote_ident(table_schema) NOT IN ('information_schema',
                                       'pg_catalog',
                                       '_timescaledb_cache',
                                       '_timescaledb_catalog',
                                       '_timescaledb_internal',
                                       '_timescaledb_config',
                                       'timescaledb_information',
                                       'timescaledb_experimental')
              ORDER BY CASE WHEN
                    quote_ident(table_schema) IN (
                    SELECT
                      CASE WHEN trim(s[i]) = '"$user"' THEN user ELSE trim(s[i]) END
                    FROM
                      generate_series(
                        array_lower(string_to_array(current_setting('search_path'),','),1),
                        array_upper(string_to_array(current_setting('search_path'),','),1)
                      ) as i,
                      string_to_array(current_setting('search_path'),',') s
                    ) THEN 0 ELSE 1 END, 1
      """
    Then the rows are:
      | table  |
      | notes  |
      | trades |

  Scenario: Grafana's column picker lists a table's columns and types
    When the PostgreSQL client runs:
      """
      SELECT quote_ident(column_name) AS "column", data_type AS "type"
              FROM information_schema.columns
              WHERE
                CASE WHEN array_length(parse_ident('public.trades'),1) = 2
                  THEN quote_ident(table_schema) = (parse_ident('public.trades'))[1]
                    AND quote_ident(table_name) = (parse_ident('public.trades'))[2]
                  ELSE quote_ident(table_name) = 'public.trades'
                    AND
                    quote_ident(table_schema) IN (
                    SELECT
                      CASE WHEN trim(s[i]) = '"$user"' THEN user ELSE trim(s[i]) END
                    FROM
                      generate_series(
                        array_lower(string_to_array(current_setting('search_path'),','),1),
                        array_upper(string_to_array(current_setting('search_path'),','),1)
                      ) as i,
                      string_to_array(current_setting('search_path'),',') s
                    )
                END
      """
    Then the rows are:
      | column | type                        |
      | ts     | timestamp without time zone |
      | sym    | character varying           |
      | price  | double precision            |
      | qty    | bigint                      |

  Scenario: the start-up queries of SQLAlchemy and JDBC answer as PostgreSQL 14
    When the PostgreSQL client runs "SELECT current_setting('server_version_num') v, current_schema() s, current_setting('standard_conforming_strings') scs"
    Then the rows are:
      | v      | s      | scs |
      | 140009 | public | on  |
    When the PostgreSQL client runs "SHOW standard_conforming_strings"
    Then the rows are:
      | standard_conforming_strings |
      | on                          |

  Scenario: SQLAlchemy's table lookup finds a table by name
    When the PostgreSQL client runs "select relname from pg_class c join pg_namespace n on n.oid=c.relnamespace where pg_catalog.pg_table_is_visible(c.oid) and relname='trades'"
    Then the rows are:
      | relname |
      | trades  |

  Scenario: a type lookup by name answers from pg_type (psycopg2's hstore probe finds none)
    When the PostgreSQL client runs "SELECT t.oid, typarray FROM pg_type t JOIN pg_namespace ns ON typnamespace = ns.oid WHERE typname IN ('hstore', 'int4') ORDER BY 1"
    Then the rows are:
      | oid | typarray |
      | 23  | 1007     |

  Scenario: the catalog is SQL like any other: /exec reads it too
    When I query "SELECT relname FROM pg_catalog.pg_class ORDER BY relname"
    Then the dataset is "[[\"notes\"],[\"trades\"]]"

  Scenario: JDBC's DatabaseMetaData.getTables lists the tables
    When the PostgreSQL client runs:
      """
      SELECT NULL AS TABLE_CAT, n.nspname AS TABLE_SCHEM, c.relname AS TABLE_NAME,  CASE n.nspname ~ '^pg_' OR n.nspname = 'information_schema'  WHEN true 
      THEN CASE  WHEN n.nspname = 'pg_catalog' OR n.nspname = 'information_schema' THEN CASE c.relkind   WHEN 'r' THEN 'SYSTEM TABLE'   WHEN 'v' THEN 
      'SYSTEM VIEW'   WHEN 'i' THEN 'SYSTEM INDEX'   ELSE NULL   END  WHEN n.nspname = 'pg_toast' THEN CASE c.relkind   WHEN 'r' THEN 'SYSTEM TOAST TABLE'  
       WHEN 'i' THEN 'SYSTEM TOAST INDEX'   ELSE NULL   END  ELSE CASE c.relkind   WHEN 'r' THEN 'TEMPORARY TABLE'   WHEN 'p' THEN 'TEMPORARY TABLE'   WHEN 
      'i' THEN 'TEMPORARY INDEX'   WHEN 'S' THEN 'TEMPORARY SEQUENCE'   WHEN 'v' THEN 'TEMPORARY VIEW'   ELSE NULL   END  END  WHEN false THEN CASE 
      c.relkind  WHEN 'r' THEN 'TABLE'  WHEN 'p' THEN 'PARTITIONED TABLE'  WHEN 'i' THEN 'INDEX'  WHEN 'P' then 'PARTITIONED INDEX'  WHEN 'S' THEN 
      'SEQUENCE'  WHEN 'v' THEN 'VIEW'  WHEN 'c' THEN 'TYPE'  WHEN 'f' THEN 'FOREIGN TABLE'  WHEN 'm' THEN 'MATERIALIZED VIEW'  ELSE NULL  END  ELSE NULL  
      END  AS TABLE_TYPE, d.description AS REMARKS,  '' as TYPE_CAT, '' as TYPE_SCHEM, '' as TYPE_NAME, '' AS SELF_REFERENCING_COL_NAME, '' AS 
      REF_GENERATION  FROM pg_catalog.pg_namespace n, pg_catalog.pg_class c  LEFT JOIN pg_catalog.pg_description d ON (c.oid = d.objoid AND d.objsubid = 0  
      and d.classoid = 'pg_class'::regclass)  WHERE c.relnamespace = n.oid  AND c.relname LIKE '%'  AND (false  OR ( c.relkind = 'r' AND n.nspname !~ 
      '^pg_' AND n.nspname <> 'information_schema' ) )  ORDER BY TABLE_TYPE,TABLE_SCHEM,TABLE_NAME
      """
    Then the rows are:
      | TABLE_CAT | TABLE_SCHEM | TABLE_NAME | TABLE_TYPE | REMARKS | TYPE_CAT | TYPE_SCHEM | TYPE_NAME | SELF_REFERENCING_COL_NAME | REF_GENERATION |
      | NULL      | public      | notes      | TABLE      | NULL    |          |            |           |                           |                |
      | NULL      | public      | trades     | TABLE      | NULL    |          |            |           |                           |                |

  Scenario: JDBC's DatabaseMetaData.getColumns lists a table's columns with their types
    When the PostgreSQL client runs:
      """
      SELECT * FROM (SELECT n.nspname,c.relname,a.attname,a.atttypid,a.attnotnull OR (t.typtype = 'd' AND t.typnotnull) AS 
      attnotnull,a.atttypmod,a.attlen,t.typtypmod,row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum) AS attnum, nullif(a.attidentity, '') as 
      attidentity,nullif(a.attgenerated, '') as attgenerated,pg_catalog.pg_get_expr(def.adbin, def.adrelid) AS 
      adsrc,dsc.description,t.typbasetype,t.typtype  FROM pg_catalog.pg_namespace n  JOIN pg_catalog.pg_class c ON (c.relnamespace = n.oid)  JOIN 
      pg_catalog.pg_attribute a ON (a.attrelid=c.oid)  JOIN pg_catalog.pg_type t ON (a.atttypid = t.oid)  LEFT JOIN pg_catalog.pg_attrdef def ON 
      (a.attrelid=def.adrelid AND a.attnum = def.adnum)  LEFT JOIN pg_catalog.pg_description dsc ON (c.oid=dsc.objoid AND a.attnum = dsc.objsubid)  LEFT 
      JOIN pg_catalog.pg_class dc ON (dc.oid=dsc.classoid AND dc.relname='pg_class')  LEFT JOIN pg_catalog.pg_namespace dn ON (dc.relnamespace=dn.oid AND 
      dn.nspname='pg_catalog')  WHERE c.relkind in ('r','p','v','f','m') and a.attnum > 0 AND NOT a.attisdropped  AND c.relname LIKE 'trades') c WHERE true 
       ORDER BY nspname,c.relname,attnum
      """
    Then the rows are:
      | nspname | relname | attname | atttypid | attnotnull | atttypmod | attlen | typtypmod | attnum | attidentity | attgenerated | adsrc | description | typbasetype | typtype |
      | public  | trades  | ts      | 1114     | t          | -1        | 8      | -1        | 1      | NULL        | NULL         | NULL  | NULL        | 0           | b       |
      | public  | trades  | sym     | 1043     | f          | -1        | -1     | -1        | 2      | NULL        | NULL         | NULL  | NULL        | 0           | b       |
      | public  | trades  | price   | 701      | f          | -1        | 8      | -1        | 3      | NULL        | NULL         | NULL  | NULL        | 0           | b       |
      | public  | trades  | qty     | 20       | f          | -1        | 8      | -1        | 4      | NULL        | NULL         | NULL  | NULL        | 0           | b       |

  Scenario: DBeaver's keyword probe reads QuestDB's keywords from pg_get_keywords()
    When the PostgreSQL client runs "SELECT count(*) n, min(word) first FROM pg_catalog.pg_get_keywords()"
    Then the rows are:
      | n  | first |
      | 90 | add   |
    When the PostgreSQL client runs "SELECT word FROM pg_get_keywords() WHERE word LIKE 'a%' ORDER BY word"
    Then the rows are:
      | word  |
      | add   |
      | all   |
      | alter |
      | and   |
      | as    |
      | asc   |
      | asof  |

  Scenario: SQL tools match information_schema by current_database() and by PostgreSQL type names
    When the PostgreSQL client runs "SELECT current_database() db, count(*) n FROM information_schema.columns WHERE table_catalog = current_database()"
    Then the rows are:
      | db  | n |
      | qdb | 6 |
    When the PostgreSQL client runs "SELECT table_name, column_name, ordinal_position FROM information_schema.columns WHERE data_type IN ('character varying', 'timestamp without time zone') ORDER BY 1, 3"
    Then the rows are:
      | table_name | column_name | ordinal_position |
      | notes      | body        | 2                |
      | trades     | ts          | 1                |
      | trades     | sym         | 2                |

  Scenario: psql's \d+ describes a table with its storage and access method
    When psql runs "\d+ trades"
    Then it prints:
      """
                                                          Table "public.trades"
       Column |            Type             | Collation | Nullable | Default | Storage  | Compression | Stats target | Description 
      --------+-----------------------------+-----------+----------+---------+----------+-------------+--------------+-------------
       ts     | timestamp without time zone |           | not null |         | plain    |             |              | 
       sym    | character varying           |           |          |         | extended |             |              | 
       price  | double precision            |           |          |         | plain    |             |              | 
       qty    | bigint                      |           |          |         | plain    |             |              | 
      Access method: heap
      """

  Scenario: psql's \dt+ gives each table the size of its column files
    Given the PostgreSQL client has run:
      """
      INSERT INTO trades VALUES ('2024-01-01T00:00:00Z', 'a', 1.5, 10), ('2024-01-02T00:00:00Z', 'b', 2.5, 20)
      """
    When psql runs "\dt+"
    Then it prints:
      """
                                         List of relations
       Schema |  Name  | Type  | Owner | Persistence | Access method |   Size   | Description 
      --------+--------+-------+-------+-------------+---------------+----------+-------------
       public | notes  | table | admin | permanent   | heap          | 0 bytes  | 
       public | trades | table | admin | permanent   | heap          | 56 bytes | 
      (2 rows)
      """
    When the PostgreSQL client runs "SELECT pg_table_size('trades'::regclass) t, pg_total_relation_size('public.trades') total, pg_indexes_size('trades') i, pg_database_size(current_database()) db, pg_size_pretty(123456789) p"
    Then the rows are:
      | t  | total | i | db | p      |
      | 56 | 56    | 0 | 56 | 118 MB |

  Scenario: psql's \df, \du and \l+ list what svc has: no user functions, one role, one database
    When psql runs "\df"
    Then it prints:
      """
                             List of functions
       Schema | Name | Result data type | Argument data types | Type 
      --------+------+------------------+---------------------+------
      (0 rows)
      """
    When psql runs "\du"
    Then it prints:
      """
                             List of roles
       Role name |            Attributes             | Member of 
      -----------+-----------------------------------+-----------
       admin     | Superuser, Create role, Create DB | {}
      """
    When psql runs "\l+"
    Then it prints:
      """
                                                               List of databases
       Name | Owner | Encoding | Collate | Ctype | ICU Locale | Locale Provider | Access privileges |  Size   | Tablespace | Description 
      ------+-------+----------+---------+-------+------------+-----------------+-------------------+---------+------------+-------------
       qdb  | admin | UTF8     | C       | C     |            | libc            |                   | 0 bytes | pg_default | 
      (1 row)
      """

  Scenario: psql's \dv, \di and \dn find no views or indexes and the one schema
    When psql runs "\dv"
    Then it prints:
      """
      Did not find any relations.
      """
    When psql runs "\di"
    Then it prints:
      """
      Did not find any relations.
      """
    When psql runs "\dn"
    Then it prints:
      """
      List of schemas
        Name  | Owner 
      --------+-------
       public | admin
      (1 row)
      """
