/**
 * DECIMAL arithmetic and comparisons (QuestDB 9.4.4 result types), exact on BigInt:
 * `+`/`-` keep the larger scale with one more integer digit; `*` and `/` give DECIMAL(76, s1 + s2), a
 * quotient rounded half-even at that scale; `%` keeps the larger scale. An INT/LONG operand takes part as
 * DECIMAL(10,0)/(19,0). A result beyond 76 digits is `decimal overflow`; division by zero is null.
 */
import { ANY_DECIMAL, ColumnType, decimalType, Types } from '../../../core/data/column-type';
import { decimalAt, digitCount, MAX_DECIMAL_PRECISION, pow10, precisionOf, scaleOf, setDecimal } from '../../../core/data/decimal';
import { Vector } from '../../../core/data/vector';
import { SvcError } from '../../../core/errors';
import { ScalarFunction } from '../../../core/extension/sql-function';

type Op = (x: bigint, y: bigint, sx: number, sy: number, scale: number) => bigint | null;

const widest = (a: ColumnType, b: ColumnType): number => Math.max(scaleOf(a), scaleOf(b));
const aligned = (x: bigint, from: number, to: number): bigint => x * pow10(to - from);

function arithmetic(name: string, returns: (a: ColumnType, b: ColumnType) => ColumnType, op: Op): ScalarFunction {
  return {
    kind: 'scalar', name, args: [ANY_DECIMAL, ANY_DECIMAL], returns: (t) => returns(t[0], t[1]),
    kernel(args, n, type): Vector {
      const [a, b] = args;
      const da = a.data as Uint8Array, db = b.data as Uint8Array;
      const sa = scaleOf(a.type), sb = scaleOf(b.type), scale = scaleOf(type);
      const out = new Uint8Array(n * 32);
      for (let i = 0; i < n; i++) {
        const x = decimalAt(da, i), y = decimalAt(db, i);
        const r = x === null || y === null ? null : op(x, y, sa, sb, scale);
        if (r !== null && digitCount(r) > MAX_DECIMAL_PRECISION) throw SvcError.sql(0, 'decimal overflow');
        setDecimal(out, i, r);
      }
      return { type, data: out };
    },
  };
}

const additive = (a: ColumnType, b: ColumnType): ColumnType => {
  const scale = widest(a, b);
  const digits = Math.max(precisionOf(a) - scaleOf(a), precisionOf(b) - scaleOf(b)) + scale + 1;
  return decimalType(Math.min(MAX_DECIMAL_PRECISION, digits), scale);
};
const multiplicative = (a: ColumnType, b: ColumnType): ColumnType =>
  decimalType(MAX_DECIMAL_PRECISION, Math.min(MAX_DECIMAL_PRECISION, scaleOf(a) + scaleOf(b)));

/** x / y at `scale`, rounded half to even. */
function divide(x: bigint, y: bigint, sx: number, sy: number, scale: number): bigint | null {
  if (y === 0n) return null;
  // x·10^-sx / (y·10^-sy) = (x · 10^(scale + sy - sx)) / y · 10^-scale
  const shift = scale + sy - sx;
  const num = shift >= 0 ? x * pow10(shift) : x;
  const den = shift >= 0 ? y : y * pow10(-shift);
  const q = num / den, r = num % den;
  const twice = (r < 0n ? -r : r) * 2n, d = den < 0n ? -den : den;
  if (twice > d || (twice === d && q % 2n !== 0n)) return q + ((num < 0n) !== (den < 0n) ? -1n : 1n);
  return q;
}

function comparison(name: string, test: (c: number) => boolean): ScalarFunction {
  return {
    kind: 'scalar', name, args: [ANY_DECIMAL, ANY_DECIMAL], returns: Types.BOOLEAN,
    kernel(args, n): Vector {
      const [a, b] = args;
      const sa = scaleOf(a.type), sb = scaleOf(b.type), scale = Math.max(sa, sb);
      const out = new Uint8Array(n);
      const nullSafe = name === '=' || name === '!=';
      for (let i = 0; i < n; i++) {
        const x = decimalAt(a.data as Uint8Array, i), y = decimalAt(b.data as Uint8Array, i);
        if (x === null || y === null) {
          // As the other types: `=`/`!=` treat null = null as equal, an ordering with a null is false.
          const bothNull = x === null && y === null;
          out[i] = nullSafe && (name === '=' ? bothNull : !bothNull) ? 1 : 0;
          continue;
        }
        const l = aligned(x, sa, scale), r = aligned(y, sb, scale);
        out[i] = test(l < r ? -1 : l > r ? 1 : 0) ? 1 : 0;
      }
      return { type: Types.BOOLEAN, data: out };
    },
  };
}

function unary(name: string, f: (x: bigint) => bigint): ScalarFunction {
  return {
    kind: 'scalar', name, args: [ANY_DECIMAL], returns: (t) => t[0],
    kernel(args, n, type): Vector {
      const out = new Uint8Array(n * 32);
      for (let i = 0; i < n; i++) { const x = decimalAt(args[0].data as Uint8Array, i); setDecimal(out, i, x === null ? null : f(x)); }
      return { type, data: out };
    },
  };
}

export const decimalOperators: readonly ScalarFunction[] = [
  arithmetic('+', additive, (x, y, sx, sy, s) => aligned(x, sx, s) + aligned(y, sy, s)),
  arithmetic('-', additive, (x, y, sx, sy, s) => aligned(x, sx, s) - aligned(y, sy, s)),
  arithmetic('*', multiplicative, (x, y, sx, sy, s) => aligned(x * y, sx + sy, s)),
  arithmetic('/', multiplicative, divide),
  arithmetic('%', (a, b) => additive(a, b), (x, y, sx, sy, s) => (y === 0n ? null : aligned(x, sx, s) % aligned(y, sy, s))),
  comparison('=', (c) => c === 0), comparison('!=', (c) => c !== 0), comparison('<', (c) => c < 0),
  comparison('<=', (c) => c <= 0), comparison('>', (c) => c > 0), comparison('>=', (c) => c >= 0),
  unary('neg', (x) => -x), unary('abs', (x) => (x < 0n ? -x : x)),
];
