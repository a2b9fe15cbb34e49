/** The column type a parameter OID declared in Parse asks for (pg_type OIDs: plugins/sql-catalog). */
import { ColumnType, Types } from '../../core/data/column-type';
import { Oid } from '../sql-catalog/pg-type-oids';

/**
 * The parameter type a declared OID asks for; undefined lets the engine infer it from the query. Text
 * OIDs (text, varchar, unknown, name) are inferred too: clients declare every string that way, and the
 * value converts to whatever the query compares it with, as PostgreSQL does with `unknown` literals.
 * numeric is inferred as well: it is exact (pgjdbc's setBigDecimal sends `12.345` as text), so a
 * DECIMAL column gets the value exactly and a DOUBLE one converts it.
 */
export function parameterTypeOf(oid: number): ColumnType | undefined {
  switch (oid) {
    case Oid.BOOL: return Types.BOOLEAN;
    case Oid.INT2: return Types.SHORT;
    case Oid.INT4: return Types.INT;
    case Oid.INT8: case Oid.OID: return Types.LONG;
    case Oid.FLOAT4: return Types.FLOAT;
    case Oid.FLOAT8: return Types.DOUBLE;
    case Oid.TIMESTAMP: case Oid.TIMESTAMPTZ: return Types.TIMESTAMP;
    case Oid.DATE: return Types.DATE;
    case Oid.UUID: return Types.UUID;
    case Oid.BYTEA: return Types.BINARY;
    case Oid.CHAR: return Types.CHAR;
    default: return undefined;
  }
}
