/**
 * DECIMAL(precision, scale) values (QuestDB 9.4.4): exact decimals of up to 76 digits. In memory and on
 * disk a value is its unscaled integer (12.34 in DECIMAL(4,2) is 1234) as 32 bytes of 256-bit two's
 * complement, little-endian; -2^255 is null. Arithmetic works on BigInt, so nothing is ever rounded
 * through a double.
 */
import { ColumnType, decimalType } from './column-type';

export const DECIMAL_BYTES = 32;
export const MAX_DECIMAL_PRECISION = 76;
const NULL_UNSCALED = -(1n << 255n);

/** The unscaled value of row i, or null. */
export function decimalAt(d: Uint8Array, i: number): bigint | null {
  const o = i * DECIMAL_BYTES;
  let x = 0n;
  for (let k = DECIMAL_BYTES - 1; k >= 0; k--) x = (x << 8n) | BigInt(d[o + k]);
  const v = BigInt.asIntN(256, x);
  return v === NULL_UNSCALED ? null : v;
}

/** Writes the unscaled value (or null) into row i. */
export function setDecimal(d: Uint8Array, i: number, value: bigint | null): void {
  let x = BigInt.asUintN(256, value === null ? NULL_UNSCALED : value);
  const o = i * DECIMAL_BYTES;
  for (let k = 0; k < DECIMAL_BYTES; k++) { d[o + k] = Number(x & 0xffn); x >>= 8n; }
}

/** One value as bytes (builders, constants). */
export function decimalBytes(value: bigint | null): Uint8Array {
  const b = new Uint8Array(DECIMAL_BYTES);
  setDecimal(b, 0, value);
  return b;
}

export function precisionOf(t: ColumnType): number {
  return t.precision ?? 18;
}

export function scaleOf(t: ColumnType): number {
  return t.scale ?? 3;
}

/** 10^n as a bigint. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Unscaled text: 1234 at scale 2 → `12.34`; 5 → `0.05`; -5 → `-0.05`. */
export function decimalText(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString();
  if (scale === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}

/** Rescales an unscaled value from one scale to another, rounding half away from zero when digits drop. */
export function rescale(unscaled: bigint, from: number, to: number): bigint {
  if (to >= from) return unscaled * pow10(to - from);
  const div = pow10(from - to);
  const q = unscaled / div, r = unscaled % div;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= div ? q + (unscaled < 0n ? -1n : 1n) : q;
}

/** Number of digits of an unscaled value (0 has one). */
export function digitCount(unscaled: bigint): number {
  return (unscaled < 0n ? -unscaled : unscaled).toString().length;
}

/** Parses `-12.340`, `.5`, `7` (optionally ending in `m`) as [unscaled, scale, precision]. */
export function parseDecimalText(text: string): [bigint, number, number] | undefined {
  const m = /^\s*([-+]?)(\d*)(?:\.(\d*))?[mM]?\s*$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const fraction = m[3] ?? '';
  const unscaled = BigInt(`${m[1] === '-' ? '-' : ''}${m[2] || '0'}${fraction}`);
  const integerDigits = (m[2] || '0').replace(/^0+(?=\d)/, '').replace(/^0$/, '').length;
  const precision = Math.max(1, integerDigits + fraction.length);
  if (precision > MAX_DECIMAL_PRECISION) return undefined;
  return [unscaled, fraction.length, precision];
}

/** The DECIMAL type a literal such as `12.34m` has: its digits and its fraction digits. */
export function literalDecimalType(text: string): ColumnType | undefined {
  const parsed = parseDecimalText(text);
  return parsed ? decimalType(parsed[2], parsed[1]) : undefined;
}

/** The DECIMAL type an integer type converts to exactly (QuestDB: LONG → DECIMAL(19,0), INT → (10,0), …). */
export const INTEGER_DECIMAL_PRECISION: Readonly<Record<string, number>> = { BYTE: 3, SHORT: 5, INT: 10, LONG: 19 };
