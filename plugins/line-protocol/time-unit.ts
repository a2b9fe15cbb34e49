/**
 * Timestamp units of the protocol: the `precision` of an HTTP request (`n`/`ns` default, `u`/`us`, `ms`,
 * `s`, `m`, `h`) applies to a line's designated timestamp without suffix; the suffixes `n`, `t` (µs) and
 * `m` (ms) set the unit of one value. Values become µs (TIMESTAMP); nanoseconds are truncated toward zero by
 * dropping their last three digits, so 19-digit nanosecond timestamps convert exactly.
 */
export const TimeUnit = Object.freeze({ NANOS: 1, MICROS: 2, MILLIS: 3, SECONDS: 4, MINUTES: 5, HOURS: 6 });
export type TimeUnit = (typeof TimeUnit)[keyof typeof TimeUnit];

const MICROS_PER: readonly number[] = [0, 0, 1, 1_000, 1_000_000, 60_000_000, 3_600_000_000];
const MICROS_PER_BIG: readonly bigint[] = [0n, 0n, 1n, 1_000n, 1_000_000n, 60_000_000n, 3_600_000_000n];
const MAX_LONG = 9223372036854775807n;
const MIN_LONG = -9223372036854775808n;

/** The `precision` URL parameter as a unit; undefined for anything else (400 "unsupported precision"). */
export function precisionUnit(value: string | null): TimeUnit | undefined {
  switch (value) {
    case null: case 'n': case 'ns': return TimeUnit.NANOS;
    case 'u': case 'us': return TimeUnit.MICROS;
    case 'ms': return TimeUnit.MILLIS;
    case 's': return TimeUnit.SECONDS;
    case 'm': return TimeUnit.MINUTES;
    case 'h': return TimeUnit.HOURS;
    default: return undefined;
  }
}

/** Returned by `parseMicros` for text that is no integer (or one beyond the 64-bit range). */
export const NOT_A_NUMBER = NaN;

/**
 * `[-]digits` at `b[s..e)` counted in `unit`, as µs. NaN for bad syntax; a result beyond ±2^53 is returned
 * approximately (the caller then asks `parseMicrosBig` for the exact value or rejects it).
 */
export function parseMicros(b: Uint8Array, s: number, e: number, unit: TimeUnit): number {
  let i = s;
  let neg = false;
  if (i < e && b[i] === 0x2d) { neg = true; i++; }
  const digits = e - i;
  if (digits <= 0 || digits > 19) return NOT_A_NUMBER;
  // Nanoseconds: the last three digits are the sub-microsecond part.
  const stop = unit === TimeUnit.NANOS ? e - 3 : e;
  let n = 0;
  for (let k = i; k < e; k++) {
    const d = b[k] - 0x30;
    if (d >>> 0 > 9) return NOT_A_NUMBER;
    if (k < stop) n = n * 10 + d;
  }
  // Only a 19-digit value starting with 9 can pass the 64-bit range.
  if (digits === 19 && b[i] === 0x39 && parseMicrosBig(b, s, e, unit) === undefined) return NOT_A_NUMBER;
  if (unit !== TimeUnit.NANOS) n *= MICROS_PER[unit];
  return neg ? -n : n;
}

/** The exact µs of `b[s..e)` in `unit` as BigInt; undefined when the text is no 64-bit integer. */
export function parseMicrosBig(b: Uint8Array, s: number, e: number, unit: TimeUnit): bigint | undefined {
  let text = '';
  for (let k = s; k < e; k++) text += String.fromCharCode(b[k]);
  if (!/^-?\d{1,19}$/.test(text)) return undefined;
  const v = BigInt(text);
  if (v > MAX_LONG || v < MIN_LONG) return undefined;
  if (unit === TimeUnit.NANOS) return v / 1000n;
  return v * MICROS_PER_BIG[unit];
}

/** The current time in µs, with sub-millisecond resolution (rows without a timestamp). */
export function nowMicros(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}
