/**
 * svc column types as Iceberg v2 types, matching what the Parquet writer stores for each
 * (plugins/export-parquet/parquet-schema.ts): TIMESTAMP and DATE are UTC-adjusted Parquet timestamps, hence
 * `timestamptz`; types Parquet holds as text (SYMBOL, VARCHAR, IPv4, LONG256, GEOHASH, DECIMAL…) are `string`.
 * TIMESTAMP_NS has no v2 type and reads as its INT64 (`long`).
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';

export type IcebergType = string | { readonly type: 'list'; readonly 'element-id': number; readonly element: string; readonly 'element-required': boolean };

export interface IcebergField {
  readonly id: number;
  readonly name: string;
  readonly required: boolean;
  readonly type: IcebergType;
}

/** The primitive type of a column, or 'list' for a DOUBLE array written as a Parquet LIST. */
export function icebergPrimitive(type: ColumnType): string {
  switch (type.tag) {
    case TypeTag.BOOLEAN: return 'boolean';
    case TypeTag.BYTE: case TypeTag.SHORT: case TypeTag.INT: return 'int';
    case TypeTag.LONG: case TypeTag.TIMESTAMP_NS: return 'long';
    case TypeTag.FLOAT: return 'float';
    case TypeTag.DOUBLE: return 'double';
    case TypeTag.DATE: case TypeTag.TIMESTAMP: return 'timestamptz';
    case TypeTag.BINARY: return 'binary';
    case TypeTag.UUID: return 'uuid';
    case TypeTag.ARRAY: return 'list';
    default: return 'string';
  }
}

/** `schema.name-mapping.default`: the Parquet files carry no field ids, so readers map by name. */
export function nameMapping(fields: readonly IcebergField[]): string {
  return JSON.stringify(fields.map((f) => typeof f.type === 'string'
    ? { 'field-id': f.id, names: [f.name] }
    : { 'field-id': f.id, names: [f.name], fields: [{ 'field-id': f.type['element-id'], names: ['element'] }] }));
}

/** Iceberg's single-value serialization of a long or timestamp (8 bytes, little-endian). */
export function longBound(value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigInt64LE(BigInt(Math.trunc(value)));
  return b;
}

/** Of an int or date (4 bytes, little-endian). */
export function intBound(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32LE(value);
  return b;
}
