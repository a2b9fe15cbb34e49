/**
 * JSON strings for /exec: `"` → `\"`, `\` → `\\`, control characters
 * → `\n \r \t \b \f` or `\u00xx`; everything else, non-ASCII included, is copied as raw UTF-8. Values are
 * escaped straight from their UTF-8 bytes, without decoding to JS strings.
 */
import { JsonSink } from './json-sink';

/** 0 = copy; otherwise the character after the backslash (`u` = `\u00xx`). */
const ESCAPE = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) ESCAPE[c] = 0x75;
ESCAPE[0x08] = 0x62;
ESCAPE[0x09] = 0x74;
ESCAPE[0x0a] = 0x6e;
ESCAPE[0x0c] = 0x66;
ESCAPE[0x0d] = 0x72;
ESCAPE[0x22] = 0x22;
ESCAPE[0x5c] = 0x5c;

const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** Writes `"…"` for the UTF-8 bytes `src[start..end)`. */
export function writeJsonStringBytes(sink: JsonSink, src: Uint8Array, start: number, end: number): void {
  // Worst case every byte becomes \u00xx (6 bytes), plus the quotes.
  sink.ensure((end - start) * 6 + 2);
  const buf = sink.buf;
  let p = sink.pos;
  buf[p++] = 0x22;
  for (let i = start; i < end; i++) {
    const b = src[i];
    const e = ESCAPE[b];
    if (e === 0) {
      buf[p++] = b;
    } else {
      buf[p++] = 0x5c;
      buf[p++] = e;
      if (e === 0x75) {
        buf[p++] = 0x30;
        buf[p++] = 0x30;
        buf[p++] = HEX[b >> 4];
        buf[p++] = HEX[b & 15];
      }
    }
  }
  buf[p++] = 0x22;
  sink.pos = p;
}

/** Writes `"…"` for a JS string (column names, messages, CHAR values). */
export function writeJsonString(sink: JsonSink, s: string): void {
  const bytes = Buffer.from(s, 'utf8');
  writeJsonStringBytes(sink, bytes, 0, bytes.length);
}

/**
 * The JSON text of a JS string for small bodies built as strings (query echo, messages, names).
 * JSON.stringify escapes exactly the set above, with the same lower-case `\u00xx`.
 */
export function jsonString(s: string): string {
  return JSON.stringify(s);
}
