/**
 * Casts to and from DECIMAL(p,s) (core/data/decimal.ts): between decimals by rescaling (half away from
 * zero), to integers by truncating toward zero, to FLOAT/DOUBLE by the nearest double, to text as the
 * digits with the scale; into a decimal from numbers and text. A value that needs more digits than the
 * target's precision, or an integer target's range, becomes null.
 */
import { ColumnType, isInt64, TypeTag } from '../../data/column-type';
import { decimalAt, decimalBytes, decimalText, scaleOf } from '../../data/decimal';
import { fromExactLongs } from '../../data/exact-longs';
import { INT_NULL, LONG_NULL_BIG } from '../../data/null-values';
import { MemorySymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { allocateData, Vector } from '../../data/vector';
import { decimalValue } from './decimal-values';
import { readValue } from './sql-value';

const LIMITS: Partial<Record<TypeTag, readonly [bigint, bigint]>> = {
  [TypeTag.BYTE]: [-128n, 127n], [TypeTag.SHORT]: [-32768n, 32767n], [TypeTag.INT]: [-2147483647n, 2147483647n],
  [TypeTag.LONG]: [-9223372036854775807n, 9223372036854775807n],
};

export function castDecimal(v: Vector, to: ColumnType, n: number): Vector {
  if (v.type.tag !== TypeTag.DECIMAL) return intoDecimal(v, to, n);
  const d = v.data as Uint8Array;
  const scale = scaleOf(v.type);
  if (to.tag === TypeTag.DOUBLE || to.tag === TypeTag.FLOAT) {
    const out = allocateData(to, n);
    for (let i = 0; i < n; i++) { const x = decimalAt(d, i); out[i] = x === null ? NaN : Number(decimalText(x, scale)); }
    return { type: to, data: out };
  }
  const limits = LIMITS[to.tag];
  if (limits) {
    const whole = new BigInt64Array(n);
    const divisor = 10n ** BigInt(scale);
    for (let i = 0; i < n; i++) {
      const x = decimalAt(d, i);
      const q = x === null ? null : x / divisor;
      whole[i] = q === null || q < limits[0] || q > limits[1] ? LONG_NULL_BIG : q;
    }
    if (isInt64(to)) return fromExactLongs(to, whole);
    const out = allocateData(to, n);
    const nullOut = to.tag === TypeTag.INT ? INT_NULL : 0;
    for (let i = 0; i < n; i++) out[i] = whole[i] === LONG_NULL_BIG ? nullOut : Number(whole[i]);
    return { type: to, data: out };
  }
  if (to.tag === TypeTag.DECIMAL) return intoDecimal(v, to, n);
  const b = new VectorBuilder(to, Math.max(1, n), to.tag === TypeTag.SYMBOL ? new MemorySymbolTable() : undefined);
  for (let i = 0; i < n; i++) { const x = decimalAt(d, i); if (x === null) b.appendNull(); else b.appendString(decimalText(x, scale)); }
  return b.build();
}

function intoDecimal(v: Vector, to: ColumnType, n: number): Vector {
  const out = new Uint8Array(n * 32);
  for (let i = 0; i < n; i++) {
    const x = decimalValue(readValue(v, i), to);
    out.set(decimalBytes(x === undefined ? null : x), i * 32);
  }
  return { type: to, data: out };
}
