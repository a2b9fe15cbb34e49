/**
 * COPY FROM STDIN data in PostgreSQL's text or CSV format, rewritten as the CSV the import parser reads
 * (`,`, `"` quotes, NULL as an empty field), so COPY goes through the same conversions as /imp. Text
 * format: fields split by the delimiter (tab), lines by `\n` (a `\r` before it dropped), backslash
 * escapes (`\t`, `\n`, `\\`, octal `\123`, hex `\x41`, any other character as itself), `\N` (the NULL
 * string) as NULL. CSV: fields split by the delimiter (`,`), QUOTE and ESCAPE (`"`), line breaks inside
 * quotes kept, an unquoted field equal to the NULL string (empty) as NULL. In both a line `\.` ends the
 * data, and HEADER skips the first line. Data arrives in arbitrary pieces (CopyData messages): state is
 * kept across them, and only whole rows are handed on. A row with another number of fields than the
 * columns it fills is refused as PostgreSQL refuses it (22P04), and so is a row longer than `maxRowBytes`.
 */
import { SvcError } from '../../core/errors';
import { CopyOptions } from './copy-statement';
import { protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';

const LF = 10, CR = 13, BACKSLASH = 92, COMMA = 44, DQUOTE = 34, DOT = 46;

export class CopyTranscoder {
  /** Rows handed on (header excluded). */
  rows = 0;
  private field = new Uint8Array(256);
  private fieldLength = 0;
  /** The field began with QUOTE (CSV): it is never NULL. */
  private quoted = false;
  private inQuotes = false;
  /** After a backslash (text) or an ESCAPE inside quotes (CSV). */
  private escaped = false;
  private rowBytes = 0;
  private fieldsInRow = 0;
  private skipHeader: boolean;
  private ended = false;
  private out = new Uint8Array(0);
  private outLength = 0;
  /** Where the row being written started in `out`: a partial row stays behind for the next piece. */
  private rowStart = 0;
  private readonly nullBytes: Buffer;

  /** `columns`: the names of the columns each row fills, in field order. */
  constructor(private readonly options: CopyOptions, private readonly columns: readonly string[], private readonly maxRowBytes: number) {
    this.skipHeader = options.header;
    this.nullBytes = Buffer.from(options.nullText, 'utf8');
  }

  /** The CSV of the rows `chunk` completes (a fresh buffer, the caller's to keep). */
  push(chunk: Uint8Array): Uint8Array {
    if (!this.ended) {
      if (this.options.format === 'csv') this.csv(chunk); else this.text(chunk);
    }
    return this.take();
  }

  /** The end of the data: a last line without a newline is a row too; a quote left open is an error. */
  finish(): Uint8Array {
    if (!this.ended) {
      if (this.inQuotes && this.escaped && this.options.escape === this.options.quote) { this.inQuotes = false; this.escaped = false; }
      if (this.inQuotes) throw protocolError('unterminated CSV quoted field', SQLSTATE.BAD_COPY_DATA);
      if (this.escaped && this.options.format === 'text') this.put(BACKSLASH);
      if (this.fieldLength > 0 || this.fieldsInRow > 0 || this.quoted) this.endRow();
    }
    this.ended = true;
    return this.take();
  }

  private text(b: Uint8Array): void {
    const delimiter = this.options.delimiter;
    for (let i = 0; i < b.length && !this.ended; i++) {
      const c = b[i];
      if (this.escaped) { this.escaped = false; this.put(BACKSLASH); this.put(c); continue; }
      if (c === BACKSLASH) { this.escaped = true; continue; }
      this.plain(c, delimiter);
    }
  }

  private csv(b: Uint8Array): void {
    const { delimiter, quote, escape } = this.options;
    for (let i = 0; i < b.length && !this.ended; i++) {
      const c = b[i];
      if (this.inQuotes) {
        if (this.escaped) {
          this.escaped = false;
          // An escape followed by a quote or an escape is that character; the quote that ends a field is not.
          if (c === quote || c === escape) { this.put(c); continue; }
          if (escape === quote) { this.inQuotes = false; i--; continue; }
          this.put(escape);
          i--;
          continue;
        }
        if (c === escape) { this.escaped = true; continue; }
        if (c === quote) { this.inQuotes = false; continue; }
        this.put(c);
        continue;
      }
      if (c === quote) { this.inQuotes = true; this.quoted = true; continue; }
      this.plain(c, delimiter);
    }
    // A piece may end right after an escape that doubles as the closing quote: decided by the next byte.
  }

  /** A byte outside quotes and escapes: the delimiter ends the field, `\n` the row (a `\r` before it is dropped). */
  private plain(c: number, delimiter: number): void {
    if (c === delimiter) { this.endField(); return; }
    if (c !== LF) { this.put(c); return; }
    if (this.fieldLength > 0 && this.field[this.fieldLength - 1] === CR) this.fieldLength--;
    this.endRow();
  }

  private put(c: number): void {
    if (this.fieldLength === this.field.length) {
      const next = new Uint8Array(this.field.length * 2);
      next.set(this.field);
      this.field = next;
    }
    this.field[this.fieldLength++] = c;
    if (++this.rowBytes > this.maxRowBytes) {
      throw new SvcError(`COPY row is longer than the largest message a client may send [limit=${this.maxRowBytes} bytes] (pg.recv.buffer.size)`, 400);
    }
  }

  private endField(): void {
    if (!this.skipHeader && this.fieldsInRow < this.columns.length) this.writeField();
    this.fieldsInRow++;
    this.fieldLength = 0;
    this.quoted = false;
  }

  private endRow(): void {
    if (this.fieldsInRow === 0 && !this.quoted && this.fieldLength === 2 && this.field[0] === BACKSLASH && this.field[1] === DOT) {
      // `\.` alone on a line: the end of the data (PostgreSQL's end-of-copy marker).
      this.ended = true;
      this.outLength = this.rowStart;
      return;
    }
    this.endField();
    if (!this.skipHeader && this.fieldsInRow !== this.columns.length) {
      const row = this.rows + 1;
      if (this.fieldsInRow > this.columns.length) throw protocolError(`extra data after last expected column [row=${row}]`, SQLSTATE.BAD_COPY_DATA);
      throw protocolError(`missing data for column "${this.columns[this.fieldsInRow]}" [row=${row}]`, SQLSTATE.BAD_COPY_DATA);
    }
    if (this.skipHeader) this.skipHeader = false;
    else { this.emit(LF); this.rows++; this.rowStart = this.outLength; }
    this.fieldsInRow = 0;
    this.rowBytes = 0;
  }

  /** The field as canonical CSV: nothing for NULL, else the value, quoted when it must be. */
  private writeField(): void {
    if (this.fieldsInRow > 0) this.emit(COMMA);
    const f = this.field, n = this.fieldLength;
    if (!this.quoted && this.isNull(f, n)) return;
    if (this.options.format === 'text') { this.writeQuoted(unescapeText(f, n)); return; }
    this.writeQuoted(f.subarray(0, n));
  }

  private isNull(f: Uint8Array, n: number): boolean {
    const nb = this.nullBytes;
    if (n !== nb.length) return false;
    for (let k = 0; k < n; k++) if (f[k] !== nb[k]) return false;
    return true;
  }

  private writeQuoted(v: Uint8Array): void {
    let plain = v.length > 0;
    for (let k = 0; k < v.length && plain; k++) { const c = v[k]; if (c === COMMA || c === DQUOTE || c === LF || c === CR) plain = false; }
    if (plain) { for (let k = 0; k < v.length; k++) this.emit(v[k]); return; }
    this.emit(DQUOTE);
    for (let k = 0; k < v.length; k++) { if (v[k] === DQUOTE) this.emit(DQUOTE); this.emit(v[k]); }
    this.emit(DQUOTE);
  }

  private emit(c: number): void {
    if (this.outLength === this.out.length) {
      const next = new Uint8Array(Math.max(4096, this.out.length * 2));
      next.set(this.out.subarray(0, this.outLength));
      this.out = next;
    }
    this.out[this.outLength++] = c;
  }

  private take(): Uint8Array {
    const whole = this.out.slice(0, this.rowStart);
    this.out.copyWithin(0, this.rowStart, this.outLength);
    this.outLength -= this.rowStart;
    this.rowStart = 0;
    return whole;
  }
}

/** A text-format field's value: backslash escapes resolved (the field's bytes are reused; the result is a view). */
function unescapeText(f: Uint8Array, n: number): Uint8Array {
  let w = 0;
  for (let r = 0; r < n; r++) {
    if (f[r] !== BACKSLASH || r + 1 >= n) { f[w++] = f[r]; continue; }
    const c = f[++r];
    switch (c) {
      case 98: f[w++] = 8; break; // \b
      case 102: f[w++] = 12; break; // \f
      case 110: f[w++] = LF; break; // \n
      case 114: f[w++] = CR; break; // \r
      case 116: f[w++] = 9; break; // \t
      case 118: f[w++] = 11; break; // \v
      case 120: { // \xHH
        let v = 0, k = 0;
        while (k < 2 && r + 1 < n && isHex(f[r + 1])) { v = v * 16 + hexValue(f[++r]); k++; }
        f[w++] = k === 0 ? c : v;
        break;
      }
      default:
        if (c >= 48 && c <= 55) { // \ooo
          let v = c - 48, k = 1;
          while (k < 3 && r + 1 < n && f[r + 1] >= 48 && f[r + 1] <= 55) { v = v * 8 + (f[++r] - 48); k++; }
          f[w++] = v & 255;
        } else f[w++] = c;
    }
  }
  return f.subarray(0, w);
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function hexValue(c: number): number {
  return c <= 57 ? c - 48 : (c | 32) - 87;
}
