/**
 * Numbers as text bytes without a string per value where possible. Doubles print as the shortest
 * decimal that reads back to the same value, with `.0` for integral values as QuestDB does
 * (`100.0`, `0.1`); exponents in the Java style (`1.0E20`).
 */
import { ByteOutput } from './byte-output';

const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000];
const digitScratch = new Uint8Array(32);

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
  // Fast path: values with up to 6 fraction digits whose scaled value is an exact integer that reads
  // back to the same double, so its digits with the point put back are the shortest round-trip text.
  if (a < 1e15 && a >= 1e-3) {
    let d = 0;
    let scaled = 0;
    if (a < 1e9) {
      // Below 1e9 a double's spacing is under 1e-6 / 2, so at most one decimal with ≤ 6 fraction digits
      // reads back to `a`: find it at 6 digits and drop trailing zeros.
      scaled = Math.round(a * 1e6);
      if (scaled / 1e6 === a) {
        d = 6;
        if (scaled < 2147483648) {
          // Int32 arithmetic: float modulo costs several times more.
          let x = scaled | 0;
          while (d > 0) { const q = (x / 10) | 0; if (x - q * 10 !== 0) break; x = q; d--; }
          scaled = x;
        } else {
          while (d > 0 && scaled % 10 === 0) { scaled /= 10; d--; }
        }
      } else d = 7;
    } else {
      for (; d <= 6; d++) {
        scaled = Math.round(a * POW10[d]);
        if (scaled / POW10[d] === a) break;
      }
    }
    if (d <= 6 && scaled < 9007199254740992) {
      out.ensure(28);
      const b = out.buf;
      let p = out.pos;
      if (v < 0) b[p++] = 45;
      let n = 0;
      let x = scaled;
      if (x < 2147483648) {
        while (x >= 10) { const q = (x / 10) | 0; digitScratch[n++] = x - q * 10; x = q; }
      } else {
        while (x >= 10) { const q = Math.floor(x / 10); digitScratch[n++] = x - q * 10; x = q; }
      }
      digitScratch[n++] = x;
      while (n <= d) digitScratch[n++] = 0;
      for (let i = n - 1; i >= d; i--) b[p++] = 48 + digitScratch[i];
      b[p++] = 46;
      if (d === 0) b[p++] = 48;
      else for (let i = d - 1; i >= 0; i--) b[p++] = 48 + digitScratch[i];
      out.pos = p;
      return;
    }
  }
  // -0.0 keeps its sign (QuestDB's Numbers.append); String(-0) is "0".
  if (Object.is(v, -0)) { out.ascii('-0.0'); return; }
  // Outside the plain range QuestDB prints an exponent (`1.0E20`).
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
