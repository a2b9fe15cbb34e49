/**
 * The one checked conversion, as QuestDB 9.4.4 converts implicitly: INSERT values (VALUES and INSERT …
 * SELECT) into their column types, and text where an operator or function needs a number (`x + '5'`,
 * `id = '42'`). A value that does not fit is refused, never wrapped: `inconvertible value: 3000000000
 * [LONG -> INT]` at position 0 (a run-time error), texts in backticks (`` `abc` [STRING -> INT] ``),
 * `invalid IPv4 format: abc`. An explicit cast() still wraps: it converts with castVector instead.
 */
import { ColumnType, ddlTypeName, TypeTag, typeName } from '../../data/column-type';
import { INT_NULL, LONG_NULL, LONG_NULL_BIG } from '../../data/null-values';
import { VectorBuilder } from '../../data/vector-builder';
import { allocateData, Vector } from '../../data/vector';
import { SvcError } from '../../errors';
import { castVector } from './cast-vector';
import { doubleText } from './java-number-text';
import { readValue } from './sql-value';
import { parseTextValue } from './text-value-parse';
import { decimalValue } from './decimal-values';
import { setDecimal } from '../../data/decimal';

const INT_RANGE: Partial<Record<TypeTag, readonly [number, number]>> = {
  [TypeTag.BYTE]: [-128, 127], [TypeTag.SHORT]: [-32768, 32767], [TypeTag.INT]: [-2147483648, 2147483647],
};
const FLOAT_MAX = 3.4028234663852886e38;
const FLOAT_MIN = 1.401298464324817e-45;
const TWO_63 = 2 ** 63;

function isIntegral(t: TypeTag): boolean {
  return t === TypeTag.BYTE || t === TypeTag.SHORT || t === TypeTag.INT || t === TypeTag.LONG || t === TypeTag.DATE || t === TypeTag.TIMESTAMP;
}

function isText(t: TypeTag): boolean {
  return t === TypeTag.STRING || t === TypeTag.VARCHAR || t === TypeTag.SYMBOL;
}

/** An array type by its dimensions (`DOUBLE[][]`), as QuestDB names it here. */
function named(t: ColumnType): string {
  return t.tag === TypeTag.ARRAY ? ddlTypeName(t) : typeName(t);
}

function inconvertible(value: string, from: ColumnType, to: ColumnType): SvcError {
  return SvcError.sql(0, `inconvertible value: ${value} [${named(from)} -> ${named(to)}]`);
}

/** Converts `n` rows of `v` to `to`, refusing values that do not fit (SvcError at position 0). */
export function convertChecked(v: Vector, to: ColumnType, n: number): Vector {
  const from = v.type.tag;
  const target = to.tag;
  if (target === TypeTag.DECIMAL && from !== TypeTag.NULL) {
    return from === target && v.type.precision === to.precision && v.type.scale === to.scale ? v : intoDecimal(v, to, n);
  }
  if (from === target && v.type.bits === to.bits) return v;
  const range = INT_RANGE[target];
  if (range && isIntegral(from)) return narrowInteger(v, to, n, range);
  if ((from === TypeTag.DOUBLE || from === TypeTag.FLOAT) && (range || target === TypeTag.LONG)) return narrowFloating(v, to, n);
  if (from === TypeTag.DOUBLE && target === TypeTag.FLOAT) return doubleToFloat(v, to, n);
  if (from === TypeTag.CHAR && (range || target === TypeTag.LONG || target === TypeTag.FLOAT || target === TypeTag.DOUBLE)) return charDigits(v, to, n);
  if (isText(from) && !isText(target) && target !== TypeTag.CHAR && target !== TypeTag.NULL) return parseTexts(v, to, n);
  if (isText(from) && target === TypeTag.CHAR) return textToChar(v, to, n);
  return castVector(v, to, n);
}

function narrowInteger(v: Vector, to: ColumnType, n: number, [lo, hi]: readonly [number, number]): Vector {
  const d = v.data;
  const out = allocateData(to, n);
  const nullIn = v.type.tag === TypeTag.INT ? INT_NULL : v.type.tag === TypeTag.BYTE || v.type.tag === TypeTag.SHORT ? NaN : LONG_NULL;
  const nullOut = to.tag === TypeTag.INT ? INT_NULL : 0;
  for (let i = 0; i < n; i++) {
    const x = d[i];
    if (x === nullIn) { out[i] = nullOut; continue; }
    if (x < lo || x > hi) throw inconvertible(v.exact ? v.exact[i].toString() : String(x), v.type, to);
    out[i] = x;
  }
  return { type: to, data: out };
}

/** Java's `(long) x`: truncation toward zero, saturating at the LONG range. */
function javaLong(x: number): bigint {
  if (x >= TWO_63) return 9223372036854775807n;
  if (x <= -TWO_63) return LONG_NULL_BIG;
  return BigInt(Math.trunc(x));
}

function narrowFloating(v: Vector, to: ColumnType, n: number): Vector {
  const d = v.data;
  const fromFloat = v.type.tag === TypeTag.FLOAT;
  const target = to.tag;
  const b = new VectorBuilder(to, Math.max(1, n));
  for (let i = 0; i < n; i++) {
    const x = d[i];
    if (x !== x) { b.appendNull(); continue; }
    if (target === TypeTag.LONG) {
      if (!(x > -TWO_63 && x <= TWO_63)) throw inconvertible(doubleText(x), v.type, to);
      b.appendBigInt(javaLong(x));
      continue;
    }
    const [lo, hi] = INT_RANGE[target] as readonly [number, number];
    if (target === TypeTag.BYTE || fromFloat) {
      // QuestDB names both floating types FLOAT when a value does not fit a BYTE.
      const inRange = target === TypeTag.INT ? x > lo && x <= hi + 1 : x >= lo && x <= hi;
      if (!inRange) throw inconvertible(doubleText(x), target === TypeTag.BYTE ? { tag: TypeTag.FLOAT } : v.type, to);
      b.appendNumber(Math.max(lo, Math.min(hi, Math.trunc(x))));
      continue;
    }
    // DOUBLE → SHORT/INT goes through Java's (long) first, so the message shows that LONG.
    const l = javaLong(x);
    if (l < BigInt(lo) || l > BigInt(hi)) throw inconvertible(l.toString(), { tag: TypeTag.LONG }, to);
    b.appendNumber(Number(l));
  }
  return b.build();
}

function doubleToFloat(v: Vector, to: ColumnType, n: number): Vector {
  const d = v.data;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = d[i];
    const a = x < 0 ? -x : x;
    if (x !== x || a === Infinity || a === 0 || (a >= FLOAT_MIN && a <= FLOAT_MAX)) { out[i] = x; continue; }
    throw inconvertible(doubleText(x), v.type, to);
  }
  return { type: to, data: out };
}

/** CHAR into a number: a digit is its value; any other character is refused (`a [CHAR -> INT]`). */
function charDigits(v: Vector, to: ColumnType, n: number): Vector {
  const d = v.data;
  const b = new VectorBuilder(to, Math.max(1, n));
  for (let i = 0; i < n; i++) {
    const c = d[i];
    if (c === 0) { b.appendNull(); continue; }
    const digit = c - 48;
    if (digit < 0 || digit > 9) throw inconvertible(String.fromCharCode(c), v.type, to);
    b.appendNumber(digit);
  }
  return b.build();
}

function textToChar(v: Vector, to: ColumnType, n: number): Vector {
  const b = new VectorBuilder(to, Math.max(1, n));
  for (let i = 0; i < n; i++) {
    const s = readValue(v, i);
    if (s === null || s === '') { b.appendNull(); continue; }
    const text = String(s);
    if (text.length !== 1) throw inconvertible(`\`${text}\``, v.type, to);
    b.appendString(text);
  }
  return b.build();
}

/** Into DECIMAL(p,s): a value needing more digits than the precision, or text that is no number, is refused. */
function intoDecimal(v: Vector, to: ColumnType, n: number): Vector {
  const out = new Uint8Array(n * 32);
  for (let i = 0; i < n; i++) {
    const value = readValue(v, i);
    const x = decimalValue(value, to);
    if (x === undefined) throw inconvertible(typeof value === 'string' && isText(v.type.tag) ? `\`${value}\`` : String(value), v.type, to);
    setDecimal(out, i, x);
  }
  return { type: to, data: out };
}

function parseTexts(v: Vector, to: ColumnType, n: number): Vector {
  const b = new VectorBuilder(to, Math.max(1, n));
  for (let i = 0; i < n; i++) {
    const s = readValue(v, i);
    if (s === null) { b.appendNull(); continue; }
    const text = String(s);
    if (!parseTextValue(b, text)) {
      if (to.tag === TypeTag.IPV4) throw SvcError.sql(0, `invalid IPv4 format: ${text}`);
      throw inconvertible(`\`${text}\``, v.type, to);
    }
  }
  return b.build();
}
