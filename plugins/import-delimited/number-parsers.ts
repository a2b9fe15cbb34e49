/**
 * Numbers straight from UTF-8 bytes, with no string per value. Doubles are exact: the Clinger fast path
 * (mantissa ≤ 2^53, |exponent| ≤ 22: one correctly rounded division or multiplication), otherwise
 * `Number()` on the text. Failures come back as `PARSE_FAILED` (integers) or `NaN` (doubles; the
 * caller tells a literal `NaN` apart).
 */
const POW10 = Float64Array.from({ length: 23 }, (_, i) => 10 ** i);
const TWO_53 = 9007199254740992;

/** Integers beyond ±2^53 and syntax errors: callers check `=== PARSE_FAILED` then use `parseBigInteger`. */
export const PARSE_FAILED = -Infinity;
export const NEEDS_BIGINT = Infinity;

function latin1(b: Uint8Array, s: number, e: number): string {
  let out = '';
  for (let i = s; i < e; i++) out += String.fromCharCode(b[i]);
  return out;
}

/** A decimal integer: PARSE_FAILED on bad syntax, NEEDS_BIGINT when it has more than 15 digits. */
export function parseInteger(b: Uint8Array, s: number, e: number): number {
  let i = s;
  let neg = false;
  if (i < e && (b[i] === 0x2d || b[i] === 0x2b)) { neg = b[i] === 0x2d; i++; }
  if (i >= e) return PARSE_FAILED;
  if (e - i > 15) {
    for (let k = i; k < e; k++) if (b[k] < 0x30 || b[k] > 0x39) return PARSE_FAILED;
    return NEEDS_BIGINT;
  }
  let n = 0;
  for (; i < e; i++) {
    const d = b[i] - 0x30;
    if (d < 0 || d > 9) return PARSE_FAILED;
    n = n * 10 + d;
  }
  return neg ? -n : n;
}

/** A decimal integer of any length as BigInt (already validated by parseInteger). */
export function parseBigInteger(b: Uint8Array, s: number, e: number): bigint {
  return BigInt(latin1(b, s, e).replace(/^\+/, ''));
}

/** A decimal double (`-1.5`, `.5`, `1e-7`, `Infinity`); NaN when the text is not one. */
export function parseDouble(b: Uint8Array, s: number, e: number): number {
  const i = scanDouble(b, s, e, SCRATCH);
  if (i === NO_DIGITS) return parseSpecial(b, s, e);
  return i === e ? SCRATCH[0] : NaN;
}

const SCRATCH = new Float64Array(1);
/** scanDouble: no digit before the exponent (the text may be `NaN` or `Infinity`). */
export const NO_DIGITS = -1;
/** scanDouble: an exponent without digits. */
export const BAD_EXPONENT = -2;

/**
 * Reads the decimal number that starts at `s` (a sign, digits, a fraction, an exponent) up to the first byte
 * that cannot continue it, before `end`. Returns that position with the value in `out[0]` (exactly what
 * parseDouble gives for the bytes up to it), or NO_DIGITS / BAD_EXPONENT. Lets a caller find a field's end
 * and its value in one pass.
 */
export function scanDouble(b: Uint8Array, s: number, end: number, out: Float64Array): number {
  let i = s;
  let neg = false;
  const sign = i < end ? b[i] : 0;
  if (sign === 0x2d || sign === 0x2b) { neg = sign === 0x2d; i++; }
  // Digit loops test `d >>> 0 > 9` (one compare) and count digits by position: ~30% faster per value.
  let mantissa = 0;
  const intStart = i;
  for (; i < end; i++) {
    const d = b[i] - 0x30;
    if (d >>> 0 > 9) break;
    mantissa = mantissa * 10 + d;
  }
  let digits = i - intStart;
  let exponent = 0;
  if (i < end && b[i] === 0x2e) {
    const fracStart = ++i;
    for (; i < end; i++) {
      const d = b[i] - 0x30;
      if (d >>> 0 > 9) break;
      mantissa = mantissa * 10 + d;
    }
    exponent = fracStart - i;
    digits += i - fracStart;
  }
  if (digits === 0) return NO_DIGITS;
  if (i < end && (b[i] === 0x65 || b[i] === 0x45)) {
    i++;
    let expNeg = false;
    if (i < end && (b[i] === 0x2d || b[i] === 0x2b)) { expNeg = b[i] === 0x2d; i++; }
    let x = 0;
    const expStart = i;
    for (; i < end; i++) {
      const d = b[i] - 0x30;
      if (d >>> 0 > 9) break;
      if (x < 100000) x = x * 10 + d;
    }
    if (i === expStart) return BAD_EXPONENT;
    exponent += expNeg ? -x : x;
  }
  if (mantissa > TWO_53 || exponent < -22 || exponent > 22) {
    out[0] = Number(latin1(b, s, i));
  } else {
    const v = exponent < 0 ? mantissa / POW10[-exponent] : mantissa * POW10[exponent];
    out[0] = neg ? -v : v;
  }
  return i;
}

function parseSpecial(b: Uint8Array, s: number, e: number): number {
  const text = latin1(b, s, e);
  if (text === 'Infinity' || text === '+Infinity') return Infinity;
  if (text === '-Infinity') return -Infinity;
  return NaN;
}

/** Case-insensitive `NaN` or `null`: a DOUBLE null written out, not a conversion error. */
export function isNullWord(b: Uint8Array, s: number, e: number): boolean {
  if (e - s === 3) return (b[s] | 0x20) === 0x6e && (b[s + 1] | 0x20) === 0x61 && (b[s + 2] | 0x20) === 0x6e;
  if (e - s === 4) return (b[s] | 0x20) === 0x6e && (b[s + 1] | 0x20) === 0x75 && (b[s + 2] | 0x20) === 0x6c && (b[s + 3] | 0x20) === 0x6c;
  return false;
}

/** `true` / `false`, any case: 1 / 0, or -1. */
export function parseBoolean(b: Uint8Array, s: number, e: number): number {
  const n = e - s;
  if (n === 4 && (b[s] | 0x20) === 0x74 && (b[s + 1] | 0x20) === 0x72 && (b[s + 2] | 0x20) === 0x75 && (b[s + 3] | 0x20) === 0x65) return 1;
  if (n === 5 && (b[s] | 0x20) === 0x66 && (b[s + 1] | 0x20) === 0x61 && (b[s + 2] | 0x20) === 0x6c
    && (b[s + 3] | 0x20) === 0x73 && (b[s + 4] | 0x20) === 0x65) return 0;
  return -1;
}

/** Dotted IPv4 → its 32 bits as a signed int, or PARSE_FAILED. */
export function parseIpv4(b: Uint8Array, s: number, e: number): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = s; i < e; i++) {
    const c = b[i];
    if (c === 0x2e) {
      if (digits === 0 || part > 255) return PARSE_FAILED;
      value = value * 256 + part;
      part = 0; digits = 0; dots++;
    } else if (c >= 0x30 && c <= 0x39 && digits < 3) {
      part = part * 10 + (c - 0x30); digits++;
    } else return PARSE_FAILED;
  }
  if (dots !== 3 || digits === 0 || part > 255) return PARSE_FAILED;
  return (value * 256 + part) | 0;
}

function hex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` into 16 bytes at `out[o..]`: lo long then hi long, little-endian. */
export function parseUuid(b: Uint8Array, s: number, e: number, out: Uint8Array, o: number): boolean {
  if (e - s !== 36) return false;
  let nibble = 0;
  for (let i = s; i < e; i++) {
    const k = i - s;
    if (k === 8 || k === 13 || k === 18 || k === 23) { if (b[i] !== 0x2d) return false; continue; }
    const h = hex(b[i]);
    if (h < 0) return false;
    // nibble 0 is the most significant of hi; byte index from the little-endian end
    const byteFromTop = nibble >> 1;
    const target = byteFromTop < 8 ? 15 - byteFromTop : 7 - (byteFromTop - 8);
    out[o + target] = (nibble & 1) === 0 ? h << 4 : out[o + target] | h;
    nibble++;
  }
  return true;
}

/** `0x` + 1..64 hex digits into 32 bytes at `out[o..]`: four longs, least significant first, little-endian. */
export function parseLong256(b: Uint8Array, s: number, e: number, out: Uint8Array, o: number): boolean {
  const digits = e - s - 2;
  if (digits < 1 || digits > 64 || b[s] !== 0x30 || (b[s + 1] | 0x20) !== 0x78) return false;
  out.fill(0, o, o + 32);
  for (let k = 0; k < digits; k++) {
    const h = hex(b[e - 1 - k]);
    if (h < 0) return false;
    out[o + (k >> 1)] |= (k & 1) === 0 ? h : h << 4;
  }
  return true;
}
