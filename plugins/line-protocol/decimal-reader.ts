/**
 * Decimal text as QuestDB's DecimalParser reads it, from bytes: optional leading spaces, a sign, digits with
 * at most one point, an optional exponent (`1.5e3`), an optional `d`/`f` suffix (and `m`, which keeps
 * trailing zeros), and `NaN` / `Infinity` for null. With a target DECIMAL(precision, scale) the value is
 * brought to that scale: dropping a non-zero digit or needing more digits than the precision fails (leading
 * zeros need none: `0.001` fits DECIMAL(3, 3)).
 *
 * The value lands in `unscaled` (a number, exact up to 15 digits) or `big` (beyond), so the common values
 * allocate nothing. One instance per conversion.
 */
import { MAX_DECIMAL_PRECISION } from '../../core/data/decimal';

export const MAX_DECIMAL_SCALE = 76;

/** What `read` found. */
export const DecimalRead = Object.freeze({ VALUE: 0, NULL: 1, INVALID: 2, SCALE_LOSS: 3, TOO_PRECISE: 4 });
export type DecimalRead = (typeof DecimalRead)[keyof typeof DecimalRead];

const MAX_FAST_DIGITS = 15;
const POW10 = Array.from({ length: MAX_FAST_DIGITS + 1 }, (_, k) => 10 ** k);

export class DecimalReader {
  /** The unscaled value when `big` is undefined. */
  unscaled = 0;
  big: bigint | undefined;
  scale = 0;
  /** The digits of the unscaled value (1 for zero). */
  precision = 0;

  /**
   * Reads `b[s..e)`. `precision` / `scale` of -1 keep the literal's own; `strict` keeps trailing zeros of the
   * fraction in the scale (QuestDB reads a `d` field strictly, a string or float column value not).
   */
  read(b: Uint8Array, s: number, e: number, precision: number, scale: number, strict: boolean): DecimalRead {
    let hi = e;
    let last = hi > s ? b[hi - 1] | 0x20 : 0;
    if (last === 0x6d) { strict = true; hi--; last = hi > s ? b[hi - 1] | 0x20 : 0; } // m
    if (last === 0x66 || last === 0x64) hi--; // f d
    let lo = s;
    while (lo < hi && b[lo] === 0x20) lo++;
    if (lo === hi) return DecimalRead.INVALID;
    let negative = false;
    if (b[lo] === 0x2d) { negative = true; lo++; } else if (b[lo] === 0x2b) lo++;
    if (lo === hi) return DecimalRead.INVALID;
    if (isNaNOrInfinity(b, lo, hi)) return DecimalRead.NULL;
    let skippedZeroes = false;
    while (lo < hi - 1 && b[lo] === 0x30) { lo++; skippedZeroes = true; }
    let dot = -1;
    let digitFound = false;
    let digitLo = lo;
    let significantLo = -1;
    for (; lo < hi; lo++) {
      const c = b[lo];
      if (c >= 0x30 && c <= 0x39) {
        digitFound = true;
        if (significantLo === -1 && c !== 0x30) significantLo = lo;
        continue;
      }
      if (c === 0x2e && dot === -1) { dot = lo; continue; }
      break;
    }
    if (!digitFound) {
      if (!skippedZeroes) return DecimalRead.INVALID;
      digitLo--;
    }
    let digitHi = lo;
    if (!strict && dot !== -1) while (digitHi > dot && b[digitHi - 1] === 0x30) digitHi--;
    const literalScale = dot === -1 ? 0 : digitHi - dot - 1;
    const literalDigits = digitHi - digitLo - (dot === -1 || dot >= digitHi ? 0 : 1);
    let virtualScale = literalScale;
    let exp = 0;
    if (lo !== hi) {
      if ((b[lo] | 0x20) !== 0x65) return DecimalRead.INVALID;
      const parsed = exponent(b, lo + 1, hi);
      if (parsed === undefined) return DecimalRead.INVALID;
      if (parsed >= 0 && parsed > literalScale) { exp = parsed - literalScale; virtualScale = 0; } else { virtualScale -= parsed; }
    }
    let target = scale;
    if (target === -1) target = virtualScale;
    else if (virtualScale <= target) exp += target - virtualScale;
    else return DecimalRead.SCALE_LOSS;
    if (target > MAX_DECIMAL_SCALE) return DecimalRead.INVALID;
    // The digits of the unscaled value: from the first non-zero digit on, plus the zeros the scale adds.
    // QuestDB counts max(all digits, scale + 1), which refuses every value of a DECIMAL(p, p) (`0.5`) and
    // `0.00123` in DECIMAL(5, 5), though the columns hold them (docs/questdb-differences.md).
    let significant = 0;
    if (significantLo !== -1) significant = digitHi - significantLo - (dot > significantLo && dot < digitHi ? 1 : 0) + exp;
    const finalPrecision = Math.max(significant, 1);
    if (precision !== -1 && finalPrecision > precision) return DecimalRead.TOO_PRECISE;
    if (finalPrecision > MAX_DECIMAL_PRECISION) return DecimalRead.INVALID;
    this.scale = target;
    this.precision = finalPrecision;
    this.setDigits(b, digitLo, digitHi, dot, exp, literalDigits, negative);
    return DecimalRead.VALUE;
  }

  /** The value as plain text at its scale (`-12.50`), for messages. */
  text(): string {
    const v = this.big ?? BigInt(this.unscaled);
    const negative = v < 0n;
    let digits = (negative ? -v : v).toString();
    if (this.scale > 0) {
      digits = digits.padStart(this.scale + 1, '0');
      digits = `${digits.slice(0, digits.length - this.scale)}.${digits.slice(digits.length - this.scale)}`;
    }
    return negative ? `-${digits}` : digits;
  }

  /** The unscaled value: the digits (without the point) times 10^exp. */
  private setDigits(b: Uint8Array, lo: number, hi: number, dot: number, exp: number, digits: number, negative: boolean): void {
    if (digits + exp <= MAX_FAST_DIGITS) {
      let v = 0;
      for (let p = lo; p < hi; p++) if (p !== dot) v = v * 10 + (b[p] - 0x30);
      v *= POW10[exp];
      this.unscaled = negative ? -v : v;
      this.big = undefined;
      return;
    }
    let text = '';
    for (let p = lo; p < hi; p++) if (p !== dot) text += String.fromCharCode(b[p]);
    const v = BigInt(text === '' ? '0' : text) * 10n ** BigInt(exp);
    this.big = negative ? -v : v;
    this.unscaled = 0;
  }
}

/** `NaN` or `Infinity` at `lo` (as QuestDB checks it: the word's letters, whatever follows). */
function isNaNOrInfinity(b: Uint8Array, lo: number, hi: number): boolean {
  if (b[lo] === 0x4e) return lo + 2 < hi && b[lo + 1] === 0x61 && b[lo + 2] === 0x4e;
  if (b[lo] !== 0x49 || lo + 7 >= hi) return false;
  return b[lo + 1] === 0x6e && b[lo + 2] === 0x66 && b[lo + 3] === 0x69 && b[lo + 4] === 0x6e && b[lo + 5] === 0x69
    && b[lo + 6] === 0x74 && b[lo + 7] === 0x79;
}

/** A signed decimal int exponent filling `b[lo..hi)`, or undefined (empty, a stray byte, or beyond ±10^6). */
function exponent(b: Uint8Array, lo: number, hi: number): number | undefined {
  let negative = false;
  if (lo < hi && (b[lo] === 0x2d || b[lo] === 0x2b)) { negative = b[lo] === 0x2d; lo++; }
  if (lo === hi || hi - lo > 6) return undefined;
  let v = 0;
  for (let p = lo; p < hi; p++) {
    const d = b[p] - 0x30;
    if (d < 0 || d > 9) return undefined;
    v = v * 10 + d;
  }
  return negative ? -v : v;
}
