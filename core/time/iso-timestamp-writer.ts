/**
 * The byte-level twin of iso-timestamp.ts for serializers: writes `yyyy-MM-ddTHH:mm:ss.SSSSSSZ` (TIMESTAMP µs)
 * or `yyyy-MM-ddTHH:mm:ss.SSSZ` (DATE ms) into a buffer without building strings. The date part is
 * cached per day, since consecutive rows almost always share it.
 */
import { formatTimestampMicros } from './iso-timestamp';

const MICROS_PER_DAY = 86_400_000_000;

export class IsoTimestampWriter {
  private day = NaN;
  private dayBytes: Buffer = Buffer.alloc(0);

  /** Longest output: 5+ digit years are rare but possible (`10000-…`). */
  static readonly MAX_BYTES = 40;

  /** Writes TIMESTAMP µs (6 fraction digits) at `p`; returns the position after it. */
  micros(buf: Uint8Array, p: number, micros: number): number {
    const day = Math.floor(micros / MICROS_PER_DAY);
    p = this.writeDay(buf, p, day);
    return writeTime(buf, p, micros - day * MICROS_PER_DAY, 6);
  }

  /** Writes DATE ms (3 fraction digits) at `p`; returns the position after it. */
  millis(buf: Uint8Array, p: number, millis: number): number {
    const micros = millis * 1000;
    const day = Math.floor(micros / MICROS_PER_DAY);
    p = this.writeDay(buf, p, day);
    return writeTime(buf, p, micros - day * MICROS_PER_DAY, 3);
  }

  private writeDay(buf: Uint8Array, p: number, day: number): number {
    if (day !== this.day) {
      this.day = day;
      // The string formatter already knows every year form; its first part up to 'T' is the day.
      const text = formatTimestampMicros(day * MICROS_PER_DAY);
      this.dayBytes = Buffer.from(text.slice(0, text.indexOf('T') + 1), 'latin1');
    }
    const d = this.dayBytes;
    for (let i = 0; i < d.length; i++) buf[p++] = d[i];
    return p;
  }
}

/** "00".."99" as byte pairs: two digits by one lookup instead of a division. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + ((i / 10) | 0);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}

function two(buf: Uint8Array, p: number, v: number): void {
  buf[p] = PAIRS[2 * v];
  buf[p + 1] = PAIRS[2 * v + 1];
}

/** `HH:mm:ss.` + fraction + `Z` for µs within a day (0 <= micros < 86.4e9, so seconds fit an int). */
function writeTime(buf: Uint8Array, p: number, micros: number, fractionDigits: 3 | 6): number {
  const s = Math.floor(micros / 1_000_000);
  const frac = micros - s * 1_000_000;
  const h = (s / 3600) | 0;
  const rest = s - h * 3600;
  const mi = (rest / 60) | 0;
  two(buf, p, h); buf[p + 2] = 58;
  two(buf, p + 3, mi); buf[p + 5] = 58;
  two(buf, p + 6, rest - mi * 60); buf[p + 8] = 46;
  p += 9;
  if (fractionDigits === 3) {
    const ms = (frac / 1000) | 0;
    const hundreds = (ms / 100) | 0;
    buf[p] = 48 + hundreds;
    two(buf, p + 1, ms - hundreds * 100);
    p += 3;
  } else {
    const hi = (frac / 10000) | 0;
    const rem = frac - hi * 10000;
    const mid = (rem / 100) | 0;
    two(buf, p, hi);
    two(buf, p + 2, mid);
    two(buf, p + 4, rem - mid * 100);
    p += 6;
  }
  buf[p++] = 90;
  return p;
}
