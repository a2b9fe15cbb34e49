/**
 * The log line: `<timestamp> <marker> <source_name> <message>`, timestamp ISO 8601 UTC with
 * microseconds ending in `Z` (e.g. `2023-02-24T14:59:45.076113Z A server-main Config:`).
 * bunyan's own `time` is a Date (milliseconds), so the core carries its own microsecond clock.
 */
import { LEVEL_MARKER, LogLevel } from './log-level';

let cachedSecond = NaN;
let cachedPrefix = '';

/** `2024-01-12T18:48:53.979197Z`; the per-second prefix is cached, so a line costs one pad. */
export function formatMicros(micros: number): string {
  const second = Math.floor(micros / 1_000_000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 19) + '.';
  }
  const frac = micros - second * 1_000_000;
  return cachedPrefix + (frac >= 100_000 ? String(frac) : String(frac).padStart(6, '0')) + 'Z';
}

export function formatLine(micros: number, level: LogLevel, source: string, message: string,
  markers: Readonly<Record<LogLevel, string>> = LEVEL_MARKER): string {
  return `${formatMicros(micros)} ${markers[level]} ${source} ${message}`;
}

const origin = performance.timeOrigin;

/** Wall clock in microseconds, from the monotonic clock anchored at process start. */
export function nowMicros(): number {
  return Math.floor((origin + performance.now()) * 1000);
}
