/**
 * The column type each Parquet column becomes (read as Arrow): booleans, signed integers by width (BYTE,
 * SHORT, INT, LONG; unsigned ones one size up, UINT64 as LONG), FLOAT, DOUBLE, DECIMAL(p, s) as DECIMAL(p, s)
 * (exact, up to 76 digits), every timestamp unit as TIMESTAMP (µs; TIMESTAMP_NS when svc's footer or the
 * schema says so), dates as DATE, strings as VARCHAR (dictionary-encoded strings as
 * SYMBOL), binary as BINARY, 16-byte fixed binary (Parquet's UUID) as UUID, lists of numbers nested d deep as
 * DOUBLE arrays of d dimensions (array-columns.ts). A file svc exported names its columns' types in the footer
 * (`svc.column.types`), so SYMBOL, CHAR, IPv4 and the rest come back as they were. Other nested types
 * (structs, maps, lists of anything but numbers), half floats, times and intervals are refused with a clear error.
 */
import { DataType, Field, Type } from 'apache-arrow';
import { arrayType, ColumnType, decimalType, parseTypeName, TypeTag, Types } from '../../core/data/column-type';
import { MAX_DECIMAL_PRECISION } from '../../core/data/decimal';
import { SvcError } from '../../core/errors';
import { DetectedColumn } from '../../core/extension/import-format';
import { SVC_COLUMN_TYPES } from '../export-parquet/parquet-metadata-keys';
import { cleanColumnName } from '../import-delimited/column-names';
import { listDepth } from './array-columns';


/** Parquet's UUID logical type reads as 16-byte fixed binary (with or without the `arrow.uuid` extension name). */
function isUuid(field: Field): boolean {
  return field.type.typeId === Type.FixedSizeBinary && ((field.type as unknown as { byteWidth: number }).byteWidth === 16
    || field.metadata.get('ARROW:extension:name') === 'arrow.uuid');
}

/** The natural svc type of an Arrow type, or undefined when import has none. */
export function columnTypeOf(field: Field): ColumnType | undefined {
  const t: DataType = field.type;
  switch (t.typeId) {
    case Type.Bool: return Types.BOOLEAN;
    case Type.Int: {
      const { bitWidth, isSigned } = t as unknown as { bitWidth: number; isSigned: boolean };
      const width = isSigned ? bitWidth : Math.min(bitWidth * 2, 64);
      return width <= 8 ? Types.BYTE : width <= 16 ? Types.SHORT : width <= 32 ? Types.INT : Types.LONG;
    }
    case Type.Float: return (t as unknown as { precision: number }).precision === 1 ? Types.FLOAT
      : (t as unknown as { precision: number }).precision === 2 ? Types.DOUBLE : undefined;
    case Type.Decimal: {
      const { precision, scale } = t as unknown as { precision: number; scale: number };
      return precision <= MAX_DECIMAL_PRECISION ? decimalType(precision, scale) : undefined;
    }
    case Type.Timestamp: return Types.TIMESTAMP;
    case Type.Date: return Types.DATE;
    case Type.Utf8: case Type.LargeUtf8: return Types.VARCHAR;
    case Type.Dictionary: {
      const valueType = (t as unknown as { dictionary: DataType }).dictionary;
      return valueType.typeId === Type.Utf8 || valueType.typeId === Type.LargeUtf8 ? Types.SYMBOL : undefined;
    }
    case Type.Binary: case Type.LargeBinary: return Types.BINARY;
    case Type.FixedSizeBinary: return isUuid(field) ? Types.UUID : Types.BINARY;
    case Type.Null: return Types.VARCHAR;
    case Type.List: {
      const dims = listDepth(t);
      return dims === undefined ? undefined : arrayType(TypeTag.DOUBLE, dims);
    }
    default: return undefined;
  }
}

/** The svc types named in the footer, when the file says which (svc's own export). */
export function recordedTypes(keyValues: ReadonlyMap<string, string>, count: number): (ColumnType | undefined)[] {
  const text = keyValues.get(SVC_COLUMN_TYPES);
  if (text === undefined) return [];
  try {
    const names: unknown = JSON.parse(text);
    if (!Array.isArray(names) || names.length !== count) return [];
    return names.map((n) => (typeof n === 'string' ? parseTypeName(n === 'IPv4' ? 'ipv4' : n) : undefined));
  } catch {
    return [];
  }
}

/** Types whose text the CSV sinks read back exactly. */
const TEXT_RESTORABLE = new Set([TypeTag.SYMBOL, TypeTag.STRING, TypeTag.CHAR, TypeTag.IPV4, TypeTag.UUID, TypeTag.LONG256, TypeTag.DECIMAL]);

/** A recorded type is used when it reads back from the Arrow type the file has (text → SYMBOL, CHAR, IPv4 …). */
export function restorable(recorded: ColumnType, natural: ColumnType): boolean {
  if (recorded.tag === natural.tag) return true;
  if (natural.tag === TypeTag.VARCHAR) return TEXT_RESTORABLE.has(recorded.tag);
  if (natural.tag === TypeTag.TIMESTAMP) return recorded.tag === TypeTag.DATE || recorded.tag === TypeTag.TIMESTAMP_NS;
  if (natural.tag === TypeTag.INT) return recorded.tag === TypeTag.IPV4;
  return false;
}

export function parquetColumns(fields: readonly Field[], keyValues: ReadonlyMap<string, string>, table: string): DetectedColumn[] {
  const recorded = recordedTypes(keyValues, fields.length);
  return fields.map((f, i) => {
    const natural = columnTypeOf(f);
    if (!natural) throw SvcError.badRequest(`unsupported Parquet column type [column=${f.name}, type=${String(f.type)}, table=${table}]`);
    const r = recorded[i];
    const type = r && restorable(r, natural) ? r : natural;
    const name = cleanColumnName(f.name) || f.name;
    return { name, type, sourceName: name !== f.name ? f.name : undefined };
  });
}
