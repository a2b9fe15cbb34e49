/**
 * Calendar fields of a TIMESTAMP (µs, UTC) for extract(), the part functions (year(), hour(), …) and
 * day_of_week & co. Pure functions over numbers, no Date objects.
 */
import { civilFromDays, daysFromCivil, daysInMonth, isLeapYear } from './iso-timestamp';
import { MICROS_PER_DAY } from './time-unit';

const ymd = new Int32Array(3);

function civil(micros: number): number {
  const day = Math.floor(micros / MICROS_PER_DAY);
  civilFromDays(day, ymd);
  return day;
}

export const year = (t: number): number => { civil(t); return ymd[0]; };
export const month = (t: number): number => { civil(t); return ymd[1]; };
export const dayOfMonth = (t: number): number => { civil(t); return ymd[2]; };
export const hour = (t: number): number => Math.floor(mod(t, MICROS_PER_DAY) / 3_600_000_000);
export const minute = (t: number): number => Math.floor(mod(t, 3_600_000_000) / 60_000_000);
export const second = (t: number): number => Math.floor(mod(t, 60_000_000) / 1_000_000);
/** Milliseconds within the second (0–999), as QuestDB's millis(). */
export const millis = (t: number): number => Math.floor(mod(t, 1_000_000) / 1000);
/** Microseconds within the millisecond (0–999), as QuestDB's micros(). */
export const micros = (t: number): number => mod(t, 1000);

/** ISO day of week: Monday = 1 … Sunday = 7 (1970-01-01 was a Thursday). */
export const dayOfWeek = (t: number): number => mod(Math.floor(t / MICROS_PER_DAY) + 3, 7) + 1;
/** Sunday = 1 … Saturday = 7. */
export const dayOfWeekSundayFirst = (t: number): number => mod(Math.floor(t / MICROS_PER_DAY) + 4, 7) + 1;
export const dayOfYear = (t: number): number => { const day = civil(t); return day - daysFromCivil(ymd[0], 1, 1) + 1; };
export const daysInMonthOf = (t: number): number => { civil(t); return daysInMonth(ymd[0], ymd[1]); };
export const isLeapYearOf = (t: number): boolean => { civil(t); return isLeapYear(ymd[0]); };

/** ISO 8601 week number (1–53) and its year. */
export function isoWeek(t: number): { readonly week: number; readonly year: number } {
  const day = Math.floor(t / MICROS_PER_DAY);
  const dow = mod(day + 3, 7); // Monday = 0
  const thursday = day - dow + 3;
  civilFromDays(thursday, ymd);
  const y = ymd[0];
  const week = Math.floor((thursday - daysFromCivil(y, 1, 1)) / 7) + 1;
  return { week, year: y };
}

export type ExtractField =
  | 'millennium' | 'century' | 'decade' | 'year' | 'isoyear' | 'quarter' | 'month' | 'week' | 'doy' | 'dow'
  | 'isodow' | 'day' | 'hour' | 'minute' | 'second' | 'milliseconds' | 'microseconds' | 'nanoseconds' | 'epoch';

export const EXTRACT_FIELDS: readonly ExtractField[] = ['millennium', 'century', 'decade', 'year', 'isoyear', 'quarter',
  'month', 'week', 'doy', 'dow', 'isodow', 'day', 'hour', 'minute', 'second', 'milliseconds', 'microseconds', 'nanoseconds', 'epoch'];

/**
 * extract(field FROM ts) as QuestDB 9.4.4 answers it: milliseconds, microseconds and nanoseconds are the
 * part within the current second; epoch is whole seconds.
 */
export function extract(field: ExtractField, t: number): number {
  switch (field) {
    case 'millennium': { const y = year(t); return y > 0 ? Math.floor((y - 1) / 1000) + 1 : Math.floor(y / 1000); }
    case 'century': { const y = year(t); return y > 0 ? Math.floor((y - 1) / 100) + 1 : Math.floor(y / 100); }
    case 'decade': return Math.floor(year(t) / 10);
    case 'year': return year(t);
    case 'isoyear': return isoWeek(t).year;
    case 'quarter': return Math.floor((month(t) - 1) / 3) + 1;
    case 'month': return month(t);
    case 'week': return isoWeek(t).week;
    case 'doy': return dayOfYear(t);
    case 'dow': return dayOfWeekSundayFirst(t) - 1;
    case 'isodow': return dayOfWeek(t);
    case 'day': return dayOfMonth(t);
    case 'hour': return hour(t);
    case 'minute': return minute(t);
    case 'second': return second(t);
    case 'milliseconds': return millis(t);
    case 'microseconds': return mod(t, 1_000_000);
    case 'nanoseconds': return mod(t, 1_000_000) * 1000;
    case 'epoch': return Math.floor(t / 1_000_000);
  }
}

function mod(a: number, b: number): number {
  const r = a % b;
  return r < 0 ? r + b : r;
}
