/**
 * Strict conversion of a supplied parameter value to its slot's type, before the value is stored: a
 * number given as text must be a whole number for the integer types and fit their range (never wrapped),
 * booleans accept PostgreSQL's spellings (`t`, `true`, `yes`, `on`, `1` and their opposites), timestamps
 * ISO text (with `T` or a space, an optional zone offset) or a number of µs. Other types go to
 * appendValue's own conversion (UUID, IPv4, LONG256, GEOHASH text, STRING from anything).
 */
import { ColumnType, TypeTag } from '../../data/column-type';
import { parseIsoTimestampExact } from '../../time/iso-timestamp';
import { millisOfMicros } from '../../time/time-unit';
import { SqlValue } from '../vector/sql-value';

const INTEGER_RANGE: Partial<Record<TypeTag, readonly [bigint, bigint]>> = {
  [TypeTag.BYTE]: [-128n, 127n],
  [TypeTag.SHORT]: [-32768n, 32767n],
  [TypeTag.INT]: [-2147483647n, 2147483647n],
  [TypeTag.LONG]: [-9223372036854775807n, 9223372036854775807n],
};

const TRUE_WORDS = new Set(['t', 'true', 'y', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['f', 'false', 'n', 'no', 'off', '0']);

class NotConvertible extends Error {}

/** The value in the form appendValue stores for `type`; throws when it does not convert. */
export function normalizeParameter(value: SqlValue, type: ColumnType): SqlValue {
  if (value === null) return null;
  const range = INTEGER_RANGE[type.tag];
  if (range) return integer(value, range);
  switch (type.tag) {
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return floating(value);
    case TypeTag.BOOLEAN: return boolean(value);
    case TypeTag.TIMESTAMP: case TypeTag.DATE: return timestamp(value, type.tag === TypeTag.DATE);
    case TypeTag.CHAR:
      if (typeof value === 'string' && value.length <= 1) return value === '' ? null : value;
      throw new NotConvertible();
    default: return value;
  }
}

function integer(value: SqlValue, [lo, hi]: readonly [bigint, bigint]): number | bigint {
  let x: bigint;
  if (typeof value === 'bigint') x = value;
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new NotConvertible();
    x = BigInt(value);
  } else if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) x = BigInt(value.trim());
  else throw new NotConvertible();
  if (x < lo || x > hi) throw new NotConvertible();
  return Number.isSafeInteger(Number(x)) ? Number(x) : x;
}

function floating(value: SqlValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') throw new NotConvertible();
  const s = value.trim();
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(s)) return Number(s);
  const word = s.toLowerCase();
  if (word === 'nan') return NaN;
  if (word === 'infinity' || word === '+infinity' || word === 'inf') return Infinity;
  if (word === '-infinity' || word === '-inf') return -Infinity;
  throw new NotConvertible();
}

function boolean(value: SqlValue): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const w = value.trim().toLowerCase();
    if (TRUE_WORDS.has(w)) return true;
    if (FALSE_WORDS.has(w)) return false;
  }
  throw new NotConvertible();
}

/** TIMESTAMP values are µs, DATE values ms, as a number (or a bigint beyond 2^53). */
function timestamp(value: SqlValue, date: boolean): number | bigint {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (typeof value !== 'string') throw new NotConvertible();
  // Exact beyond 2^53 µs (after 2255): a bigint, never a rounded double.
  const us = parseIsoTimestampExact(value);
  if (us !== undefined) return date ? millisOfMicros(us) : us;
  if (/^\s*[+-]?\d+\s*$/.test(value)) return integer(value, [-9223372036854775807n, 9223372036854775807n]);
  throw new NotConvertible();
}
