/**
 * Numbers as PostgreSQL prints them (extra_float_digits = 1, its default since version 12): the shortest
 * text that reads back to the same value; float8 switches to exponent notation below 1e-4 and from 1e15
 * (float4 from 1e6), with a sign and at least two exponent digits (`1e+15`, `1.5e-05`).
 */
const FLOAT8_DIGITS = 15;
const FLOAT4_DIGITS = 6;

export function float8Text(x: number): string {
  const a = Math.abs(x);
  // Between 1e-4 and 1e15 JavaScript's shortest text is already PostgreSQL's fixed notation.
  if (a >= 1e-4 && a < 1e15) return String(x);
  if (x === 0) return 1 / x < 0 ? '-0' : '0';
  return shortest(x, x.toExponential(), FLOAT8_DIGITS);
}

export function float4Text(x: number): string {
  // -0.0 keeps its sign, as float8Text's: JS's exponent form of it is `0e+0`.
  if (x === 0) return 1 / x < 0 ? '-0' : '0';
  let p = 1;
  while (p < 9 && Math.fround(Number(x.toPrecision(p))) !== x) p++;
  return shortest(x, x.toExponential(p - 1), FLOAT4_DIGITS);
}

/** Lays out `d.ddde±x` (JS's shortest exponent form) the way PostgreSQL does. */
function shortest(x: number, exponential: string, maxFixedExponent: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  const e = exponential.indexOf('e');
  const negative = exponential[0] === '-';
  const mantissa = exponential.slice(negative ? 1 : 0, e);
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  const exp = Number(exponential.slice(e + 1));
  const sign = negative ? '-' : '';
  if (exp < -4 || exp >= maxFixedExponent) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const ex = Math.abs(exp);
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${ex < 10 ? '0' : ''}${ex}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}
