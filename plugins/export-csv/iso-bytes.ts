/**
 * TIMESTAMP (µs) and DATE (ms) as ISO-8601 bytes (`2024-01-01T00:00:00.000000Z`), written straight
 * into the output. The `yyyy-MM-ddT` prefix is cached per day, so a row costs a few divisions.
 */
import { encodeUtf8 } from '../../core/data/utf8';
import { formatTimestampMicros } from '../../core/time/iso-timestamp';
import { ByteOutput } from './byte-output';

const MICROS_PER_DAY = 86_400_000_000;

export class IsoBytes {
  private day = NaN;
  private dayPrefix: Uint8Array = new Uint8Array(0);

  /** `micros` since epoch; `fractionDigits` 6 (TIMESTAMP) or 3 (DATE, pass millis * 1000). */
  write(out: ByteOutput, micros: number, fractionDigits: 3 | 6): void {
    const day = Math.floor(micros / MICROS_PER_DAY);
    if (day !== this.day) {
      this.day = day;
      const text = formatTimestampMicros(day * MICROS_PER_DAY);
      this.dayPrefix = encodeUtf8(text.slice(0, text.indexOf('T') + 1));
    }
    const prefix = this.dayPrefix;
    out.ensure(prefix.length + 17);
    const b = out.buf;
    let p = out.pos;
    for (let i = 0; i < prefix.length; i++) b[p++] = prefix[i];
    const rest = micros - day * MICROS_PER_DAY;
    const s = Math.floor(rest / 1_000_000);
    let frac = rest - s * 1_000_000;
    const h = (s / 3600) | 0;
    const mi = ((s - h * 3600) / 60) | 0;
    const se = s - h * 3600 - mi * 60;
    b[p++] = 48 + ((h / 10) | 0); b[p++] = 48 + (h % 10); b[p++] = 58;
    b[p++] = 48 + ((mi / 10) | 0); b[p++] = 48 + (mi % 10); b[p++] = 58;
    b[p++] = 48 + ((se / 10) | 0); b[p++] = 48 + (se % 10); b[p++] = 46;
    let width = 6;
    if (fractionDigits === 3) { frac = (frac / 1000) | 0; width = 3; }
    for (let i = p + width - 1; i >= p; i--) { const q = (frac / 10) | 0; b[i] = 48 + frac - q * 10; frac = q; }
    p += width;
    b[p++] = 90;
    out.pos = p;
  }
}
