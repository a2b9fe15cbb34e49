/**
 * Text forms of LONG256 and GEOHASH, as `cast('…' AS long256)`, `cast('…' AS geohash(4c))` and INSERT read
 * them. Layouts follow core/data/vector.ts: LONG256 is 32 bytes, four 64-bit words
 * little-endian with the least significant first (so the whole value is little-endian); GEOHASH holds the
 * hash bits as a number.
 */

const GEO_ALPHABET = '0123456789bcdefghjkmnpqrstuvwxyz';
const GEO_VALUES: ReadonlyMap<string, number> = new Map([...GEO_ALPHABET].map((ch, i) => [ch, i]));
const GEO_CODES = new Int8Array(128).fill(-1);
for (const [i, ch] of [...GEO_ALPHABET].entries()) { GEO_CODES[ch.charCodeAt(0)] = i; GEO_CODES[ch.toUpperCase().charCodeAt(0)] = i; }

/** The base-32 value of a geohash character's code (either case), or -1: for parsers that read bytes. */
export function geohashDigit(code: number): number {
  return code < 128 ? GEO_CODES[code] : -1;
}

/** `0x` followed by 1..64 hex digits → 32 little-endian bytes; anything else is undefined. */
export function parseLong256(text: string): Uint8Array | undefined {
  const m = /^0x([0-9a-f]{1,64})$/i.exec(text.trim());
  if (!m) return undefined;
  const digits = m[1];
  const out = new Uint8Array(32);
  // Two hex digits per byte, from the last (least significant) pair to the first.
  for (let k = 0, end = digits.length; end > 0; k++, end -= 2) {
    out[k] = parseInt(digits.slice(Math.max(0, end - 2), end), 16);
  }
  return out;
}

/**
 * Geohash characters → the top `bits` bits of the hash. Extra characters are dropped (QuestDB truncates a
 * longer hash to the column's precision); too few characters, or a character outside the base-32 alphabet,
 * give undefined.
 */
export function parseGeohash(text: string, bits: number): number | undefined {
  const chars = Math.ceil(bits / 5);
  if (text.length < chars || bits < 1 || bits > 60) return undefined;
  let value = 0;
  for (let i = 0; i < chars; i++) {
    const v = GEO_VALUES.get(text[i].toLowerCase());
    if (v === undefined) return undefined;
    // Multiplication, not shifts: hashes pass 32 bits. The Float64Array layout is exact up to 53 bits.
    value = value * 32 + v;
  }
  return Math.floor(value / 2 ** (chars * 5 - bits));
}

/** Geohash characters → the top `bits` bits, exact for precisions above 53 bits (a bigint then). */
export function parseGeohashExact(text: string, bits: number): number | bigint | undefined {
  if (bits <= 53) return parseGeohash(text, bits);
  const chars = Math.ceil(bits / 5);
  if (text.length < chars || bits > 60) return undefined;
  let value = 0n;
  for (let i = 0; i < chars; i++) {
    const v = GEO_VALUES.get(text[i].toLowerCase());
    if (v === undefined) return undefined;
    value = value * 32n + BigInt(v);
  }
  return value >> BigInt(chars * 5 - bits);
}

/** GEOHASH bits → base-32 characters (a precision in characters) or binary digits; exact for a bigint. */
export function geohashText(bits: number, chars: boolean, hash: number | bigint): string {
  const h = BigInt(hash);
  let s = '';
  if (chars && bits % 5 === 0) {
    for (let c = bits / 5 - 1; c >= 0; c--) s += GEO_ALPHABET[Number((h >> BigInt(c * 5)) & 31n)];
    return s;
  }
  for (let b = bits - 1; b >= 0; b--) s += (h >> BigInt(b)) & 1n ? '1' : '0';
  return s;
}
