/**
 * The SQL-standard type names `information_schema.columns.data_type` prints, as QuestDB 9.4.4 and
 * PostgreSQL print them, so tools that reflect through information_schema (Grafana's column picker,
 * SQLAlchemy, Metabase, DBeaver) know each column's type: SYMBOL and VARCHAR are `character varying`,
 * LONG `bigint`, DOUBLE `double precision`, TIMESTAMP `timestamp without time zone`. Each svc type gets
 * the name of the PostgreSQL type the wire protocol sends it as.
 */
import { ColumnType, TypeTag } from '../../../core/data/column-type';

export function sqlStandardTypeName(t: ColumnType): string {
  switch (t.tag) {
    case TypeTag.BOOLEAN: return 'boolean';
    case TypeTag.BYTE: case TypeTag.SHORT: return 'smallint';
    case TypeTag.CHAR: return 'character';
    case TypeTag.INT: return 'integer';
    case TypeTag.LONG: return 'bigint';
    case TypeTag.FLOAT: return 'real';
    case TypeTag.DOUBLE: return 'double precision';
    case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: return 'timestamp without time zone';
    case TypeTag.UUID: return 'uuid';
    case TypeTag.BINARY: return 'bytea';
    case TypeTag.DECIMAL: return 'numeric';
    case TypeTag.ARRAY: return 'ARRAY';
    default: return 'character varying';
  }
}
