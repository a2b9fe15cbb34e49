/**
 * ISO-8601 text of TIMESTAMP (µs) and DATE (ms) values as /exec, /exp and the console print them:
 * `2024-01-01T00:00:00.000000Z` (always 6 fraction digits) and `2017-02-01T00:08:00.000Z`.
 * Civil-date arithmetic is done by hand (no Date objects), so formatting does not allocate per value
 * beyond the result string.
 */
const MICROS_PER_DAY = 86_400_000_000;

/** Days since 1970-01-01 → [year, month 1..12, day 1..31] (proleptic Gregorian; Hinnant's algorithm). */
export function civilFromDays(days: number, out: Int32Array): void {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  out[0] = yoe + era * 400 + (m <= 2 ? 1 : 0);
  out[1] = m;
  out[2] = d;
}

/** [year, month 1..12, day] → days since 1970-01-01. */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const ymd = new Int32Array(3);
let cachedDay = NaN;
let cachedDayText = '';

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

function yearText(y: number): string {
  if (y >= 0 && y <= 9999) return String(y).padStart(4, '0');
  // QuestDB prints a year past 9999 with all its digits and no sign (`10000-01-01T…`).
  return y < 0 ? '-' + String(-y).padStart(4, '0') : String(y);
}

function dayText(day: number): string {
  if (day !== cachedDay) {
    civilFromDays(day, ymd);
    cachedDay = day;
    cachedDayText = `${yearText(ymd[0])}-${pad2(ymd[1])}-${pad2(ymd[2])}T`;
  }
  return cachedDayText;
}

function timeOfDay(micros: number, fractionDigits: number): string {
  const s = Math.floor(micros / 1_000_000);
  const frac = micros - s * 1_000_000;
  const h = Math.floor(s / 3600);
  const mi = Math.floor((s - h * 3600) / 60);
  const se = s - h * 3600 - mi * 60;
  const fracText = fractionDigits === 6 ? String(frac).padStart(6, '0') : String(Math.floor(frac / 1000)).padStart(3, '0');
  return `${pad2(h)}:${pad2(mi)}:${pad2(se)}.${fracText}Z`;
}

/** TIMESTAMP (µs since epoch) → `yyyy-MM-ddTHH:mm:ss.SSSSSSZ`; a bigint is exact beyond 2^53 (after 2255). */
export function formatTimestampMicros(micros: number | bigint): string {
  if (typeof micros === 'bigint') {
    const [day, within] = splitDays(micros);
    return dayText(day) + timeOfDay(within, 6);
  }
  const day = Math.floor(micros / MICROS_PER_DAY);
  return dayText(day) + timeOfDay(micros - day * MICROS_PER_DAY, 6);
}

const MICROS_PER_DAY_BIG = 86_400_000_000n;

/** Exact µs → [days since the epoch, µs within the day]. */
export function splitDays(micros: bigint): [number, number] {
  let day = micros / MICROS_PER_DAY_BIG;
  let within = micros - day * MICROS_PER_DAY_BIG;
  if (within < 0n) { day -= 1n; within += MICROS_PER_DAY_BIG; }
  return [Number(day), Number(within)];
}

/** DATE (ms since epoch) → `yyyy-MM-ddTHH:mm:ss.SSSZ`; a bigint is exact beyond 2^53. */
export function formatDateMillis(millis: number | bigint): string {
  if (typeof millis === 'bigint') {
    const [day, within] = splitDays(millis * 1000n);
    return dayText(day) + timeOfDay(within, 3);
  }
  const micros = millis * 1000;
  const day = Math.floor(micros / MICROS_PER_DAY);
  return dayText(day) + timeOfDay(micros - day * MICROS_PER_DAY, 3);
}

/** How much of an ISO timestamp was written: a partial one means its whole unit (interval literals). */
export type IsoPrecision = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'fraction';

export interface IsoParts {
  /** µs since the epoch of the first instant the text names (offset applied). */
  readonly micros: number;
  /** The exact µs when `micros` is beyond 2^53 (after 2255), where a double rounds. */
  readonly exact?: bigint;
  readonly precision: IsoPrecision;
  /** Digits after the decimal point (0 unless precision is `fraction`). */
  readonly fractionDigits: number;
  /** Nanoseconds beyond the microsecond (fraction digits 7–9), for TIMESTAMP_NS. */
  readonly nanos: number;
}

/**
 * Parses the ISO forms of QuestDB's SQL dialect: date only, `2026-01`, `2026`, hours, minutes, seconds,
 * 1–9 fraction digits (truncated to µs), `T` or space, `Z`, `±HH`, `±HH:mm`, `±HHmm`; undefined when the
 * text is not such a timestamp.
 */
export function parseIsoParts(text: string): IsoParts | undefined {
  const m = ISO_RE.exec(text.trim());
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = m[2] === undefined ? 1 : Number(m[2]);
  const d = m[3] === undefined ? 1 : Number(m[3]);
  const h = m[4] === undefined ? 0 : Number(m[4]);
  const mi = m[5] === undefined ? 0 : Number(m[5]);
  const s = m[6] === undefined ? 0 : Number(m[6]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  const frac = m[7] === undefined ? 0 : Number((m[7] + '000000').slice(0, 6));
  let offsetMinutes = 0;
  if (m[8] !== undefined && m[8] !== 'Z' && m[8] !== 'z') {
    const sign = m[8][0] === '-' ? -1 : 1;
    const digits = m[8].slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const days = daysFromCivil(y, mo, d);
  const within = ((h * 60 + mi - offsetMinutes) * 60 + s) * 1_000_000 + frac;
  const micros = days * MICROS_PER_DAY + within;
  const precision: IsoPrecision = m[2] === undefined ? 'year' : m[3] === undefined ? 'month' : m[4] === undefined ? 'day'
    : m[5] === undefined ? 'hour' : m[6] === undefined ? 'minute' : m[7] === undefined ? 'second' : 'fraction';
  const nanos = m[7] === undefined ? 0 : Number((m[7] + '000000000').slice(6, 9));
  const parts = { micros, precision, fractionDigits: m[7]?.length ?? 0, nanos };
  return Number.isSafeInteger(micros) ? parts : { ...parts, exact: BigInt(days) * MICROS_PER_DAY_BIG + BigInt(within) };
}

/** `parseIsoParts(text)?.micros`: the instant an ISO text names, in µs since the epoch (a double). */
export function parseIsoTimestamp(text: string): number | undefined {
  return parseIsoParts(text)?.micros;
}

/** The instant an ISO text names in nanoseconds (TIMESTAMP_NS), exact. */
export function parseIsoTimestampNanos(text: string): bigint | undefined {
  const parts = parseIsoParts(text);
  return parts === undefined ? undefined : (parts.exact ?? BigInt(parts.micros)) * 1000n + BigInt(parts.nanos);
}

/** TIMESTAMP_NS → `yyyy-MM-ddTHH:mm:ss.SSSSSSSSSZ` (9 fraction digits). */
export function formatTimestampNanos(nanos: bigint | number): string {
  const ns = BigInt(nanos);
  let micros = ns / 1000n;
  let within = ns - micros * 1000n;
  if (within < 0n) { micros -= 1n; within += 1000n; }
  const text = formatTimestampMicros(Number.isSafeInteger(Number(micros)) ? Number(micros) : micros);
  return `${text.slice(0, -1)}${String(within).padStart(3, '0')}Z`;
}

/** The instant an ISO text names, exact: a number within 2^53, else a bigint. */
export function parseIsoTimestampExact(text: string): number | bigint | undefined {
  const parts = parseIsoParts(text);
  return parts === undefined ? undefined : parts.exact ?? parts.micros;
}

const ISO_RE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}
