/** UTF-8 helpers for var-size vectors. Decoding of pure-ASCII runs avoids TextDecoder's per-call cost. */
const decoder = new TextDecoder('utf-8');
export const utf8Encoder = new TextEncoder();

export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n <= 0) return '';
  if (n <= 32) {
    let ascii = true;
    for (let i = start; i < end; i++) if (bytes[i] > 0x7f) { ascii = false; break; }
    if (ascii) {
      let s = '';
      for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
      return s;
    }
  }
  return decoder.decode(bytes.subarray(start, end));
}

export function encodeUtf8(s: string): Uint8Array {
  return utf8Encoder.encode(s);
}

/** UTF-8 length of a JS string without encoding it. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) { n += 4; i++; }
    else n += 3;
  }
  return n;
}
