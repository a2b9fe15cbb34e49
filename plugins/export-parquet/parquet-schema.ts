/**
 * How each column type is stored in Parquet: physical type, logical/converted type and the value
 * writer kind. Nullable types are OPTIONAL (their null sentinel becomes a missing value); BOOLEAN,
 * BYTE and SHORT have no null and are REQUIRED. Types without a Parquet
 * counterpart (IPv4, LONG256, GEOHASH, INTERVAL) are written as the text CSV shows.
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { ThriftWriter } from './thrift-compact';

export const enum Physical { BOOLEAN = 0, INT32 = 1, INT64 = 2, FLOAT = 4, DOUBLE = 5, BYTE_ARRAY = 6, FIXED_LEN_BYTE_ARRAY = 7 }

export type ValueKind = 'bool' | 'int32' | 'int64' | 'float' | 'double' | 'symbol' | 'utf8' | 'uuid' | 'text' | 'char' | 'array-raw' | 'array-list';

export interface LeafSpec {
  readonly name: string;
  readonly physical: Physical;
  readonly kind: ValueKind;
  readonly optional: boolean;
  readonly typeLength?: number;
  /** `array-list`: the array's dimensions, one nested LIST per dimension. */
  readonly dims?: number;
  readonly convertedType?: number;
  /** Writes the LogicalType union (SchemaElement field 10). */
  readonly logical?: (t: ThriftWriter) => void;
}

const STRING = (t: ThriftWriter): void => { t.struct(10).empty(1).end(); };
const UTF8 = 0;

function integer(bits: number): (t: ThriftWriter) => void {
  return (t) => { t.struct(10).struct(10).byteField(1, bits).bool(2, true).end().end(); };
}

/** TimeUnit of the TIMESTAMP logical type: 1 MILLIS, 2 MICROS, 3 NANOS. */
function timestamp(unit: 1 | 2 | 3): (t: ThriftWriter) => void {
  return (t) => { t.struct(10).struct(8).bool(1, true).struct(2).empty(unit).end().end().end(); };
}

export function leafSpec(name: string, type: ColumnType, rawArrays: boolean): LeafSpec {
  const text = (kind: ValueKind = 'text'): LeafSpec => ({ name, physical: Physical.BYTE_ARRAY, kind, optional: true, convertedType: UTF8, logical: STRING });
  switch (type.tag) {
    case TypeTag.BOOLEAN: return { name, physical: Physical.BOOLEAN, kind: 'bool', optional: false };
    case TypeTag.BYTE: return { name, physical: Physical.INT32, kind: 'int32', optional: false, convertedType: 15, logical: integer(8) };
    case TypeTag.SHORT: return { name, physical: Physical.INT32, kind: 'int32', optional: false, convertedType: 16, logical: integer(16) };
    case TypeTag.INT: return { name, physical: Physical.INT32, kind: 'int32', optional: true };
    case TypeTag.LONG: return { name, physical: Physical.INT64, kind: 'int64', optional: true };
    case TypeTag.FLOAT: return { name, physical: Physical.FLOAT, kind: 'float', optional: true };
    case TypeTag.DOUBLE: return { name, physical: Physical.DOUBLE, kind: 'double', optional: true };
    case TypeTag.DATE: return { name, physical: Physical.INT64, kind: 'int64', optional: true, convertedType: 9, logical: timestamp(1) };
    case TypeTag.TIMESTAMP: return { name, physical: Physical.INT64, kind: 'int64', optional: true, convertedType: 10, logical: timestamp(2) };
    case TypeTag.TIMESTAMP_NS: return { name, physical: Physical.INT64, kind: 'int64', optional: true, logical: timestamp(3) };
    case TypeTag.SYMBOL: return text('symbol');
    case TypeTag.STRING: case TypeTag.VARCHAR: return text('utf8');
    case TypeTag.CHAR: return text('char');
    case TypeTag.BINARY: return { name, physical: Physical.BYTE_ARRAY, kind: 'utf8', optional: true };
    case TypeTag.UUID: return {
      name, physical: Physical.FIXED_LEN_BYTE_ARRAY, kind: 'uuid', optional: true, typeLength: 16,
      logical: (t) => { t.struct(10).empty(14).end(); },
    };
    case TypeTag.ARRAY: return rawArrays
      ? { name, physical: Physical.BYTE_ARRAY, kind: 'array-raw', optional: true }
      : { name, physical: Physical.DOUBLE, kind: 'array-list', optional: true, dims: type.dims ?? 1 };
    default: return text();
  }
}

/**
 * The SchemaElements of one column: a leaf, or for `array-list` one 3-level LIST group (LogicalTypes.md)
 * per dimension, nested: `optional group a (LIST) { repeated group list { optional group element (LIST) {
 * repeated group list { optional double element } } } }` for DOUBLE[][], so readers see the shape.
 */
export function writeSchemaElements(t: ThriftWriter, spec: LeafSpec): number {
  if (spec.kind === 'array-list') {
    const dims = spec.dims ?? 1;
    for (let d = 0; d < dims; d++) {
      t.element().string(4, d === 0 ? spec.name : 'element').i32(3, 1).i32(5, 1).i32(6, 3).struct(10).empty(3).end().end();
      t.element().string(4, 'list').i32(3, 2).i32(5, 1).end();
    }
    t.element().i32(1, Physical.DOUBLE).i32(3, 1).string(4, 'element').end();
    return schemaElementCount(spec);
  }
  t.element().i32(1, spec.physical);
  if (spec.typeLength !== undefined) t.i32(2, spec.typeLength);
  t.i32(3, spec.optional ? 1 : 0).string(4, spec.name);
  if (spec.convertedType !== undefined) t.i32(6, spec.convertedType);
  spec.logical?.(t);
  t.end();
  return 1;
}

/** SchemaElements a column takes: 1, or 2 per dimension and the leaf for `array-list`. */
export function schemaElementCount(spec: LeafSpec): number {
  return spec.kind === 'array-list' ? 2 * (spec.dims ?? 1) + 1 : 1;
}

/** path_in_schema of the leaf. */
export function leafPath(spec: LeafSpec): readonly string[] {
  if (spec.kind !== 'array-list') return [spec.name];
  const path = [spec.name];
  for (let d = 0; d < (spec.dims ?? 1); d++) path.push('list', 'element');
  return path;
}
