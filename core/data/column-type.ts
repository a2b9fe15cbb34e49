/**
 * Column types. A type is a small immutable object; the simple ones are
 * singletons in `Types`, so `a === b` works for them. GEOHASH carries its precision in bits,
 * ARRAY its dimension count and element type.
 */
export enum TypeTag {
  BOOLEAN = 1, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE, DATE, TIMESTAMP,
  SYMBOL, STRING, VARCHAR, UUID, IPV4, LONG256, BINARY, GEOHASH, ARRAY, NULL, INTERVAL,
  /** Nanoseconds since the epoch (64-bit; every value past 1970-04-15 is beyond 2^53, so vectors carry `exact`). */
  TIMESTAMP_NS,
  /** DECIMAL(precision, scale): exact, up to 76 digits (core/data/decimal.ts). */
  DECIMAL,
}

export interface ColumnType {
  readonly tag: TypeTag;
  /** GEOHASH: precision in bits (1..60). */
  readonly bits?: number;
  /** GEOHASH: declared in characters (`GEOHASH(4c)`) rather than bits (`GEOHASH(20b)`). */
  readonly geoChars?: boolean;
  /** ARRAY: number of dimensions. */
  readonly dims?: number;
  /** ARRAY: element type tag (DOUBLE, or LONG in newest builds). */
  readonly elem?: TypeTag;
  /** DECIMAL: total digits (1..76) and digits after the point (0..precision). */
  readonly precision?: number;
  readonly scale?: number;
  /**
   * STRING holding PostgreSQL array text (`{a,"b c",NULL}`) whose elements are of this type: catalog array
   * columns, `ARRAY(SELECT …)`, string_to_array(). `a[i]` gives an element of this type, `a || b` joins arrays.
   */
  readonly elements?: ColumnType;
  /** STRING holding PostgreSQL record text (`(1,"a b",)`) with these fields: `(expr).name` reads one. */
  readonly fields?: readonly RecordField[];
}

export interface RecordField {
  readonly name: string;
  readonly type: ColumnType;
}

const simple = (tag: TypeTag): ColumnType => Object.freeze({ tag });

export const Types = Object.freeze({
  BOOLEAN: simple(TypeTag.BOOLEAN), BYTE: simple(TypeTag.BYTE), SHORT: simple(TypeTag.SHORT),
  CHAR: simple(TypeTag.CHAR), INT: simple(TypeTag.INT), LONG: simple(TypeTag.LONG),
  FLOAT: simple(TypeTag.FLOAT), DOUBLE: simple(TypeTag.DOUBLE), DATE: simple(TypeTag.DATE),
  TIMESTAMP: simple(TypeTag.TIMESTAMP), SYMBOL: simple(TypeTag.SYMBOL), STRING: simple(TypeTag.STRING),
  VARCHAR: simple(TypeTag.VARCHAR), UUID: simple(TypeTag.UUID), IPV4: simple(TypeTag.IPV4),
  LONG256: simple(TypeTag.LONG256), BINARY: simple(TypeTag.BINARY), NULL: simple(TypeTag.NULL),
  INTERVAL: simple(TypeTag.INTERVAL), TIMESTAMP_NS: simple(TypeTag.TIMESTAMP_NS),
});

export function geohashType(bits: number, geoChars: boolean): ColumnType {
  return Object.freeze({ tag: TypeTag.GEOHASH, bits, geoChars });
}

/** Array text (STRING) with elements of type `elements` (ColumnType.elements). */
export function textArrayType(elements: ColumnType): ColumnType {
  return Object.freeze({ tag: TypeTag.STRING, elements });
}

/** Record text (STRING) with named fields (ColumnType.fields). */
export function recordType(fields: readonly RecordField[]): ColumnType {
  return Object.freeze({ tag: TypeTag.STRING, fields: Object.freeze([...fields]) });
}

export function arrayType(elem: TypeTag, dims: number): ColumnType {
  return Object.freeze({ tag: TypeTag.ARRAY, elem, dims });
}

/**
 * A function parameter accepting any DECIMAL(p,s): overload resolution binds it to the argument's own
 * decimal type (an integer argument to DECIMAL(19,0), (10,0), …), so kernels see exact types.
 */
export const ANY_DECIMAL: ColumnType = Object.freeze({ tag: TypeTag.DECIMAL });

export function decimalType(precision: number, scale: number): ColumnType {
  return Object.freeze({ tag: TypeTag.DECIMAL, precision, scale });
}

export function sameType(a: ColumnType, b: ColumnType): boolean {
  return a.tag === b.tag && a.bits === b.bits && a.dims === b.dims && a.elem === b.elem && a.precision === b.precision && a.scale === b.scale;
}

/** The name `/exec` prints in `columns[i].type`: `IPv4`, `GEOHASH(4c)`, `ARRAY`, NULL as `STRING`. */
export function typeName(t: ColumnType): string {
  switch (t.tag) {
    case TypeTag.IPV4: return 'IPv4';
    case TypeTag.NULL: return 'STRING';
    case TypeTag.GEOHASH: {
      const bits = t.bits ?? 1;
      return t.geoChars && bits % 5 === 0 ? `GEOHASH(${bits / 5}c)` : `GEOHASH(${bits}b)`;
    }
    case TypeTag.ARRAY: return 'ARRAY';
    case TypeTag.DECIMAL: return `DECIMAL(${t.precision ?? 18},${t.scale ?? 3})`;
    default: return TypeTag[t.tag];
  }
}

/** The type name table_columns() and SHOW COLUMNS print: as /exec names it, arrays as `DOUBLE[]`, `DOUBLE[][]`. */
export function columnTypeName(t: ColumnType): string {
  return t.tag === TypeTag.ARRAY ? ddlTypeName(t) : typeName(t);
}

/** DDL spelling (SHOW CREATE TABLE): `DOUBLE[]`, `GEOHASH(4c)`, `IPV4`. */
export function ddlTypeName(t: ColumnType): string {
  if (t.tag === TypeTag.ARRAY) return `${TypeTag[t.elem ?? TypeTag.DOUBLE]}${'[]'.repeat(t.dims ?? 1)}`;
  if (t.tag === TypeTag.IPV4) return 'IPV4';
  return typeName(t);
}

const BY_NAME: Readonly<Record<string, ColumnType>> = {
  boolean: Types.BOOLEAN, byte: Types.BYTE, short: Types.SHORT, char: Types.CHAR,
  int: Types.INT, integer: Types.INT, long: Types.LONG, float: Types.FLOAT, double: Types.DOUBLE,
  date: Types.DATE, timestamp: Types.TIMESTAMP, symbol: Types.SYMBOL, string: Types.STRING,
  varchar: Types.VARCHAR, uuid: Types.UUID, ipv4: Types.IPV4, long256: Types.LONG256, binary: Types.BINARY,
  interval: Types.INTERVAL, timestamp_ns: Types.TIMESTAMP_NS,
};

/** Parses a DDL/cast type name (`int`, `geohash(5c)`, `double[][]`); undefined when unknown. */
export function parseTypeName(text: string): ColumnType | undefined {
  const s = text.trim().toLowerCase();
  const simpleType = BY_NAME[s];
  if (simpleType) return simpleType;
  const geo = /^geohash\s*\(\s*(\d+)\s*([cb])\s*\)$/.exec(s);
  if (geo) {
    const n = Number(geo[1]);
    const bits = geo[2] === 'c' ? n * 5 : n;
    if (bits < 1 || bits > 60 || (geo[2] === 'c' && (n < 1 || n > 12))) return undefined;
    return geohashType(bits, geo[2] === 'c');
  }
  // DECIMAL alone is DECIMAL(18,3), QuestDB's default; DECIMAL(p) has scale 0.
  const dec = /^decimal(?:\s*\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?$/.exec(s);
  if (dec) {
    const precision = dec[1] === undefined ? 18 : Number(dec[1]);
    const scale = dec[1] === undefined ? 3 : Number(dec[2] ?? 0);
    if (precision < 1 || precision > 76 || scale > precision) return undefined;
    return decimalType(precision, scale);
  }
  const arr = /^(double|long)((?:\s*\[\s*\])+)$/.exec(s);
  if (arr) return arrayType(arr[1] === 'double' ? TypeTag.DOUBLE : TypeTag.LONG, (arr[2].match(/\[/g) ?? []).length);
  return undefined;
}

/** Bytes per value on disk for fixed-width types; 0 for var-size types (STRING, VARCHAR, BINARY, ARRAY). */
export function fixedSize(t: ColumnType): number {
  switch (t.tag) {
    case TypeTag.BOOLEAN: case TypeTag.BYTE: return 1;
    case TypeTag.SHORT: case TypeTag.CHAR: return 2;
    case TypeTag.INT: case TypeTag.FLOAT: case TypeTag.SYMBOL: case TypeTag.IPV4: return 4;
    case TypeTag.LONG: case TypeTag.DOUBLE: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: return 8;
    case TypeTag.UUID: case TypeTag.INTERVAL: return 16;
    case TypeTag.LONG256: case TypeTag.DECIMAL: return 32;
    case TypeTag.GEOHASH: {
      const bits = t.bits ?? 1;
      return bits <= 7 ? 1 : bits <= 15 ? 2 : bits <= 31 ? 4 : 8;
    }
    default: return 0;
  }
}

export function isVarSize(t: ColumnType): boolean {
  return t.tag === TypeTag.STRING || t.tag === TypeTag.VARCHAR || t.tag === TypeTag.BINARY || t.tag === TypeTag.ARRAY;
}

/** LONG, DATE, TIMESTAMP, TIMESTAMP_NS: 64-bit integers held in memory as Float64Array (see vector.ts). */
export function isInt64(t: ColumnType): boolean {
  return t.tag === TypeTag.LONG || t.tag === TypeTag.DATE || t.tag === TypeTag.TIMESTAMP || t.tag === TypeTag.TIMESTAMP_NS;
}

/** TIMESTAMP (µs) or TIMESTAMP_NS (ns). */
export function isTimestamp(t: ColumnType): boolean {
  return t.tag === TypeTag.TIMESTAMP || t.tag === TypeTag.TIMESTAMP_NS;
}

/**
 * The one gate for "may be a table's designated timestamp": TIMESTAMP (µs) and TIMESTAMP_NS (ns). Storage
 * partitions and prunes both in µs (a TIMESTAMP_NS row by the floor of its value / 1000) and orders
 * TIMESTAMP_NS rows by their exact nanoseconds (core/data/nanos-split.ts).
 */
export function isDesignatedTimestampType(t: ColumnType): boolean {
  return t.tag === TypeTag.TIMESTAMP || t.tag === TypeTag.TIMESTAMP_NS;
}

export function isStringLike(t: ColumnType): boolean {
  return t.tag === TypeTag.STRING || t.tag === TypeTag.VARCHAR || t.tag === TypeTag.SYMBOL || t.tag === TypeTag.CHAR;
}

export function isNumeric(t: ColumnType): boolean {
  switch (t.tag) {
    case TypeTag.BYTE: case TypeTag.SHORT: case TypeTag.INT: case TypeTag.LONG:
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return true;
    default: return false;
  }
}
