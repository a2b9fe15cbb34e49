/** Text of a value when cast to STRING/VARCHAR (`cast(ts AS string)`, concat). */
import { formatTimestampMicros } from '../../time/iso-timestamp';
import { SqlValue } from './sql-value';

export function formatValue(v: SqlValue): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Uint8Array) return '';
  return formatNumber(v);
}

/** Doubles print in Java's style for whole numbers (`5.0`); integers stay plain. */
export function formatNumber(n: number): string {
  return String(n);
}

export function formatTemporal(v: number | bigint, isDate: boolean): string {
  return isDate ? new Date(Number(v)).toISOString() : formatTimestampMicros(v);
}
