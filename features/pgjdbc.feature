Feature: pgjdbc, the JDBC driver of DBeaver, DataGrip and Java applications
  pgjdbc from Debian (libpostgresql-jdbc-java) against the PostgreSQL listener, as a Java program compiled
  when the scenario runs: its DatabaseMetaData calls — the catalog queries a database browser sends to
  list catalogs, schemas, tables, columns, keys, indexes, types and functions — answer without errors, and
  every svc type makes the round trip through a PreparedStatement, values and NULLs.

  Background:
    Given the SQL statements ran:
      """
      CREATE TABLE trades (ts TIMESTAMP, sym SYMBOL, price DOUBLE, qty LONG) TIMESTAMP(ts) PARTITION BY DAY;
      CREATE TABLE notes (id INT, body VARCHAR, flag CHAR)
      """

  Scenario: every DatabaseMetaData call a database browser makes answers with svc's objects
    When Java runs:
      """
      import java.sql.*;
      import java.util.*;

      public class Main {
        static List<String> rows(ResultSet rs, String... columns) throws SQLException {
          List<String> out = new ArrayList<>();
          while (rs.next()) {
            StringJoiner j = new StringJoiner(" ");
            for (String c : columns) j.add(String.valueOf(rs.getString(c)));
            out.add(j.toString());
          }
          return out;
        }

        public static void main(String[] args) throws Exception {
          try (Connection c = DriverManager.getConnection("jdbc:postgresql://{host}:{port}/qdb", "admin", "quest")) {
            DatabaseMetaData m = c.getMetaData();
            System.out.println("catalogs: " + rows(m.getCatalogs(), "TABLE_CAT"));
            System.out.println("schemas: " + rows(m.getSchemas(), "TABLE_SCHEM"));
            System.out.println("tables: " + rows(m.getTables(null, "public", "%", new String[] {"TABLE"}), "TABLE_NAME", "TABLE_TYPE"));
            for (String col : rows(m.getColumns(null, "public", "notes", "%"), "COLUMN_NAME", "TYPE_NAME", "DATA_TYPE", "COLUMN_SIZE", "IS_NULLABLE", "ORDINAL_POSITION")) {
              System.out.println("column: " + col);
            }
            System.out.println("primary keys: " + rows(m.getPrimaryKeys(null, "public", "trades"), "COLUMN_NAME"));
            System.out.println("index info: " + rows(m.getIndexInfo(null, "public", "trades", false, true), "INDEX_NAME"));
            System.out.println("imported keys: " + rows(m.getImportedKeys(null, "public", "trades"), "FK_NAME"));
            System.out.println("exported keys: " + rows(m.getExportedKeys(null, "public", "trades"), "FK_NAME"));
            List<String> types = rows(m.getTypeInfo(), "TYPE_NAME");
            System.out.println("type info has the types svc sends: "
              + types.containsAll(List.of("bool", "int2", "int4", "int8", "float4", "float8", "bpchar", "varchar", "timestamp", "uuid", "bytea", "numeric", "_float8")));
            System.out.println("functions: " + new TreeSet<>(rows(m.getFunctions(null, null, "abs"), "FUNCTION_SCHEM", "FUNCTION_NAME", "FUNCTION_TYPE")));
            System.out.println("aggregate listed as a function: " + rows(m.getFunctions(null, "pg_catalog", "sum"), "FUNCTION_NAME").size());
            try (ResultSet r = c.createStatement().executeQuery("SELECT flag, 'x'::char lit FROM notes")) {
              ResultSetMetaData md = r.getMetaData();
              System.out.println("CHAR result columns: " + md.getColumnTypeName(1) + " " + md.getPrecision(1) + ", " + md.getColumnTypeName(2) + " " + md.getPrecision(2));
            }
          }
        }
      }
      """
    Then it prints:
      """
      catalogs: [qdb]
      schemas: [information_schema, pg_catalog, public]
      tables: [notes TABLE, trades TABLE]
      column: id int4 4 10 YES 1
      column: body varchar 12 2147483647 YES 2
      column: flag bpchar 1 1 YES 3
      primary keys: []
      index info: []
      imported keys: []
      exported keys: []
      type info has the types svc sends: true
      functions: [pg_catalog abs 1]
      aggregate listed as a function: 0
      CHAR result columns: bpchar 1, bpchar 1
      """

  Scenario: every svc type makes the round trip through a PreparedStatement, values and NULLs
    When Java runs:
      """
      import java.math.BigDecimal;
      import java.sql.*;
      import java.util.*;

      public class Main {
        public static void main(String[] args) throws Exception {
          try (Connection c = DriverManager.getConnection("jdbc:postgresql://{host}:{port}/qdb", "admin", "quest")) {
            try (Statement s = c.createStatement()) {
              s.execute("CREATE TABLE every_type (b BOOLEAN, bt BYTE, sh SHORT, ch CHAR, i INT, l LONG, f FLOAT, d DOUBLE, dt DATE, ts TIMESTAMP, tn TIMESTAMP_NS, "
                + "sym SYMBOL, str STRING, vc VARCHAR, u UUID, ip IPV4, l256 LONG256, bin BINARY, g GEOHASH(4c), arr DOUBLE[], dec DECIMAL(18,3), k INT)");
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO every_type VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
              p.setBoolean(1, true); p.setByte(2, (byte) 7); p.setShort(3, (short) -300); p.setString(4, "x"); p.setInt(5, 123456);
              p.setLong(6, 9007199254740993L); p.setFloat(7, 1.5f); p.setDouble(8, 2.25);
              p.setTimestamp(9, Timestamp.valueOf("2024-01-02 03:04:05.678")); p.setTimestamp(10, Timestamp.valueOf("2024-01-02 03:04:05.123456"));
              p.setTimestamp(11, Timestamp.valueOf("2024-01-02 03:04:05.123456"));
              p.setString(12, "sym1"); p.setString(13, "str é"); p.setString(14, "varchar ü");
              p.setObject(15, UUID.fromString("11111111-2222-3333-4444-555555555555")); p.setString(16, "10.0.0.1");
              p.setString(17, "0x01"); p.setBytes(18, new byte[] {1, 2, 3}); p.setString(19, "u33d");
              p.setObject(20, "{1.0,2.5}", Types.OTHER); p.setBigDecimal(21, new BigDecimal("12.345")); p.setInt(22, 1);
              System.out.println("values inserted: " + p.executeUpdate());
              for (int k = 1; k <= 21; k++) p.setNull(k, Types.NULL);
              p.setInt(22, 2);
              System.out.println("nulls inserted: " + p.executeUpdate());
            }
            try (PreparedStatement q = c.prepareStatement("SELECT * FROM every_type WHERE k = ?")) {
              for (int k = 1; k <= 2; k++) {
                q.setInt(1, k);
                try (ResultSet r = q.executeQuery()) {
                  r.next();
                  List<String> got = new ArrayList<>();
                  got.add(r.getBoolean(1) + (r.wasNull() ? "?" : ""));
                  got.add(r.getByte(2) + (r.wasNull() ? "?" : ""));
                  got.add(r.getShort(3) + (r.wasNull() ? "?" : ""));
                  got.add(r.getString(4));
                  got.add(r.getInt(5) + (r.wasNull() ? "?" : ""));
                  got.add(r.getLong(6) + (r.wasNull() ? "?" : ""));
                  got.add(r.getFloat(7) + (r.wasNull() ? "?" : ""));
                  got.add(r.getDouble(8) + (r.wasNull() ? "?" : ""));
                  for (int t = 9; t <= 11; t++) got.add(String.valueOf(r.getTimestamp(t)));
                  for (int t = 12; t <= 14; t++) got.add(r.getString(t));
                  got.add(String.valueOf(r.getObject(15, UUID.class)));
                  got.add(r.getString(16));
                  got.add(r.getString(17));
                  byte[] bin = r.getBytes(18);
                  got.add(bin == null ? "null" : Arrays.toString(bin));
                  got.add(r.getString(19));
                  Array arr = r.getArray(20);
                  got.add(arr == null ? "null" : Arrays.toString((Object[]) arr.getArray()));
                  got.add(String.valueOf(r.getBigDecimal(21)));
                  System.out.println(String.join(" | ", got));
                }
              }
            }
          }
        }
      }
      """
    Then it prints:
      """
      values inserted: 1
      nulls inserted: 1
      true | 7 | -300 | x | 123456 | 9007199254740993 | 1.5 | 2.25 | 2024-01-02 03:04:05.678 | 2024-01-02 03:04:05.123456 | 2024-01-02 03:04:05.123456 | sym1 | str é | varchar ü | 11111111-2222-3333-4444-555555555555 | 10.0.0.1 | 0x01 | [1, 2, 3] | u33d | [1.0, 2.5] | 12.345
      false | 0 | 0 | null | 0? | 0? | 0.0? | 0.0? | null | null | null | null | null | null | null | null | null | null | null | null | null
      """

  Scenario: DOUBLE[] binds as a java.sql.Array from createArrayOf("float8", …) in INSERT, UPDATE and SELECT, in both query modes
    When Java runs:
      """
      import java.sql.*;
      import java.util.*;
      import org.postgresql.PGConnection;

      public class Main {
        static String text(Array a) throws SQLException {
          return a == null ? "null" : Arrays.deepToString((Object[]) a.getArray());
        }

        public static void main(String[] args) throws Exception {
          try (Connection c = DriverManager.getConnection("jdbc:postgresql://{host}:{port}/qdb", "admin", "quest")) {
            try (Statement s = c.createStatement()) {
              s.execute("CREATE TABLE arrays (k INT, a DOUBLE[], g DOUBLE[][], ts TIMESTAMP) TIMESTAMP(ts) PARTITION BY DAY");
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO arrays VALUES (?, ?, ?, ?)")) {
              p.setInt(1, 1);
              p.setArray(2, c.createArrayOf("float8", new Double[] {1.0, 2.5, -3.0}));
              p.setArray(3, c.createArrayOf("float8", new Double[][] {{1.0, 2.0}, {3.0, 4.0}}));
              p.setTimestamp(4, Timestamp.valueOf("2024-01-01 00:00:00"));
              System.out.println("boxed inserted: " + p.executeUpdate());
              p.setInt(1, 2);
              p.setArray(2, c.unwrap(PGConnection.class).createArrayOf("float8", new double[] {0.5}));
              p.setArray(3, c.unwrap(PGConnection.class).createArrayOf("float8", new double[][] {{5.0}, {6.0}}));
              p.setTimestamp(4, Timestamp.valueOf("2024-01-01 00:00:01"));
              System.out.println("primitive inserted: " + p.executeUpdate());
              p.setInt(1, 3);
              p.setNull(2, Types.ARRAY);
              p.setNull(3, Types.ARRAY);
              p.setTimestamp(4, Timestamp.valueOf("2024-01-01 00:00:02"));
              System.out.println("null inserted: " + p.executeUpdate());
            }
            try (PreparedStatement u = c.prepareStatement("UPDATE arrays SET a = ? WHERE k = ?")) {
              u.setArray(1, c.createArrayOf("float8", new Double[] {9.0, 8.0}));
              u.setInt(2, 1);
              System.out.println("updated: " + u.executeUpdate());
            }
            try (PreparedStatement q = c.prepareStatement("SELECT k, a, g FROM arrays ORDER BY k");
                 ResultSet r = q.executeQuery()) {
              while (r.next()) System.out.println(r.getInt(1) + " | " + text(r.getArray(2)) + " | " + text(r.getArray(3)));
            }
            try (PreparedStatement q = c.prepareStatement("SELECT ?::double[] echo, k FROM arrays WHERE k = ?")) {
              q.setArray(1, c.createArrayOf("float8", new Double[] {7.0, 7.5}));
              q.setInt(2, 2);
              try (ResultSet r = q.executeQuery()) {
                while (r.next()) System.out.println("echo: " + text(r.getArray(1)) + " for k=" + r.getInt(2));
              }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO arrays (k, a, ts) VALUES (4, ?, '2024-01-01T00:00:03')")) {
              p.setArray(1, c.createArrayOf("float8", new Double[] {1.0, null}));
              System.out.println("null element inserted: " + p.executeUpdate());
              try (ResultSet r = c.createStatement().executeQuery("SELECT a, array_count(a) FROM arrays WHERE k = 4")) {
                r.next();
                System.out.println("null element reads back: " + text(r.getArray(1)) + ", counted " + r.getInt(2));
              }
            } catch (SQLException e) {
              System.out.println("null element: " + e.getSQLState() + " " + e.getMessage());
            }
          }
          // The simple query mode inlines an Array as quoted text, '{"1.0","2.0"}', with no type: INSERT and UPDATE read it.
          try (Connection c = DriverManager.getConnection("jdbc:postgresql://{host}:{port}/qdb?preferQueryMode=simple", "admin", "quest")) {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO arrays (k, a, g, ts) VALUES (5, ?, ?, '2024-01-01T00:00:04')")) {
              p.setArray(1, c.createArrayOf("float8", new Double[] {1.0, 2.0}));
              p.setArray(2, c.createArrayOf("float8", new Double[][] {{1.0}, {2.0}}));
              System.out.println("simple mode inserted: " + p.executeUpdate());
            }
            try (PreparedStatement u = c.prepareStatement("UPDATE arrays SET a = ? WHERE k = 5")) {
              u.setArray(1, c.createArrayOf("float8", new Double[] {3.0}));
              System.out.println("simple mode updated: " + u.executeUpdate());
            }
            try (ResultSet r = c.createStatement().executeQuery("SELECT a, g FROM arrays WHERE k = 5")) {
              while (r.next()) System.out.println("simple mode reads back: " + text(r.getArray(1)) + " | " + text(r.getArray(2)));
            }
          }
        }
      }
      """
    Then it prints:
      """
      boxed inserted: 1
      primitive inserted: 1
      null inserted: 1
      updated: 1
      1 | [9.0, 8.0] | [[1.0, 2.0], [3.0, 4.0]]
      2 | [0.5] | [[5.0], [6.0]]
      3 | null | null
      echo: [7.0, 7.5] for k=2
      null element inserted: 1
      null element reads back: [1.0, null], counted 1
      simple mode inserted: 1
      simple mode updated: 1
      simple mode reads back: [3.0] | [[1.0], [2.0]]
      """
