/**
 * Converts a vector to another type: the implicit casts the binder inserts and
 * explicit `cast(x AS T)` / `x::T`. Narrowing truncates high bits like Java (`cast(7234623 AS SHORT)` =
 * 25663): typed-array stores do exactly ToInt16/ToInt32. Unparseable text becomes null.
 */
import { ColumnType, TypeTag, isInt64, isNumeric, isStringLike } from '../../data/column-type';
import { INT_NULL, LONG_NULL } from '../../data/null-values';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { allocateData, Vector, vectorLength } from '../../data/vector';
import { formatTimestampMicros, formatDateMillis } from '../../time/iso-timestamp';
import { appendValue } from './append-value';
import { readValue } from './sql-value';
import { formatValue } from './format-value';

/** Number-like types whose values are read straight from `data`. */
export function isNumberLike(t: ColumnType): boolean {
  return isNumeric(t) || isInt64(t) || t.tag === TypeTag.BOOLEAN;
}

export function castVector(v: Vector, to: ColumnType, n = vectorLength(v)): Vector {
  const from = v.type;
  if (from.tag === to.tag && from.bits === to.bits) return v;
  if (from.tag === TypeTag.NULL) return nullVector(to, n);
  if ((from.tag === TypeTag.STRING || from.tag === TypeTag.VARCHAR) && (to.tag === TypeTag.STRING || to.tag === TypeTag.VARCHAR)) {
    return { ...v, type: to };
  }
  if (isNumberLike(from) && isNumberLike(to)) return castNumber(v, from, to, n);
  if (isNumberLike(from) && (to.tag === TypeTag.STRING || to.tag === TypeTag.VARCHAR || to.tag === TypeTag.SYMBOL)) {
    return numberToText(v, to, n);
  }
  if (from.tag === TypeTag.SYMBOL && (to.tag === TypeTag.STRING || to.tag === TypeTag.VARCHAR)) return symbolToText(v, to, n);
  return castGeneric(v, to, n);
}

export function nullVector(to: ColumnType, n: number): Vector {
  const b = new VectorBuilder(to, Math.max(1, n));
  for (let i = 0; i < n; i++) b.appendNull();
  return b.build();
}

function castNumber(v: Vector, from: ColumnType, to: ColumnType, n: number): Vector {
  const d = v.data;
  const out = allocateData(to, n);
  const fromInt = from.tag === TypeTag.INT;
  const fromLong = isInt64(from);
  const fromFloat = from.tag === TypeTag.DOUBLE || from.tag === TypeTag.FLOAT;
  let scale = 1;
  if (from.tag === TypeTag.DATE && to.tag === TypeTag.TIMESTAMP) scale = 1000;
  if (from.tag === TypeTag.TIMESTAMP && to.tag === TypeTag.DATE) scale = 0.001;
  const nullIn = (x: number): boolean => (fromInt ? x === INT_NULL : fromLong ? x === LONG_NULL : fromFloat ? x !== x : false);
  switch (to.tag) {
    case TypeTag.DOUBLE: case TypeTag.FLOAT:
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x) ? NaN : x; }
      break;
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP:
      for (let i = 0; i < n; i++) {
        const x = d[i];
        out[i] = nullIn(x) || !Number.isFinite(x) ? LONG_NULL : scale === 1 ? Math.trunc(x) : Math.floor(x * scale);
      }
      break;
    case TypeTag.INT:
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x) ? INT_NULL : Math.trunc(x) | 0; }
      break;
    case TypeTag.BOOLEAN:
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x) || x === 0 ? 0 : 1; }
      break;
    default: // BYTE, SHORT: typed-array stores wrap (Java narrowing); null becomes 0 (not nullable).
      for (let i = 0; i < n; i++) { const x = d[i]; out[i] = nullIn(x) ? 0 : Math.trunc(x); }
  }
  return { type: to, data: out, exact: fromLong && isInt64(to) && scale === 1 ? v.exact : undefined };
}

function numberToText(v: Vector, to: ColumnType, n: number): Vector {
  const b = new VectorBuilder(to, Math.max(1, n), to.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined);
  const t = v.type.tag;
  for (let i = 0; i < n; i++) {
    const x = readValue(v, i);
    if (x === null) { b.appendNull(); continue; }
    if (t === TypeTag.TIMESTAMP) b.appendString(formatTimestampMicros(x as number));
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
