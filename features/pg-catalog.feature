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
      | column | type      |
      | ts     | timestamp |
      | sym    | symbol    |
      | price  | double    |
      | qty    | long      |

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
