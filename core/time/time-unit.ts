/**
 * Time units of SAMPLE BY strides, interval modifiers, dateadd/datediff and timestamp_floor:
 * `y M w d h m s T u n` — case-sensitive (`M` months, `m` minutes;
 * `T` milliseconds, `u` microseconds, `n` nanoseconds). Values are µs since the epoch (UTC).
 * Months and years are calendar units: adding a month clamps to the month's last day.
 */
import { civilFromDays, daysFromCivil, daysInMonth } from './iso-timestamp';

export type TimeUnit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's' | 'T' | 'U' | 'u' | 'n';

export const MICROS_PER_SECOND = 1_000_000;
export const MICROS_PER_MINUTE = 60_000_000;
export const MICROS_PER_HOUR = 3_600_000_000;
export const MICROS_PER_DAY = 86_400_000_000;
export const MICROS_PER_WEEK = 7 * MICROS_PER_DAY;

/**
 * A DATE's ms from a TIMESTAMP's µs, rounded down, exact for every 64-bit count: through a double of µs a
 * value after 2255 is already rounded (9999-12-31T23:59:59.999999 to the next second).
 */
export function millisOfMicros(micros: number | bigint): number {
  if (typeof micros === 'number' && Number.isSafeInteger(micros)) {
    const ms = Math.floor(micros / 1000);
    // The quotient's rounding could reach the next integer just below a multiple of 1000.
    return micros - ms * 1000 < 0 ? ms - 1 : ms;
  }
  const us = BigInt(micros);
  const ms = us / 1000n;
  return Number(us < 0n && ms * 1000n !== us ? ms - 1n : ms);
}

/** µs per unit for the fixed-length units; undefined for months and years. */
export function fixedUnitMicros(unit: TimeUnit): number | undefined {
  switch (unit) {
    case 'w': return MICROS_PER_WEEK;
    case 'd': return MICROS_PER_DAY;
    case 'h': return MICROS_PER_HOUR;
    case 'm': return MICROS_PER_MINUTE;
    case 's': return MICROS_PER_SECOND;
    case 'T': return 1000;
    case 'U': case 'u': return 1;
    case 'n': return 0.001;
    default: return undefined;
  }
}

export function isTimeUnit(s: string): s is TimeUnit {
  return s.length === 1 && 'yMwdhmsTUun'.includes(s);
}

/** Long unit names as date_trunc / extract and some functions spell them. */
const NAMED: Readonly<Record<string, TimeUnit>> = {
  year: 'y', years: 'y', month: 'M', months: 'M', week: 'w', weeks: 'w', day: 'd', days: 'd',
  hour: 'h', hours: 'h', minute: 'm', minutes: 'm', second: 's', seconds: 's',
  millisecond: 'T', milliseconds: 'T', microsecond: 'u', microseconds: 'u', nanosecond: 'n', nanoseconds: 'n',
};

export function unitByName(name: string): TimeUnit | undefined {
  return isTimeUnit(name) ? name : NAMED[name.toLowerCase()];
}

export interface Stride {
  readonly count: number;
  readonly unit: TimeUnit;
}

/** `15m`, `1h`, `2w`, `500T`, `-3d`, `h` (count 1). Undefined when malformed. */
export function parseStride(text: string): Stride | undefined {
  const m = /^\s*([+-]?\d+)?\s*([a-zA-Z])\s*$/.exec(text);
  if (!m || !isTimeUnit(m[2])) return undefined;
  return { count: m[1] === undefined ? 1 : Number(m[1]), unit: m[2] };
}

const ymd = new Int32Array(3);

/** `ts + n units`; months/years follow the calendar and clamp to the month end (`2024-01-31 + 1M` = `2024-02-29`). */
export function addUnits(micros: number, unit: TimeUnit, n: number): number {
  const fixed = fixedUnitMicros(unit);
  if (fixed !== undefined) return micros + Math.trunc(n * fixed);
  const day = Math.floor(micros / MICROS_PER_DAY);
  const timeOfDay = micros - day * MICROS_PER_DAY;
  civilFromDays(day, ymd);
  const months = ymd[0] * 12 + (ymd[1] - 1) + (unit === 'y' ? n * 12 : n);
  const y = Math.floor(months / 12);
  const m = months - y * 12 + 1;
  const d = Math.min(ymd[2], daysInMonth(y, m));
  return daysFromCivil(y, m, d) * MICROS_PER_DAY + timeOfDay;
}

const DAY_BIG = BigInt(MICROS_PER_DAY);

/**
 * `addUnits` on exact µs, for instants or results beyond 2^53 (after 2255): the calendar is computed on
 * the day number (a small number) and only the final µs in 64-bit integers, which wrap as QuestDB's longs.
 */
export function addUnitsExact(micros: bigint, unit: TimeUnit, n: number): bigint {
  const fixed = fixedUnitMicros(unit);
  if (fixed !== undefined) return BigInt.asIntN(64, unit === 'n' ? micros + BigInt(Math.trunc(n / 1000)) : micros + BigInt(n) * BigInt(fixed));
  let day = micros / DAY_BIG;
  if (micros < day * DAY_BIG) day -= 1n;
  const timeOfDay = micros - day * DAY_BIG;
  civilFromDays(Number(day), ymd);
  const months = ymd[0] * 12 + (ymd[1] - 1) + (unit === 'y' ? n * 12 : n);
  const y = Math.floor(months / 12);
  const m = months - y * 12 + 1;
  const d = Math.min(ymd[2], daysInMonth(y, m));
  return BigInt.asIntN(64, BigInt(daysFromCivil(y, m, d)) * DAY_BIG + timeOfDay);
}

/** Whole units between two instants (truncated toward zero), as datediff: always non-negative. */
export function diffUnits(a: number, b: number, unit: TimeUnit): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const fixed = fixedUnitMicros(unit);
  if (fixed !== undefined) return Math.floor((hi - lo) / fixed);
  const months = monthsBetween(lo, hi);
  return unit === 'y' ? Math.floor(months / 12) : months;
}

function monthsBetween(lo: number, hi: number): number {
  const dl = Math.floor(lo / MICROS_PER_DAY);
  const dh = Math.floor(hi / MICROS_PER_DAY);
  civilFromDays(dl, ymd);
  const [y1, m1, d1] = [ymd[0], ymd[1], ymd[2]];
  civilFromDays(dh, ymd);
  let months = (ymd[0] - y1) * 12 + (ymd[1] - m1);
  const loRest = (d1 * MICROS_PER_DAY) + (lo - dl * MICROS_PER_DAY);
  const hiRest = (ymd[2] * MICROS_PER_DAY) + (hi - dh * MICROS_PER_DAY);
  if (hiRest < loRest) months--;
  return Math.max(0, months);
}

/**
 * Start of the stride bucket holding `micros`: buckets of `count` units counted from `origin`
 * (default the epoch). Months/years count calendar months from the origin's month.
 */
export function floorToStride(micros: number, stride: Stride, origin = 0): number {
  const fixed = fixedUnitMicros(stride.unit);
  if (fixed !== undefined) {
    const width = fixed * stride.count;
    return origin + Math.floor((micros - origin) / width) * width;
  }
  const step = stride.unit === 'y' ? stride.count * 12 : stride.count;
  civilFromDays(Math.floor(origin / MICROS_PER_DAY), ymd);
  const originMonths = ymd[0] * 12 + ymd[1] - 1;
  civilFromDays(Math.floor(micros / MICROS_PER_DAY), ymd);
  let k = Math.floor((ymd[0] * 12 + ymd[1] - 1 - originMonths) / step) * step;
  let start = addUnits(origin, 'M', k);
  if (start > micros) { k -= step; start = addUnits(origin, 'M', k); }
  return start;
}

/** Start of the calendar unit holding `micros` (date_trunc / timestamp_floor with a plain unit). */
export function truncateToUnit(micros: number, unit: TimeUnit): number {
  switch (unit) {
    case 'y': case 'M': {
      const day = Math.floor(micros / MICROS_PER_DAY);
      civilFromDays(day, ymd);
      return daysFromCivil(ymd[0], unit === 'y' ? 1 : ymd[1], 1) * MICROS_PER_DAY;
    }
    case 'w': {
      // ISO weeks start on Monday; 1970-01-01 was a Thursday.
      const day = Math.floor(micros / MICROS_PER_DAY);
      const monday = day - ((day + 3) % 7 + 7) % 7;
      return monday * MICROS_PER_DAY;
    }
    default: {
      const fixed = fixedUnitMicros(unit) ?? 1;
      return Math.floor(micros / fixed) * fixed;
    }
  }
}
