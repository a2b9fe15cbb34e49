/**
 * `format_type(oid, typmod)`: PostgreSQL's SQL name of a type (`integer`, `character varying(5)`,
 * `timestamp without time zone`), which psql's `\d` and JDBC print; `???` for an OID svc does not know.
 */
import { SqlValue } from '../../core/sql/vector/sql-value';
import { typeNameOf } from './pg-type-relation';

export function formatType(oid: SqlValue, typmod: SqlValue): SqlValue {
  if (oid === null) return null;
  const name = typeNameOf(Number(oid));
  if (name === undefined) return '???';
  const pretty: Record<string, string> = {
    int2: 'smallint', int4: 'integer', int8: 'bigint', float4: 'real', float8: 'double precision', bool: 'boolean',
    varchar: 'character varying', bpchar: 'character', timestamp: 'timestamp without time zone', timestamptz: 'timestamp with time zone',
    _float8: 'double precision[]',
  };
  const text = pretty[name] ?? name;
  return typmod !== null && Number(typmod) > 4 && (name === 'varchar' || name === 'bpchar') ? `${text}(${Number(typmod) - 4})` : text;
}
