Feature: PostgreSQL wire protocol over TLS
  With pg.tls.enabled the listener answers SSLRequest `S` and continues in TLS with the certificate and key
  of pg.tls.cert.path and pg.tls.key.path (PEM, relative to the root); clients that do not ask for TLS still
  connect in clear text. Without TLS, SSLRequest is answered `N`.

  Scenario: with pg.tls.enabled psql connects over TLS, and without TLS it may still connect in clear text
    Given a self-signed certificate and key in the root at "conf/pg.crt" and "conf/pg.key"
    And the environment variable "SVC_PG_TLS_ENABLED" is "true"
    When psql runs "\conninfo" with sslmode "require"
    Then it prints a line starting with "SSL connection (protocol: TLSv1.3"
    When psql runs "SELECT 1 AS one" with sslmode "disable"
    Then it prints:
      """
       one 
      -----
         1
      (1 row)
      """

  Scenario: pg.tls.enabled without a readable certificate stops start-up naming the key
    Given the environment variable "SVC_PG_TLS_ENABLED" is "true"
    When the server starts
    Then start-up fails with a message containing "cannot read the PostgreSQL TLS file [key=pg.tls.cert.path"
