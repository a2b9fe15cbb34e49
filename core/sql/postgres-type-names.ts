/**
 * PostgreSQL's names for svc's types where a query casts (`$1::int4`, `x::text`, `oid::pg_catalog.int8`):
 * PostgreSQL clients and catalog queries write them, and the dialect's own names (`int`, `long`,
 * `string`, …) stay first. A name that is no type at all may be a function of one argument
 * (`'t'::regclass`, `x::regtype`): the binder calls it, as PostgreSQL's casts to its `reg*` types do.
 */
import { ColumnType, parseTypeName, Types } from '../data/column-type';

const ALIASES: Readonly<Record<string, ColumnType>> = {
  text: Types.STRING, name: Types.STRING, bpchar: Types.STRING, 'char[]': Types.STRING,
  int2: Types.SHORT, smallint: Types.SHORT, int4: Types.INT, int8: Types.LONG, bigint: Types.LONG, oid: Types.LONG,
  float4: Types.FLOAT, real: Types.FLOAT, float8: Types.DOUBLE, numeric: Types.DOUBLE,
  bool: Types.BOOLEAN, timestamptz: Types.TIMESTAMP, bytea: Types.BINARY,
};

/** The type a cast to `name` means, or undefined when svc has no such type. */
export function castTargetType(name: string): ColumnType | undefined {
  return parseTypeName(name) ?? ALIASES[name.toLowerCase()];
}
