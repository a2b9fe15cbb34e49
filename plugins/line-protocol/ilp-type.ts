/**
 * The value kinds a line-protocol entity can have (QuestDB's LineTcpParser entity types; the numbers are the
 * type bytes of the binary encodings where one exists), their names in cast errors, and the column type a new
 * column of each kind gets.
 */
import { arrayType, ColumnType, TypeTag, Types } from '../../core/data/column-type';

export const IlpType = Object.freeze({
  TAG: 1,
  FLOAT: 2,
  INTEGER: 3,
  STRING: 4,
  BOOLEAN: 6,
  LONG256: 7,
  TIMESTAMP: 13,
  ARRAY: 14,
  DECIMAL: 23,
});
export type IlpType = (typeof IlpType)[keyof typeof IlpType];

/** Type bytes of the binary field encodings (protocol v2: DOUBLE and ARRAY; v3: DECIMAL). */
export const BinaryType = Object.freeze({
  BOOLEAN: 6, FLOAT: 2, INTEGER: 3, LONG: 15, TIMESTAMP: 13, DOUBLE: 16, ARRAY: 14, DECIMAL: 23,
});

/** Array element type codes (QuestDB column type numbers): DOUBLE, and the null array marker. */
export const ARRAY_ELEMENT_DOUBLE = 10;
export const ARRAY_ELEMENT_NULL = 33;
export const ARRAY_MAX_DIMS = 32;

const NAMES: Readonly<Record<number, string>> = {
  [IlpType.TAG]: 'TAG', [IlpType.FLOAT]: 'FLOAT', [IlpType.INTEGER]: 'INTEGER', [IlpType.STRING]: 'STRING',
  [IlpType.BOOLEAN]: 'BOOLEAN', [IlpType.LONG256]: 'LONG256', [IlpType.TIMESTAMP]: 'TIMESTAMP',
  [IlpType.ARRAY]: 'ARRAY', [IlpType.DECIMAL]: 'DECIMAL',
};

/** The protocol type's name as cast errors print it (`cast error from protocol type: FLOAT …`). */
export function ilpTypeName(type: number, dims = 0): string {
  if (type === IlpType.ARRAY && dims > 0) return `DOUBLE${'[]'.repeat(dims)}`;
  return NAMES[type] ?? 'UNKNOWN';
}

/** Defaults for columns the protocol creates (`line.float.default.column.type`, `line.integer.default.column.type`). */
export interface NewColumnTypes {
  readonly float: ColumnType;
  readonly integer: ColumnType;
}

/** The type of a new column for a value of `type`, or undefined when such columns are never created (DECIMAL). */
export function newColumnType(type: number, dims: number, defaults: NewColumnTypes): ColumnType | undefined {
  switch (type) {
    case IlpType.TAG: return Types.SYMBOL;
    case IlpType.FLOAT: return defaults.float;
    case IlpType.INTEGER: return defaults.integer;
    case IlpType.STRING: return Types.VARCHAR;
    case IlpType.BOOLEAN: return Types.BOOLEAN;
    case IlpType.LONG256: return Types.LONG256;
    case IlpType.TIMESTAMP: return Types.TIMESTAMP;
    case IlpType.ARRAY: return arrayType(TypeTag.DOUBLE, dims);
    default: return undefined;
  }
}
