/**
 * TIMESTAMP as PostgreSQL's `timestamp` prints it with DateStyle ISO: `2024-01-01 00:00:00`, the
 * fraction only when non-zero and without trailing zeros (`…:00.5`, `…:00.123456`), years before 1 as
 * `0001-01-01 00:00:00 BC`. Written straight into the output buffer, no string per value.
 */
import { civilFromDays } from '../../core/time/iso-timestamp';

const SECONDS_PER_DAY = 86_400;
/** The longest text: a 6-digit year, the time, a 6-digit fraction and ` BC`. */
export const TIMESTAMP_TEXT_MAX = 32;

export class PgTimestampText {
  private readonly civil = new Int32Array(3);
  /** The date part of the last day written (`2024-01-02 `): rows of one day share it. */
  private day = NaN;
  private readonly date = new Uint8Array(16);
  private dateLength = 0;
  private bc = false;

  /** Writes the text of `micros` (|micros| ≤ 2^53) at `p`; returns the end offset. */
  write(buf: Uint8Array, p: number, micros: number): number {
    const seconds = Math.floor(micros / 1_000_000);
    return this.writeSeconds(buf, p, seconds, micros - seconds * 1_000_000);
  }

  /**
   * Writes the text of `seconds` since 1970 plus `micros` (0 to 999,999) at `p`; returns the end offset.
   * Any 64-bit count of µs or ns splits into these exactly (int64-words.ts), where a double of µs could not.
   */
  writeSeconds(buf: Uint8Array, p: number, seconds: number, micros: number): number {
    const days = Math.floor(seconds / SECONDS_PER_DAY);
    if (days !== this.day) this.setDay(days);
    const date = this.date;
    for (let k = 0, n = this.dateLength; k < n; k++) buf[p++] = date[k];
    const bc = this.bc;
    // Seconds of the day and µs of the second fit 32 bits: integer arithmetic from here.
    const sod = (seconds - days * SECONDS_PER_DAY) | 0;
    const us = micros | 0;
    const minutes = (sod / 60) | 0, s = sod - minutes * 60;
    const h = (minutes / 60) | 0, m = minutes - h * 60;
    p = digits(buf, p, h, 2); buf[p++] = 58; p = digits(buf, p, m, 2); buf[p++] = 58; p = digits(buf, p, s, 2);
    if (us !== 0) {
      buf[p++] = 46;
      let frac = us, width = 6;
      while (frac % 10 === 0) { frac = (frac / 10) | 0; width--; }
      p = digits(buf, p, frac, width);
    }
    if (bc) { buf[p++] = 32; buf[p++] = 66; buf[p++] = 67; }
    return p;
  }

  private setDay(days: number): void {
    civilFromDays(days, this.civil);
    let year = this.civil[0];
    this.bc = year <= 0;
    if (this.bc) year = 1 - year;
    const d = this.date;
    let p = 0;
    if (year > 9999) { const s = String(year); for (let k = 0; k < s.length; k++) d[p++] = s.charCodeAt(k); }
    else p = digits(d, p, year, 4);
    d[p++] = 45; p = digits(d, p, this.civil[1], 2); d[p++] = 45; p = digits(d, p, this.civil[2], 2);
    d[p++] = 32;
    this.dateLength = p;
    this.day = days;
  }
}

/** `v` (< 2^31) in `width` zero-padded digits. */
function digits(buf: Uint8Array, p: number, v: number, width: number): number {
  let x = v | 0;
  for (let k = width - 1; k >= 0; k--) { const q = (x / 10) | 0; buf[p + k] = 48 + x - q * 10; x = q; }
  return p + width;
}
