/**
 * Numbers as text bytes without a string per value where possible. Doubles print as the shortest
 * decimal that reads back to the same value, with `.0` for integral values as the reference does
 * (http-api.md §3.2: `100.0`, `0.1`); exponents in the Java style (`1.0E20`).
 */
import { ByteOutput } from './byte-output';

const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000];
const digitScratch = new Uint8Array(24);

/** A non-negative safe integer's digits. */
function writeUnsigned(out: ByteOutput, v: number): void {
  if (v < 10) { out.byte(48 + v); return; }
  let n = 0;
  while (v > 0) {
    const q = Math.floor(v / 10);
    digitScratch[n++] = 48 + (v - q * 10);
    v = q;
  }
  out.ensure(n);
  const b = out.buf;
  let p = out.pos;
  while (n > 0) b[p++] = digitScratch[--n];
  out.pos = p;
}

/** A safe integer (|v| <= 2^53), e.g. INT, SHORT, LONG without `exact`. */
export function writeInteger(out: ByteOutput, v: number): void {
  if (v < 0) { out.byte(45); writeUnsigned(out, -v); return; }
  writeUnsigned(out, v);
}

/** Zero-padded fixed digits (fractions, time fields). */
export function writeFixedDigits(out: ByteOutput, v: number, width: number): void {
  out.ensure(width);
  const b = out.buf;
  for (let i = out.pos + width - 1; i >= out.pos; i--) {
    const q = Math.floor(v / 10);
    b[i] = 48 + (v - q * 10);
    v = q;
  }
  out.pos += width;
}

/** A finite double (callers print NaN/Infinity as null). */
export function writeDouble(out: ByteOutput, v: number): void {
  const a = v < 0 ? -v : v;
  // Fast path: values with up to 6 fraction digits whose scaled value is an exact integer read back
  // to the same double, so the digits below are the shortest round-trip text.
  if (a < 1e15 && a >= 1e-3) {
    for (let d = 0; d <= 6; d++) {
      const p = POW10[d];
      const scaled = Math.round(a * p);
      if (scaled / p === a && scaled < 9007199254740992) {
        if (v < 0) out.byte(45);
        const ip = Math.floor(scaled / p);
        writeUnsigned(out, ip);
        out.byte(46);
        if (d === 0) out.byte(48);
        else writeFixedDigits(out, scaled - ip * p, d);
        return;
      }
    }
  }
  // Outside the plain range the reference prints an exponent (`1.0E20`, http-api.md §3.2).
  out.ascii(javaStyle(a >= 1e16 || (a < 1e-3 && a > 0) ? v.toExponential() : String(v)));
}

/** JS `1e+21` / `1.5e-7` → `1.0E21` / `1.5E-7`; integral `5` → `5.0`. */
function javaStyle(s: string): string {
  const e = s.indexOf('e');
  if (e < 0) return s.includes('.') ? s : s + '.0';
  let mantissa = s.slice(0, e);
  if (!mantissa.includes('.')) mantissa += '.0';
  const exp = s.slice(e + 1);
  return `${mantissa}E${exp[0] === '+' ? exp.slice(1) : exp}`;
}
