/**
 * Both engines' result cells in one comparable form, chosen by the column's expected QuestDB type:
 * integers, timestamps (as counts of their unit), UUIDs, decimals and booleans as exact text, floats as
 * numbers (NaN and ±Infinity as null: QuestDB's JSON prints them null), text as itself.
 */
import { DuckDBDecimalValue, DuckDBTimestampMillisecondsValue, DuckDBTimestampNanosecondsValue, DuckDBTimestampValue, DuckDBUUIDValue, DuckDBValue } from '@duckdb/node-api';
import { FuzzTypeName, isFloat, isInteger, isTime } from './fuzz-types';
import { daysFromCivil } from '../../../core/time/iso-timestamp';
import { timeDigits } from './literals';

export type Canon = null | string | number;

/** `YYYY-MM-DDTHH:MM:SS[.fraction]Z` → the count of 10^-digits seconds since the epoch. */
export function isoToCount(text: string, digits: 3 | 6 | 9): bigint | undefined {
  const m = /^(-?\d{4,6})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  if (!m) return undefined;
  // Civil date arithmetic, not Date: a Date stops at ±275760 years, a TIMESTAMP goes to ±292277.
  const seconds = daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) * 86_400 + Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6]);
  const fraction = (m[7] ?? '').padEnd(9, '0');
  const nanos = BigInt(seconds) * 1_000_000_000n + BigInt(fraction);
  return nanos / 10n ** BigInt(9 - digits);
}

/** A decimal's text without trailing zeros after the point (`12.3400` → `12.34`, `-0.0` → `0`). */
export function decimalCanon(text: string): string {
  let s = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  if (/^-0*$/.test(s)) s = '0';
  return s.replace(/^(-?)0+(\d)/, '$1$2');
}

function floatCanon(x: unknown, type: FuzzTypeName): Canon {
  if (typeof x !== 'number' || !Number.isFinite(x)) return null;
  return type === 'FLOAT' ? Math.fround(x) : x;
}

export function canonSvc(type: FuzzTypeName, cell: unknown): Canon {
  if (cell === null || cell === undefined) return null;
  if (isFloat(type)) return floatCanon(cell, type);
  if (isInteger(type)) return /^-?\d+$/.test(String(cell)) ? BigInt(String(cell)).toString() : `not an integer: ${String(cell)}`;
  if (type === 'BOOLEAN') return String(cell);
  if (isTime(type)) {
    const count = typeof cell === 'string' ? isoToCount(cell, timeDigits(type)) : undefined;
    return count === undefined ? `unparsable ${String(cell)}` : count.toString();
  }
  if (type === 'DECIMAL') return decimalCanon(String(cell));
  if (type === 'UUID') return String(cell).toLowerCase();
  return String(cell);
}

export function canonDuck(type: FuzzTypeName, cell: DuckDBValue): Canon {
  if (cell === null) return null;
  if (isFloat(type)) return floatCanon(cell, type);
  if (cell instanceof DuckDBTimestampValue) return cell.micros.toString();
  if (cell instanceof DuckDBTimestampMillisecondsValue) return cell.millis.toString();
  if (cell instanceof DuckDBTimestampNanosecondsValue) return cell.nanos.toString();
  if (cell instanceof DuckDBDecimalValue) return type === 'DECIMAL' ? decimalCanon(cell.toString()) : cell.toString();
  if (cell instanceof DuckDBUUIDValue) return cell.toString().toLowerCase();
  if (isInteger(type)) {
    return typeof cell === 'bigint' || (typeof cell === 'number' && Number.isInteger(cell)) ? BigInt(cell).toString() : `not an integer: ${String(cell)}`;
  }
  return String(cell);
}
