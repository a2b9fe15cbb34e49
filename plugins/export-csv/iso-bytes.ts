/**
 * TIMESTAMP (µs) and DATE (ms) as ISO-8601 bytes (`2024-01-01T00:00:00.000000Z`), written straight
 * into the output. The `yyyy-MM-ddT` prefix is cached per day, so a row costs a few divisions.
 */
import { encodeUtf8 } from '../../core/data/utf8';
import { formatTimestampMicros } from '../../core/time/iso-timestamp';
import { ByteOutput } from './byte-output';
import { writeFixedDigits } from './number-text';

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
    out.bytes(this.dayPrefix);
    let rest = micros - day * MICROS_PER_DAY;
    const s = Math.floor(rest / 1_000_000);
    rest -= s * 1_000_000;
    const h = Math.floor(s / 3600);
    const mi = Math.floor((s - h * 3600) / 60);
    writeFixedDigits(out, h, 2); out.byte(58);
    writeFixedDigits(out, mi, 2); out.byte(58);
    writeFixedDigits(out, s - h * 3600 - mi * 60, 2); out.byte(46);
    if (fractionDigits === 6) writeFixedDigits(out, rest, 6);
    else writeFixedDigits(out, Math.floor(rest / 1000), 3);
    out.byte(90);
  }
}
