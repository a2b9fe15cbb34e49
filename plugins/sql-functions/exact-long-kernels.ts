/**
 * LONG-family kernels that stay exact beyond 2^53 (core/data/exact-longs.ts): the generated double loop
 * runs first and is kept when no input carries `exact` and no result leaves ±2^53; otherwise the batch is
 * computed again with BigInt, wrapping at 64 bits as Java's long does. Typical data never leaves the
 * fast path, so scans and arithmetic cost one extra range check per result.
 */
import { ColumnType, Types } from '../../core/data/column-type';
import { exactAt, fromExactLongs, isSafeLong } from '../../core/data/exact-longs';
import { LONG_NULL_BIG } from '../../core/data/null-values';
import { FixedArray, Vector } from '../../core/data/vector';

type Loop2 = (a: FixedArray, b: FixedArray, out: FixedArray, n: number) => void;
type Loop1 = (a: FixedArray, out: FixedArray, n: number) => void;

/** The exact operation; null makes the row null (division by zero). */
export type ExactBinary = (x: bigint, y: bigint) => bigint | null;

function allSafe(out: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (!isSafeLong(out[i])) return false;
  return true;
}

/** A binary LONG-family result (`+ - * / %`, bitwise, TIMESTAMP ± LONG). */
export function runExactBinary(loop: Loop2, op: ExactBinary, a: Vector, b: Vector, n: number, type: ColumnType): Vector {
  if (!a.exact && !b.exact) {
    const out = new Float64Array(n);
    loop(a.data, b.data, out, n);
    if (allSafe(out, n)) return { type, data: out };
  }
  const exact = new BigInt64Array(n);
  for (let i = 0; i < n; i++) {
    const x = exactAt(a, i), y = exactAt(b, i);
    const r = x === LONG_NULL_BIG || y === LONG_NULL_BIG ? null : op(x, y);
    exact[i] = r === null ? LONG_NULL_BIG : BigInt.asIntN(64, r);
  }
  return fromExactLongs(type, exact);
}

/** A unary LONG-family result (neg, abs). */
export function runExactUnary(loop: Loop1, op: (x: bigint) => bigint, a: Vector, n: number, type: ColumnType): Vector {
  if (!a.exact) {
    const out = new Float64Array(n);
    loop(a.data, out, n);
    if (allSafe(out, n)) return { type, data: out };
  }
  const exact = new BigInt64Array(n);
  for (let i = 0; i < n; i++) {
    const x = exactAt(a, i);
    exact[i] = x === LONG_NULL_BIG ? x : BigInt.asIntN(64, op(x));
  }
  return fromExactLongs(type, exact);
}

const TESTS: Readonly<Record<string, (x: bigint, y: bigint) => boolean>> = {
  '=': (x, y) => x === y, '!=': (x, y) => x !== y, '<': (x, y) => x < y,
  '<=': (x, y) => x <= y, '>': (x, y) => x > y, '>=': (x, y) => x >= y,
};

/**
 * A LONG-family comparison: the double loop when neither side carries `exact`, else BigInt. As the double
 * form, two NULLs are equal (and so `<=`, `>=`); any other comparison with a NULL is false.
 */
export function runExactCompare(loop: Loop2, op: string, a: Vector, b: Vector, n: number): Vector {
  const out = new Uint8Array(n);
  if (!a.exact && !b.exact) {
    loop(a.data, b.data, out, n);
    return { type: Types.BOOLEAN, data: out };
  }
  const test = TESTS[op];
  // Two NULLs are =, <= and >= each other; any other comparison with a NULL is false.
  const nullSafe = op === '=' || op === '!=';
  const bothNull = op === '<=' || op === '>=' ? 1 : 0;
  for (let i = 0; i < n; i++) {
    const x = exactAt(a, i), y = exactAt(b, i);
    if (!nullSafe && (x === LONG_NULL_BIG || y === LONG_NULL_BIG)) {
      out[i] = x === y ? bothNull : 0;
      continue;
    }
    out[i] = test(x, y) ? 1 : 0;
  }
  return { type: Types.BOOLEAN, data: out };
}
