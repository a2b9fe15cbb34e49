Feature: PostgreSQL wire protocol: psql and Python clients
  Debian's psql and Python's psycopg, psycopg2, pandas and SQLAlchemy connect to the PostgreSQL listener
  with their own catalog queries and read the same tables /exec serves. psql's \dt, \d, \l and \dn list
  the tables from svc's pg_catalog (pg-catalog.feature has \d+, \dt+, \df, \du, \l+); SQLAlchemy reflects
  tables through it.

  Background:
    Given a PostgreSQL client connected as "admin" with password "quest"
    And the PostgreSQL client has run:
      """
      CREATE TABLE trades (ts TIMESTAMP, sym SYMBOL, price DOUBLE, qty LONG) TIMESTAMP(ts) PARTITION BY DAY
      INSERT INTO trades VALUES ('2024-01-01T00:00:01Z', 'BTC', 42000.5, 2), ('2024-01-01T00:00:02Z', 'ETH', 2500.25, 10)
      """

  Scenario: psql \dt lists the tables
    When psql runs "\dt"
    Then it prints:
      """
              List of relations
       Schema |  Name  | Type  | Owner 
      --------+--------+-------+-------
       public | trades | table | admin
      (1 row)
      """

  Scenario: psql \d describes a table's columns with their PostgreSQL types
    When psql runs "\d trades"
    Then it prints:
      """
                               Table "public.trades"
       Column |            Type             | Collation | Nullable | Default 
      --------+-----------------------------+-----------+----------+---------
       ts     | timestamp without time zone |           | not null | 
       sym    | character varying           |           |          | 
       price  | double precision            |           |          | 
       qty    | bigint                      |           |          | 
      """

  Scenario: psql \l and \dn list the database and the schema
    When psql runs "\l"
    Then it prints:
      """
                                            List of databases
       Name | Owner | Encoding | Collate | Ctype | ICU Locale | Locale Provider | Access privileges 
      ------+-------+----------+---------+-------+------------+-----------------+-------------------
       qdb  | admin | UTF8     | C       | C     |            | libc            | 
      (1 row)
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

  Scenario: psql runs a SELECT
    When psql runs "SELECT * FROM trades"
    Then it prints:
      """
               ts          | sym |  price  | qty 
      ---------------------+-----+---------+-----
       2024-01-01 00:00:01 | BTC | 42000.5 |   2
       2024-01-01 00:00:02 | ETH | 2500.25 |  10
      (2 rows)
      """

  Scenario: psql shows a syntax error with a caret under the offending token
    When psql runs "SELECT * FROM trades WHERE price = = 1"
    Then it prints:
      """
      ERROR:  unexpected token [=]
      LINE 1: SELECT * FROM trades WHERE price = = 1
                                                 ^
      """

  Scenario: psycopg inserts with parameters and reads the rows back with their Python types
    When Python runs:
      """
      import datetime, psycopg
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb") as conn:
          cur = conn.cursor()
          cur.execute("INSERT INTO trades VALUES (%s, %s, %s, %s)", (datetime.datetime(2024, 1, 1, 0, 0, 3, 500000), "SOL", 101.5, 7))
          conn.commit()
          cur.execute("SELECT ts, sym, price, qty FROM trades WHERE sym = %s AND qty > %s", ("SOL", 5))
          for row in cur.fetchall():
              print(repr(row))
      """
    Then it prints:
      """
      (datetime.datetime(2024, 1, 1, 0, 0, 3, 500000), 'SOL', 101.5, 7)
      """

  Scenario: pandas.read_sql reads a query through SQLAlchemy and through a psycopg connection
    When Python runs:
      """
      import pandas, psycopg, sqlalchemy
      engine = sqlalchemy.create_engine("postgresql+psycopg2://admin:quest@{host}:{port}/qdb")
      frame = pandas.read_sql("SELECT sym, price, qty FROM trades ORDER BY ts", engine)
      print(frame.to_string(index=False))
      print(list(frame.dtypes.astype(str)))
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb") as conn:
          print(pandas.read_sql("SELECT count() AS n FROM trades WHERE price > %(p)s", conn, params={"p": 3000}).to_string(index=False))
      """
    Then it prints:
      """
      sym    price  qty
      BTC 42000.50    2
      ETH  2500.25   10
      ['object', 'float64', 'int64']
       n
       1
      """

  Scenario: SQLAlchemy reflects a table, and pandas.read_sql_table reads it whole
    When Python runs:
      """
      import pandas, sqlalchemy
      engine = sqlalchemy.create_engine("postgresql+psycopg2://admin:quest@{host}:{port}/qdb")
      inspector = sqlalchemy.inspect(engine)
      print(inspector.get_table_names())
      print([(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns("trades")])
      print(inspector.get_pk_constraint("trades")["constrained_columns"], inspector.get_foreign_keys("trades"), inspector.get_indexes("trades"))
      print(pandas.read_sql_table("trades", engine).to_string(index=False))
      """
    Then it prints:
      """
      ['trades']
      [('ts', 'TIMESTAMP', False), ('sym', 'VARCHAR', True), ('price', 'DOUBLE_PRECISION', True), ('qty', 'BIGINT', True)]
      [] [] []
                       ts sym    price  qty
      2024-01-01 00:00:01 BTC 42000.50    2
      2024-01-01 00:00:02 ETH  2500.25   10
      """
