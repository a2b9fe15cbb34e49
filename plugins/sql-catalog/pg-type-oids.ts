/**
 * PostgreSQL type OIDs for svc's column types (RowDescription, pg_attribute.atttypid, pg_type):
 * SYMBOL/STRING/VARCHAR, IPv4, LONG256, GEOHASH and INTERVAL are varchar; TIMESTAMP, TIMESTAMP_NS and
 * DATE are timestamp (DATE with millisecond precision, TIMESTAMP_NS cut to PostgreSQL's microseconds);
 * DECIMAL numeric; BYTE and SHORT int2; CHAR bpchar; DOUBLE[] float8[].
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';

export const Oid = {
  BOOL: 16, BYTEA: 17, CHAR: 18, NAME: 19, INT8: 20, INT2: 21, INT4: 23, TEXT: 25, OID: 26,
  FLOAT4: 700, FLOAT8: 701, UNKNOWN: 705, BPCHAR: 1042, VARCHAR: 1043, DATE: 1082, TIME: 1083,
  TIMESTAMP: 1114, TIMESTAMPTZ: 1184, INTERVAL: 1186, NUMERIC: 1700, UUID: 2950, FLOAT8_ARRAY: 1022,
  INET: 869, JSON: 114, JSONB: 3802, REGCLASS: 2205, REGPROC: 24, REGTYPE: 2206,
} as const;

/** The OID a result column of type `t` is described with. */
export function oidOf(t: ColumnType): number {
  switch (t.tag) {
    case TypeTag.BOOLEAN: return Oid.BOOL;
    case TypeTag.BYTE: case TypeTag.SHORT: return Oid.INT2;
    case TypeTag.CHAR: return Oid.BPCHAR;
    case TypeTag.INT: return Oid.INT4;
    case TypeTag.LONG: return Oid.INT8;
    case TypeTag.FLOAT: return Oid.FLOAT4;
    case TypeTag.DOUBLE: return Oid.FLOAT8;
    case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: return Oid.TIMESTAMP;
    case TypeTag.DECIMAL: return Oid.NUMERIC;
    case TypeTag.UUID: return Oid.UUID;
    case TypeTag.BINARY: return Oid.BYTEA;
    case TypeTag.ARRAY: return Oid.FLOAT8_ARRAY;
    default: return Oid.VARCHAR;
  }
}

/**
 * The type modifier of RowDescription and pg_attribute.atttypmod: -1 (none), except CHAR, which is
 * PostgreSQL's `char(1)`: 1 character + 4 = 5, as QuestDB 9.4.4 sends it (pgjdbc and DBeaver derive a
 * column's size and precision from it).
 */
export function typeModifier(oid: number): number {
  return oid === Oid.BPCHAR ? 5 : -1;
}

/** `typlen` of RowDescription: the fixed size in bytes, -1 for variable-size types. */
export function typeSize(oid: number): number {
  switch (oid) {
    case Oid.BOOL: return 1;
    case Oid.INT2: return 2;
    case Oid.INT4: case Oid.FLOAT4: return 4;
    case Oid.INT8: case Oid.FLOAT8: case Oid.TIMESTAMP: return 8;
    case Oid.UUID: return 16;
    default: return -1;
  }
}
