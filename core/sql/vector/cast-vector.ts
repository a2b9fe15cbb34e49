/**
 * Converts a vector to another type: the implicit casts the binder inserts and
 * explicit `cast(x AS T)` / `x::T`. Integer narrowing truncates high bits like Java (`cast(7234623 AS
 * SHORT)` = 25663): typed-array stores do exactly ToInt16/ToInt32. FLOAT/DOUBLE narrowing (QuestDB 9.4.4)
 * truncates toward zero inside the target's range and gives null outside it or for NaN (`cast(3e10 AS
 * INT)` is null; BYTE and SHORT have no null and get 0); DOUBLE → FLOAT beyond ±3.4028234663852886E38 is
 * null. Unparseable text becomes null.
 */
import { ColumnType, TypeTag, isInt64, isNumeric, isStringLike } from '../../data/column-type';
import { GEOHASH_NULL, INT_NULL, LONG_NULL, LONG_NULL_BIG, MAX_SAFE_LONG } from '../../data/null-values';
import { fromExactLongs, withExactLongs } from '../../data/exact-longs';
import { castDecimal } from './decimal-cast';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { allocateData, elementsPerRow, FixedArray, Vector, vectorLength } from '../../data/vector';
import { formatTimestampMicros, formatTimestampNanos, formatDateMillis } from '../../time/iso-timestamp';
import { appendValue } from './append-value';
import { readValue } from './sql-value';
import { formatValue } from './format-value';

/** Number-like types whose values are read straight from `data`. */
export function isNumberLike(t: ColumnType): boolean {
  return isNumeric(t) || isInt64(t) || t.tag === TypeTag.BOOLEAN;
}

export function castVector(v: Vector, to: ColumnType, n = vectorLength(v)): Vector {
  const from = v.type;
  if (from.tag === to.tag && from.bits === to.bits && from.tag !== TypeTag.DECIMAL) return v;
  if (from.tag === TypeTag.NULL) return nullVector(to, n);
  if (from.tag === TypeTag.DECIMAL || to.tag === TypeTag.DECIMAL) {
    if (from.tag === to.tag && from.scale === to.scale && from.precision === to.precision) return v;
    return castDecimal(v, to, n);
  }
  if ((from.tag === TypeTag.STRING || from.tag === TypeTag.VARCHAR) && (to.tag === TypeTag.STRING || to.tag === TypeTag.VARCHAR)) {
    return { ...v, type: to };
  }
  if (from.tag === TypeTag.GEOHASH && to.tag === TypeTag.GEOHASH) return castGeohash(v, to, n);
  if (isNumberLike(from) && isNumberLike(to)) return castNumber(v, from, to, n);
  if (isNumberLike(from) && (to.tag === TypeTag.STRING || to.tag === TypeTag.VARCHAR || to.tag === TypeTag.SYMBOL)) {
    return numberToText(v, to, n);
  }
  if (from.tag === TypeTag.SYMBOL && (to.tag === TypeTag.STRING || to.tag === TypeTag.VARCHAR)) return symbolToText(v, to, n);
  return castGeneric(v, to, n);
}

/**
 * GEOHASH to another precision. Narrowing keeps the leading bits, the prefix (QuestDB shifts right by the
 * difference: `#u33d8b12` as GEOHASH(1c) is `u`, as GEOHASH(7b) `1101000`); null (-1) stays null. Widening has
 * no bits to add: the binder refuses it (`CAST cannot decrease precision…`), and a value that reaches here is null.
 */
function castGeohash(v: Vector, to: ColumnType, n: number): Vector {
  const shift = (v.type.bits ?? 0) - (to.bits ?? 0);
  const out = new Float64Array(n);
  if (shift < 0) return { type: to, data: out.fill(GEOHASH_NULL) };
  if (v.exact) {
    const exact = new BigInt64Array(n), by = BigInt(shift);
    for (let i = 0; i < n; i++) { const x = v.exact[i]; exact[i] = x < 0n ? -1n : x >> by; }
    return fromExactLongs(to, exact);
  }
  const d = v.data, div = 2 ** shift;
  for (let i = 0; i < n; i++) { const x = d[i]; out[i] = x < 0 ? GEOHASH_NULL : Math.floor(x / div); }
  return { type: to, data: out };
}

const FLOAT_MAX = 3.4028234663852886e38;
const TWO_63 = 2 ** 63;

/** `n` null rows of `to`: one null value filled in, for a column of one number a row; else appended row by row. */
export function nullVector(to: ColumnType, n: number): Vector {
  const one = new VectorBuilder(to, 1);
  one.appendNull();
  const single = one.build();
  if (!single.offsets && !single.nulls && !single.exact && !single.shapes && elementsPerRow(to) === 1) {
    const data = allocateData(to, n);
    data.fill(single.data[0]);
    return { ...single, data };
  }
  const b = new VectorBuilder(to, Math.max(1, n));
  for (let i = 0; i < n; i++) b.appendNull();
  return b.build();
}

/** Nanoseconds per unit of a temporal type (DATE ms, TIMESTAMP µs, TIMESTAMP_NS ns); LONG converts as is. */
function nanosPerUnit(t: TypeTag): bigint {
  return t === TypeTag.DATE ? 1_000_000n : t === TypeTag.TIMESTAMP ? 1000n : 1n;
}

/** LONG-family to LONG-family or narrower integers from exact values (vector.ts `exact`). */
function castExactLongs(v: Vector, exact: BigInt64Array, to: ColumnType, n: number): Vector {
  const temporal = v.type.tag !== TypeTag.LONG && to.tag !== TypeTag.LONG;
  const from = temporal ? nanosPerUnit(v.type.tag) : 1n, into = temporal ? nanosPerUnit(to.tag) : 1n;
  if (isInt64(to)) {
    const out = new BigInt64Array(n);
    for (let i = 0; i < n; i++) {
      const x = exact[i];
      out[i] = x === LONG_NULL_BIG ? x : from >= into ? BigInt.asIntN(64, x * (from / into)) : floorDiv(x, into / from);
    }
    return fromExactLongs(to, out);
  }
  const out = allocateData(to, n);
  const bits = to.tag === TypeTag.INT ? 32 : to.tag === TypeTag.SHORT ? 16 : 8;
  const nullOut = to.tag === TypeTag.INT ? INT_NULL : 0;
  for (let i = 0; i < n; i++) {
    const x = exact[i];
    out[i] = x === LONG_NULL_BIG ? nullOut : Number(BigInt.asIntN(bits, x));
  }
  return { type: to, data: out };
}

/** True when every non-null value of a LONG-family array is within ±limit. */
function allWithin(d: FixedArray, n: number, limit: number): boolean {
  for (let i = 0; i < n; i++) { const x = d[i]; if (x !== LONG_NULL && (x > limit || x < -limit)) return false; }
  return true;
}

function floorDiv(x: bigint, y: bigint): bigint {
  const q = x / y;
  return x % y !== 0n && (x < 0n) !== (y < 0n) ? q - 1n : q;
}

function castNumber(v: Vector, from: ColumnType, to: ColumnType, n: number): Vector {
  const d = v.data;
  const exactTarget = isInt64(to) || to.tag === TypeTag.INT || to.tag === TypeTag.SHORT || to.tag === TypeTag.BYTE;
  if (v.exact && isInt64(from) && exactTarget) return castExactLongs(v, v.exact, to, n);
  if ((from.tag === TypeTag.TIMESTAMP_NS) !== (to.tag === TypeTag.TIMESTAMP_NS) && isInt64(from) && isInt64(to)) {
    // Nanoseconds leave 2^53 within 1970: convert through exact values.
    const exact = new BigInt64Array(n);
    for (let i = 0; i < n; i++) exact[i] = d[i] === LONG_NULL ? LONG_NULL_BIG : BigInt(d[i]);
    return castExactLongs(v, exact, to, n);
  }
  if (from.tag === TypeTag.DATE && to.tag === TypeTag.TIMESTAMP && !allWithin(d, n, MAX_SAFE_LONG / 1000)) {
    // ms × 1000 leaves 2^53 from year 2255 on: multiply exactly.
    const exact = new BigInt64Array(n);
    for (let i = 0; i < n; i++) exact[i] = d[i] === LONG_NULL ? LONG_NULL_BIG : BigInt(d[i]);
    return castExactLongs(v, exact, to, n);
  }
  const out = allocateData(to, n);
  const fromInt = from.tag === TypeTag.INT;
  const fromLong = isInt64(from);
  const fromFloat = from.tag === TypeTag.DOUBLE || from.tag === TypeTag.FLOAT;
  let scale = 1;
  if (from.tag === TypeTag.DATE && to.tag === TypeTag.TIMESTAMP) scale = 1000;
  if (from.tag === TypeTag.TIMESTAMP && to.tag === TypeTag.DATE) scale = 0.001;
  // A LONG is null at -2^63 exactly: its neighbours' doubles are -2^63 too, so `exact` decides.
  const exactIn = fromLong ? v.exact : undefined;
  const nullIn = (x: number, i: number): boolean => (fromInt ? x === INT_NULL
    : fromLong ? x === LONG_NULL && (exactIn === undefined || exactIn[i] === LONG_NULL_BIG) : fromFloat ? x !== x : false);
  if ((to.tag === TypeTag.DOUBLE || to.tag === TypeTag.FLOAT) && fromLong && v.exact) {
    // Beyond 2^53 the nearest double of the exact value (the data's double near −2^63 stands apart from NULL).
    const e = v.exact;
    for (let i = 0; i < n; i++) out[i] = e[i] === LONG_NULL_BIG ? NaN : Number(e[i]);
    return { type: to, data: out };
  }
  switch (to.tag) {
    case TypeTag.DOUBLE:
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x, i) ? NaN : x; }
      break;
    case TypeTag.FLOAT:
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x, i) || (fromFloat && (x > FLOAT_MAX || x < -FLOAT_MAX)) ? NaN : x; }
      break;
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: {
      // QuestDB's CastDoubleToLong: NULL above Long.MAX_VALUE or below Long.MIN_VALUE as doubles (±2^63), so
      // 2^63 itself saturates to Long.MAX_VALUE, as Java's (long) does; -2^63 is LONG's NULL.
      let saturated = false;
      for (let i = 0; i < n; i++) {
        const x = d[i];
        // `+ 0`: -0.5 truncates to -0, which would be a value (a key, a distinct count) apart from 0.
        out[i] = nullIn(x, i) || !Number.isFinite(x) || (fromFloat && (x > TWO_63 || x <= -TWO_63)) ? LONG_NULL : scale === 1 ? Math.trunc(x) + 0 : Math.floor(x * scale) + 0;
        if (out[i] === TWO_63) saturated = true;
      }
      if (fromLong && scale === 1) return { type: to, data: out, exact: v.exact };
      if (saturated) {
        const exact = new BigInt64Array(n);
        for (let i = 0; i < n; i++) exact[i] = out[i] === TWO_63 ? 9223372036854775807n : out[i] === LONG_NULL ? LONG_NULL_BIG : BigInt(out[i]);
        return fromExactLongs(to, exact);
      }
      return withExactLongs(to, out as Float64Array);
    }
    case TypeTag.INT:
      for (let i = 0; i < n; i++) {
        const x = d[i];
        // QuestDB's CastDoubleToInt: NULL beyond Integer.MAX_VALUE / MIN_VALUE (2147483647.5 is NULL, not MAX).
        out[i] = nullIn(x, i) || (fromFloat && (x > 2147483647 || x < -2147483648)) ? INT_NULL : Math.trunc(x) | 0;
      }
      break;
    case TypeTag.BOOLEAN:
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x, i) || x === 0 ? 0 : 1; }
      break;
    default: { // BYTE, SHORT: integers wrap (Java narrowing); floats outside the range and nulls become 0 (not nullable).
      const limit = to.tag === TypeTag.BYTE ? 128 : 32768;
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x, i) || (fromFloat && (x > limit - 1 || x < -limit)) ? 0 : Math.trunc(x); }
    }
  }
  return { type: to, data: out };
}

function numberToText(v: Vector, to: ColumnType, n: number): Vector {
  const b = new VectorBuilder(to, Math.max(1, n), to.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined);
  const t = v.type.tag;
  for (let i = 0; i < n; i++) {
    const x = readValue(v, i);
    if (x === null) { b.appendNull(); continue; }
    if (t === TypeTag.TIMESTAMP) b.appendString(formatTimestampMicros(x as number | bigint));
    else if (t === TypeTag.TIMESTAMP_NS) b.appendString(formatTimestampNanos(x as number | bigint));
    else if (t === TypeTag.DATE) b.appendString(formatDateMillis(x as number));
    else if ((t === TypeTag.DOUBLE || t === TypeTag.FLOAT) && Number.isInteger(x)) b.appendString(`${x as number}.0`);
    else b.appendString(formatValue(x));
  }
  return b.build();
}

function symbolToText(v: Vector, to: ColumnType, n: number): Vector {
  const keys = v.data as Int32Array;
  const table = v.symbols;
  let bytes = 0;
  for (let i = 0; i < n; i++) if (keys[i] >= 0 && table) bytes += table.utf8(keys[i]).length;
  const data = new Uint8Array(bytes);
  const offsets = new Int32Array(n + 1);
  let nulls: Uint8Array | undefined;
  let p = 0;
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    if (k < 0 || !table) { (nulls ??= new Uint8Array(n))[i] = 1; }
    else { const u = table.utf8(k); data.set(u, p); p += u.length; }
    offsets[i + 1] = p;
  }
  return { type: to, data, offsets, nulls };
}

function castGeneric(v: Vector, to: ColumnType, n: number): Vector {
  const b = new VectorBuilder(to, Math.max(1, n), to.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined);
  const fromText = isStringLike(v.type);
  for (let i = 0; i < n; i++) {
    const x = readValue(v, i);
    if (x === null) { b.appendNull(); continue; }
    try {
      appendValue(b, fromText && typeof x === 'string' ? x : x);
    } catch {
      b.appendNull();
    }
  }
  return b.build();
}
