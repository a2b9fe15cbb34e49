/**
 * The column types the SQL fuzzer gives both engines, each with its DDL in either dialect. A value lives in
 * the fuzzer as one JS value per type: BOOLEAN boolean; BYTE, SHORT, INT number; LONG bigint; FLOAT, DOUBLE
 * number (NaN is QuestDB's null); SYMBOL, VARCHAR, STRING, CHAR, UUID, DECIMAL string; TIMESTAMP bigint µs,
 * DATE bigint ms, TIMESTAMP_NS bigint ns; null is SQL NULL. DuckDB gets the same data with QuestDB's
 * storage rules applied first (a BYTE, SHORT or BOOLEAN null is 0 / false there too, a NaN is NULL).
 */
export type FuzzTypeName =
  | 'BOOLEAN' | 'BYTE' | 'SHORT' | 'INT' | 'LONG' | 'FLOAT' | 'DOUBLE'
  | 'SYMBOL' | 'VARCHAR' | 'STRING' | 'CHAR' | 'TIMESTAMP' | 'DATE' | 'TIMESTAMP_NS' | 'UUID' | 'DECIMAL';

export type Value = null | boolean | number | bigint | string;

export type Family = 'bool' | 'integer' | 'float' | 'text' | 'time' | 'uuid' | 'decimal';

export interface FuzzType {
  readonly name: FuzzTypeName;
  readonly family: Family;
  readonly svcDdl: string;
  readonly duckDdl: string;
}

/** The one DECIMAL shape the tables use: 18 digits, 4 after the point (QuestDB's DECIMAL64). */
export const DECIMAL_PRECISION = 18;
export const DECIMAL_SCALE = 4;

export const FUZZ_TYPES: Readonly<Record<FuzzTypeName, FuzzType>> = {
  BOOLEAN: { name: 'BOOLEAN', family: 'bool', svcDdl: 'BOOLEAN', duckDdl: 'BOOLEAN' },
  BYTE: { name: 'BYTE', family: 'integer', svcDdl: 'BYTE', duckDdl: 'TINYINT' },
  SHORT: { name: 'SHORT', family: 'integer', svcDdl: 'SHORT', duckDdl: 'SMALLINT' },
  INT: { name: 'INT', family: 'integer', svcDdl: 'INT', duckDdl: 'INTEGER' },
  LONG: { name: 'LONG', family: 'integer', svcDdl: 'LONG', duckDdl: 'BIGINT' },
  FLOAT: { name: 'FLOAT', family: 'float', svcDdl: 'FLOAT', duckDdl: 'REAL' },
  DOUBLE: { name: 'DOUBLE', family: 'float', svcDdl: 'DOUBLE', duckDdl: 'DOUBLE' },
  SYMBOL: { name: 'SYMBOL', family: 'text', svcDdl: 'SYMBOL', duckDdl: 'VARCHAR' },
  VARCHAR: { name: 'VARCHAR', family: 'text', svcDdl: 'VARCHAR', duckDdl: 'VARCHAR' },
  STRING: { name: 'STRING', family: 'text', svcDdl: 'STRING', duckDdl: 'VARCHAR' },
  CHAR: { name: 'CHAR', family: 'text', svcDdl: 'CHAR', duckDdl: 'VARCHAR' },
  TIMESTAMP: { name: 'TIMESTAMP', family: 'time', svcDdl: 'TIMESTAMP', duckDdl: 'TIMESTAMP' },
  DATE: { name: 'DATE', family: 'time', svcDdl: 'DATE', duckDdl: 'TIMESTAMP_MS' },
  TIMESTAMP_NS: { name: 'TIMESTAMP_NS', family: 'time', svcDdl: 'TIMESTAMP_NS', duckDdl: 'TIMESTAMP_NS' },
  UUID: { name: 'UUID', family: 'uuid', svcDdl: 'UUID', duckDdl: 'UUID' },
  DECIMAL: { name: 'DECIMAL', family: 'decimal', svcDdl: `DECIMAL(${DECIMAL_PRECISION},${DECIMAL_SCALE})`, duckDdl: `DECIMAL(${DECIMAL_PRECISION},${DECIMAL_SCALE})` },
};

/** Integer ranges (QuestDB's INT and LONG give their minimum to NULL). */
export const INT_RANGE: Readonly<Partial<Record<FuzzTypeName, readonly [bigint, bigint]>>> = {
  BYTE: [-128n, 127n],
  SHORT: [-32768n, 32767n],
  INT: [-2147483648n, 2147483647n],
  LONG: [-9223372036854775808n, 9223372036854775807n],
};

/** Types that cannot hold NULL in QuestDB: a NULL written there is stored as 0 / false. */
export function notNullable(t: FuzzTypeName): boolean {
  return t === 'BOOLEAN' || t === 'BYTE' || t === 'SHORT';
}

export function isInteger(t: FuzzTypeName): boolean {
  return FUZZ_TYPES[t].family === 'integer';
}

export function isFloat(t: FuzzTypeName): boolean {
  return t === 'FLOAT' || t === 'DOUBLE';
}

export function isNumeric(t: FuzzTypeName): boolean {
  return isInteger(t) || isFloat(t);
}

/** SYMBOL, VARCHAR, STRING (CHAR is text too but one UTF-16 unit, so most string functions skip it). */
export function isString(t: FuzzTypeName): boolean {
  return t === 'SYMBOL' || t === 'VARCHAR' || t === 'STRING';
}

export function isTime(t: FuzzTypeName): boolean {
  return FUZZ_TYPES[t].family === 'time';
}

/** The rank in QuestDB's numeric widening order BYTE → SHORT → INT → LONG → FLOAT → DOUBLE. */
export function numericRank(t: FuzzTypeName): number {
  return ['BYTE', 'SHORT', 'INT', 'LONG', 'FLOAT', 'DOUBLE'].indexOf(t);
}
