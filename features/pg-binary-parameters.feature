Feature: PostgreSQL binary parameters are checked against the bytes that carry them
  A Bind value in binary format is decoded by its declared type. A value shorter than its type or its own
  length fields say is SQLSTATE 08P01 (insufficient data left in message); bytes left over, or a field no
  value can have, is 22P03 (incorrect binary data format), as PostgreSQL's receive functions answer. An
  array's shape is checked before its elements: too many dimensions or elements is 54000, another element
  type 42804. Text must be UTF-8 (22021). None of them is an internal error: the connection carries on
  after Sync, and no unhandled error is counted.

  Scenario Outline: a <what> <type> is refused with <code>
    When a logged-in client binds the binary value "<bytes>" for a parameter of type <oid> in "SELECT $1 v"
    Then the client gets an error with SQLSTATE "<code>" and the connection stays usable
    And no unhandled error was counted

    Examples:
      | what                         | type        | oid  | bytes                                                 | code  |
      | truncated                    | int2        | 21   | 00                                                    | 08P01 |
      | over-long                    | int2        | 21   | 000102                                                | 22P03 |
      | truncated                    | int4        | 23   | 000000                                                | 08P01 |
      | over-long                    | int8        | 20   | 000000000000000001                                    | 22P03 |
      | truncated                    | float4      | 700  | 3f80                                                  | 08P01 |
      | over-long                    | float8      | 701  | 3ff000000000000000                                    | 22P03 |
      | empty                        | bool        | 16   |                                                       | 08P01 |
      | truncated                    | timestamp   | 1114 | 00000000                                              | 08P01 |
      | out-of-range                 | timestamptz | 1184 | 7fffffffffffffff                                      | 22008 |
      | over-long                    | date        | 1082 | 0000000000                                            | 22P03 |
      | truncated                    | uuid        | 2950 | 00112233445566778899aabbccddee                        | 08P01 |
      | lying digit count            | numeric     | 1700 | 0002 0000 0000 0000                                   | 08P01 |
      | bad sign                     | numeric     | 1700 | 0000 0000 1234 0000                                   | 22P03 |
      | digit of 10000               | numeric     | 1700 | 0001 0000 0000 0000 2710                              | 22P03 |
      | non-UTF-8                    | text        | 25   | 6162ff                                                | 22021 |
      | lying element count          | int4[]      | 1007 | 00000001 00000000 00000017 000f4240 00000001          | 08P01 |
      | oversized                    | float8[]    | 1022 | 00000002 00000000 000002bd 00010000 00000001 00010000 00000001 | 54000 |
      | mistyped                     | int4[]      | 1007 | 00000001 00000000 00000019 00000001 00000001 00000001 61 | 42804 |
      | lying element length         | int8[]      | 1016 | 00000001 00000000 00000014 00000001 00000001 00000064 00 | 08P01 |
      | truncated element            | numeric[]   | 1231 | 00000001 00000000 000006a4 00000001 00000001 00000008 0002000000000000 | 08P01 |

  Scenario: well-formed binary values of every decoded type round-trip
    When Python runs:
      """
      import datetime, decimal, uuid, psycopg
      with psycopg.connect("host={host} port={port} user=admin password=quest dbname=qdb") as conn:
          cur = conn.cursor(binary=True)
          values = [True, 7, 2**40, 1.5, decimal.Decimal("12345.678"), datetime.datetime(2024, 1, 2, 3, 4, 5, 6),
                    datetime.date(2024, 1, 2), uuid.UUID("00112233-4455-6677-8899-aabbccddeeff"), b"\x00\xff", "héllo",
                    [1, 2, None], [1.5, 2.5]]
          for v in values:
              cur.execute("SELECT %b v", (v,))
              print(repr(cur.fetchone()[0]))
      """
    Then it prints:
      """
      True
      7
      1099511627776
      1.5
      '12345.678'
      datetime.datetime(2024, 1, 2, 3, 4, 5, 6)
      datetime.datetime(2024, 1, 2, 0, 0)
      UUID('00112233-4455-6677-8899-aabbccddeeff')
      b'\x00\xff'
      'héllo'
      '{1,2,NULL}'
      '{1.5,2.5}'
      """
