/**
 * Numbers as /exec prints them, written as ASCII digits straight into the sink.
 * Doubles follow QuestDB's Java-style text: the shortest digits that read back to the same
 * value, always with a fraction (`100.0`), plain for 1e-3 <= |x| < 1e7 and `d.dddE±n` outside
 * (`1.0E7`, `1.5E-4`); NaN and ±Infinity are `null`.
 */
import { JsonSink } from './json-sink';

const NULL_BYTES = Buffer.from('null', 'latin1');

export function writeNull(sink: JsonSink): void {
  sink.ensure(4);
  const buf = sink.buf;
  const p = sink.pos;
  buf[p] = NULL_BYTES[0]; buf[p + 1] = NULL_BYTES[1]; buf[p + 2] = NULL_BYTES[2]; buf[p + 3] = NULL_BYTES[3];
  sink.pos = p + 4;
}

/** "00".."99" as byte pairs: two digits per lookup. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + ((i / 10) | 0);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}

/** Writes the digits of a non-negative integer below 2^31 ending at `buf[end - 1]`, `width` digits zero-padded. */
function digitsBackwards(buf: Buffer, end: number, v: number, width: number): void {
  let p = end;
  let left = width;
  while (left >= 2) {
    const q = (v / 100) | 0;
    const r = v - q * 100;
    buf[--p] = PAIRS[2 * r + 1];
    buf[--p] = PAIRS[2 * r];
    v = q;
    left -= 2;
  }
  if (left === 1) buf[--p] = 48 + (v % 10);
}

function digitCount(v: number): number {
  if (v < 10) return 1;
  if (v < 100) return 2;
  if (v < 1000) return 3;
  if (v < 10000) return 4;
  if (v < 100000) return 5;
  if (v < 1000000) return 6;
  if (v < 10000000) return 7;
  if (v < 100000000) return 8;
  return v < 1000000000 ? 9 : 10;
}

/** An integer of magnitude at most 2^53 (INT, SHORT, BYTE, LONG within range). */
export function writeInteger(sink: JsonSink, v: number): void {
  sink.ensure(21);
  const buf = sink.buf;
  let p = sink.pos;
  if (v < 0) { buf[p++] = 45; v = -v; }
  if (v < 1e9) {
    const n = digitCount(v);
    digitsBackwards(buf, p + n, v, n);
    sink.pos = p + n;
    return;
  }
  const hi = Math.floor(v / 1e9);
  const lo = v - hi * 1e9;
  if (hi < 1e9) {
    const n = digitCount(hi);
    digitsBackwards(buf, p + n, hi, n);
    p += n;
  } else {
    const top = Math.floor(hi / 1e9);
    const mid = hi - top * 1e9;
    const n = digitCount(top);
    digitsBackwards(buf, p + n, top, n);
    p += n;
    digitsBackwards(buf, p + 9, mid, 9);
    p += 9;
  }
  digitsBackwards(buf, p + 9, lo, 9);
  sink.pos = p + 9;
}

/** Zero-padded digits of a small non-negative integer (timestamps, IPv4 parts). */
export function writePadded(sink: JsonSink, v: number, width: number): void {
  sink.ensure(width);
  digitsBackwards(sink.buf, sink.pos + width, v, width);
  sink.pos += width;
}

const SCALES = [1, 10, 100, 1000, 10000, 100000];

/** DOUBLE (and FLOAT widened with its own shortest digits, see writeFloat). */
export function writeDouble(sink: JsonSink, v: number): void {
  if (v !== v || v === Infinity || v === -Infinity) { writeNull(sink); return; }
  const a = v < 0 ? -v : v;
  if (a >= 1e-3 && a < 1e7) {
    // Fast path for values with at most 5 decimals: r = round(a * 1e5) is then exact and r / 1e5 === a
    // (IEEE division is correctly rounded, so equality proves the 5-decimal text reads back as a). Dropping
    // the trailing zeros of r gives the shortest such text.
    let r = Math.round(a * 1e5);
    if (r / 1e5 === a) {
      let k = 5;
      while (k > 0 && r % 10 === 0) { r /= 10; k--; }
      writeScaled(sink, v < 0, r, k);
      return;
    }
    writePlainText(sink, String(v));
    return;
  }
  if (a === 0) { sink.ascii(Object.is(v, -0) ? '-0.0' : '0.0'); return; }
  writeScientific(sink, v.toExponential());
}

/** `r / 10^k` with at least one fraction digit; `k` is minimal, so the fraction has no trailing zero. */
function writeScaled(sink: JsonSink, negative: boolean, r: number, k: number): void {
  sink.ensure(24);
  const buf = sink.buf;
  let p = sink.pos;
  if (negative) buf[p++] = 45;
  if (r >= 2147483648) {
    sink.pos = p;
    writeScaledWide(sink, r, k);
    return;
  }
  const scale = SCALES[k];
  const whole = (r / scale) | 0;
  const n = digitCount(whole);
  digitsBackwards(buf, p + n, whole, n);
  p += n;
  buf[p++] = 46;
  if (k === 0) {
    buf[p++] = 48;
  } else {
    digitsBackwards(buf, p + k, r - whole * scale, k);
    p += k;
  }
  sink.pos = p;
}

function writeScaledWide(sink: JsonSink, r: number, k: number): void {
  const scale = SCALES[k];
  const whole = Math.floor(r / scale);
  writeInteger(sink, whole);
  sink.buf[sink.pos++] = 46;
  if (k === 0) sink.buf[sink.pos++] = 48;
  else writePadded(sink, r - whole * scale, k);
}

/** JS plain text (no exponent in this range) with `.0` added to whole numbers. */
function writePlainText(sink: JsonSink, s: string): void {
  sink.ascii(s);
  if (s.indexOf('.') < 0) sink.ascii('.0');
}

/** `1.5e-7` / `1e+21` → `1.5E-7` / `1.0E21`. */
function writeScientific(sink: JsonSink, s: string): void {
  const e = s.indexOf('e');
  const mantissa = s.slice(0, e);
  const exp = s.charCodeAt(e + 1) === 43 ? s.slice(e + 2) : s.slice(e + 1);
  sink.ascii(mantissa);
  if (mantissa.indexOf('.') < 0) sink.ascii('.0');
  sink.ascii('E');
  sink.ascii(exp);
}

/** FLOAT: the shortest digits that read back to the same 32-bit value (`0.1`, not `0.10000000149011612`). */
export function writeFloat(sink: JsonSink, v: number): void {
  if (v !== v || v === Infinity || v === -Infinity) { writeNull(sink); return; }
  // -0.0 keeps its sign (as QuestDB prints it): its shortest candidate 0 compares equal to it.
  if (v === 0) { writeDouble(sink, v); return; }
  for (let precision = 1; precision <= 9; precision++) {
    const candidate = Number(v.toPrecision(precision));
    if (Math.fround(candidate) === v) { writeDouble(sink, candidate); return; }
  }
  writeDouble(sink, v);
}

/** LONG beyond 2^53 from the vector's exact BigInt64Array. */
export function writeBigInt(sink: JsonSink, v: bigint): void {
  sink.ascii(v.toString());
}
