/**
 * Byte-level JSON pieces for NDJSON import: where a value ends, what kind it is, and a string's content
 * with its escapes undone (into a scratch buffer, UTF-8). No string or object is made per value, so a
 * line costs one pass over its bytes. Every function returns -1 for malformed input.
 */

export const enum JsonKind { Invalid, String, Number, True, False, Null, Nested }

export function skipSpace(b: Uint8Array, p: number, end: number): number {
  while (p < end) {
    const c = b[p];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) break;
    p++;
  }
  return p;
}

export function kindAt(b: Uint8Array, p: number): JsonKind {
  const c = b[p];
  if (c === 0x22) return JsonKind.String;
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return JsonKind.Number;
  if (c === 0x74) return JsonKind.True;
  if (c === 0x66) return JsonKind.False;
  if (c === 0x6e) return JsonKind.Null;
  if (c === 0x7b || c === 0x5b) return JsonKind.Nested;
  return JsonKind.Invalid;
}

/** End of the string starting at the quote `p` (index after the closing quote); `escaped[0]` = 1 when it has escapes. */
export function stringEnd(b: Uint8Array, p: number, end: number, escaped: Uint8Array): number {
  escaped[0] = 0;
  for (let i = p + 1; i < end; i++) {
    const c = b[i];
    if (c === 0x22) return i + 1;
    if (c === 0x5c) { escaped[0] = 1; i++; continue; }
    if (c < 0x20) return -1;
  }
  return -1;
}

export function numberEnd(b: Uint8Array, p: number, end: number): number {
  let i = p;
  while (i < end) {
    const c = b[i];
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45) i++;
    else break;
  }
  return i > p ? i : -1;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** End of the literal `true`, `false` or `null` at `p`. */
export function literalEnd(b: Uint8Array, p: number, end: number, kind: JsonKind): number {
  const word = kind === JsonKind.True ? TRUE : kind === JsonKind.False ? FALSE : NULL;
  if (p + word.length > end) return -1;
  for (let k = 0; k < word.length; k++) if (b[p + k] !== word[k]) return -1;
  return p + word.length;
}

/** End of the object or array starting at `p`, strings inside skipped whole. */
const NESTED_ESCAPED = new Uint8Array(1);

export function nestedEnd(b: Uint8Array, p: number, end: number): number {
  let depth = 0;
  const scratch = NESTED_ESCAPED;
  for (let i = p; i < end; i++) {
    const c = b[i];
    if (c === 0x22) {
      const e = stringEnd(b, i, end, scratch);
      if (e < 0) return -1;
      i = e - 1;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

function hex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

function hex4(b: Uint8Array, p: number): number {
  const a = hex(b[p]); const x = hex(b[p + 1]); const y = hex(b[p + 2]); const z = hex(b[p + 3]);
  return a < 0 || x < 0 || y < 0 || z < 0 ? -1 : (a << 12) | (x << 8) | (y << 4) | z;
}

/**
 * The content of the string between `s` (after the opening quote) and `e` (at the closing quote) with its
 * escapes undone, written as UTF-8 into `out` (at least `e - s` bytes); returns its length or -1.
 */
export function unescapeString(b: Uint8Array, s: number, e: number, out: Uint8Array): number {
  let o = 0;
  for (let i = s; i < e; i++) {
    const c = b[i];
    if (c !== 0x5c) { out[o++] = c; continue; }
    const x = b[++i];
    switch (x) {
      case 0x22: case 0x5c: case 0x2f: out[o++] = x; break;
      case 0x62: out[o++] = 8; break;
      case 0x66: out[o++] = 12; break;
      case 0x6e: out[o++] = 10; break;
      case 0x72: out[o++] = 13; break;
      case 0x74: out[o++] = 9; break;
      case 0x75: {
        let cp = hex4(b, i + 1);
        if (cp < 0 || i + 4 >= e) return -1;
        i += 4;
        if (cp >= 0xd800 && cp <= 0xdbff && b[i + 1] === 0x5c && b[i + 2] === 0x75) {
          const low = hex4(b, i + 3);
          if (low >= 0xdc00 && low <= 0xdfff) { cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00); i += 6; }
        }
        if (cp < 0x80) out[o++] = cp;
        else if (cp < 0x800) { out[o++] = 0xc0 | (cp >> 6); out[o++] = 0x80 | (cp & 63); }
        else if (cp < 0x10000) { out[o++] = 0xe0 | (cp >> 12); out[o++] = 0x80 | ((cp >> 6) & 63); out[o++] = 0x80 | (cp & 63); }
        else {
          out[o++] = 0xf0 | (cp >> 18); out[o++] = 0x80 | ((cp >> 12) & 63);
          out[o++] = 0x80 | ((cp >> 6) & 63); out[o++] = 0x80 | (cp & 63);
        }
        break;
      }
      default: return -1;
    }
  }
  return o;
}
