/**
 * TIMESTAMP as PostgreSQL's `timestamp` prints it with DateStyle ISO: `2024-01-01 00:00:00`, the
 * fraction only when non-zero and without trailing zeros (`…:00.5`, `…:00.123456`), years before 1 as
 * `0001-01-01 00:00:00 BC`. Written straight into the output buffer, no string per value.
 */
import { civilFromDays } from '../../core/time/iso-timestamp';

const MICROS_PER_DAY = 86_400_000_000;
/** The longest text: a 6-digit year, the time, a 6-digit fraction and ` BC`. */
export const TIMESTAMP_TEXT_MAX = 32;

export class PgTimestampText {
  private readonly civil = new Int32Array(3);

  /** Writes the text of `micros` at `p`; returns the end offset. */
  write(buf: Uint8Array, p: number, micros: number): number {
    const days = Math.floor(micros / MICROS_PER_DAY);
    let rest = micros - days * MICROS_PER_DAY;
    civilFromDays(days, this.civil);
    let year = this.civil[0];
    const bc = year <= 0;
    if (bc) year = 1 - year;
    if (year > 9999) { const s = String(year); for (let k = 0; k < s.length; k++) buf[p++] = s.charCodeAt(k); }
    else p = digits(buf, p, year, 4);
    buf[p++] = 45; p = digits(buf, p, this.civil[1], 2); buf[p++] = 45; p = digits(buf, p, this.civil[2], 2);
    buf[p++] = 32;
    const us = rest % 1_000_000;
    rest = (rest - us) / 1_000_000;
    const s = rest % 60, m = ((rest - s) / 60) % 60, h = Math.floor(rest / 3600);
    p = digits(buf, p, h, 2); buf[p++] = 58; p = digits(buf, p, m, 2); buf[p++] = 58; p = digits(buf, p, s, 2);
    if (us !== 0) {
      buf[p++] = 46;
      let frac = us, width = 6;
      while (frac % 10 === 0) { frac /= 10; width--; }
      p = digits(buf, p, frac, width);
    }
    if (bc) { buf[p++] = 32; buf[p++] = 66; buf[p++] = 67; }
    return p;
  }
}

function digits(buf: Uint8Array, p: number, v: number, width: number): number {
  for (let k = width - 1; k >= 0; k--) { buf[p + k] = 48 + (v % 10); v = Math.floor(v / 10); }
  return p + width;
}
