/**
 * `+ - * / %` and unary minus: integer arithmetic stays integer (`7 / 2` = 3),
 * integer division by zero is null, a double quotient that is not finite is null; TIMESTAMP ± integer µs.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { binaryLoop, nullKindOf, runBinary, runUnary, unaryLoop } from '../kernel-templates';
import { ExactBinary, runExactBinary, runExactUnary } from '../exact-long-kernels';

function binary(name: string, a: ColumnType, b: ColumnType, returns: ColumnType, body: string): ScalarFunction {
  const loop = binaryLoop(body, nullKindOf(a), nullKindOf(b), nullKindOf(returns));
  return {
    kind: 'scalar', name, args: [a, b], returns,
    kernel: (args, n, type) => runBinary(loop, args[0], args[1], n, type),
  };
}

/** LONG-family arithmetic: exact beyond 2^53 and wrapping at 64 bits (exact-long-kernels.ts). */
function exactBinary(name: string, a: ColumnType, b: ColumnType, returns: ColumnType, body: string, op: ExactBinary): ScalarFunction {
  const loop = binaryLoop(body, nullKindOf(a), nullKindOf(b), nullKindOf(returns));
  return {
    kind: 'scalar', name, args: [a, b], returns,
    kernel: (args, n, type) => runExactBinary(loop, op, args[0], args[1], n, type),
  };
}

const EXACT: Readonly<Record<string, ExactBinary>> = {
  '+': (x, y) => x + y, '-': (x, y) => x - y, '*': (x, y) => x * y,
  '/': (x, y) => (y === 0n ? null : x / y), '%': (x, y) => (y === 0n ? null : x % y),
  '&': (x, y) => x & y, '|': (x, y) => x | y, '^': (x, y) => x ^ y,
};

const INT_BODIES: Record<string, string> = {
  '+': '(x + y) | 0', '-': '(x - y) | 0', '*': 'Math.imul(x, y)',
  '/': 'y === 0 ? -2147483648 : (x / y) | 0', '%': 'y === 0 ? -2147483648 : (x % y) | 0',
};
const LONG_BODIES: Record<string, string> = {
  // `+ 0`: a zero product, quotient or remainder with a negative operand is 0, not -0 (a key, a distinct value).
  '+': 'x + y', '-': 'x - y', '*': 'x * y + 0',
  '/': 'y === 0 ? -9223372036854775808 : Math.trunc(x / y) + 0', '%': 'y === 0 ? -9223372036854775808 : (x % y) + 0',
};
const DOUBLE_BODIES: Record<string, string> = {
  // QuestDB: a quotient that is not finite (x / 0, ±Infinity / ±Infinity) is NaN, i.e. NULL.
  '+': 'x + y', '-': 'x - y', '*': 'x * y', '/': '(x / y) - (x / y) === 0 ? x / y : NaN', '%': 'x % y',
};

/** FLOAT arithmetic in doubles, rounded to FLOAT by the output array; a quotient is NULL unless finite as a FLOAT. */
const FLOAT_BODIES: Record<string, string> = {
  ...DOUBLE_BODIES, '/': 'Math.fround(x / y) - Math.fround(x / y) === 0 ? x / y : NaN',
};

function family(): ScalarFunction[] {
  const out: ScalarFunction[] = [];
  for (const op of ['+', '-', '*', '/', '%']) {
    out.push(binary(op, Types.INT, Types.INT, Types.INT, INT_BODIES[op]));
    out.push(exactBinary(op, Types.LONG, Types.LONG, Types.LONG, LONG_BODIES[op], EXACT[op]));
    out.push(binary(op, Types.FLOAT, Types.FLOAT, Types.FLOAT, FLOAT_BODIES[op]));
    out.push(binary(op, Types.DOUBLE, Types.DOUBLE, Types.DOUBLE, DOUBLE_BODIES[op]));
  }
  // TIMESTAMP + integer = TIMESTAMP (µs).
  out.push(exactBinary('+', Types.TIMESTAMP, Types.LONG, Types.TIMESTAMP, 'x + y', EXACT['+']));
  out.push(exactBinary('+', Types.LONG, Types.TIMESTAMP, Types.TIMESTAMP, 'x + y', EXACT['+']));
  out.push(exactBinary('-', Types.TIMESTAMP, Types.LONG, Types.TIMESTAMP, 'x - y', EXACT['-']));
  out.push(exactBinary('-', Types.TIMESTAMP, Types.TIMESTAMP, Types.LONG, 'x - y', EXACT['-']));
  // Unary minus keeps the type: -(BYTE) is a BYTE (-(-128) wraps to -128), -(SHORT) a SHORT.
  const NEG: readonly (readonly [ColumnType, string])[] = [[Types.BYTE, '(-x << 24) >> 24'], [Types.SHORT, '(-x << 16) >> 16'],
    [Types.INT, '(-x) | 0'], [Types.FLOAT, '-x'], [Types.DOUBLE, '-x']];
  for (const [t, body] of NEG) {
    const loop = unaryLoop(body, nullKindOf(t), nullKindOf(t));
    out.push({ kind: 'scalar', name: 'neg', args: [t], returns: t, kernel: (args, n, type) => runUnary(loop, args[0], n, type) });
  }
  // `0 - x`: the negation of 0 is 0, not -0.
  const negLong = unaryLoop('0 - x', 'long', 'long');
  out.push({ kind: 'scalar', name: 'neg', args: [Types.LONG], returns: Types.LONG, kernel: (args, n, type) => runExactUnary(negLong, (x) => -x, args[0], n, type) });
  // Bitwise on integers. LONG: the double loop is exact below 2^31; the rest goes through BigInt.
  for (const [op, body] of [['&', 'x & y'], ['|', 'x | y'], ['^', 'x ^ y']] as const) {
    out.push(binary(op, Types.INT, Types.INT, Types.INT, body));
    out.push(exactBinary(op, Types.LONG, Types.LONG, Types.LONG, `(x >= -2147483648 && x <= 2147483647 && y >= -2147483648 && y <= 2147483647) ? (${body}) : ${2 ** 60}`, EXACT[op]));
  }
  const notInt = unaryLoop('~x', 'int', 'int');
  out.push({ kind: 'scalar', name: '~', args: [Types.INT], returns: Types.INT, kernel: (args, n, type) => runUnary(notInt, args[0], n, type) });
  return out;
}

export const arithmeticFunctions: readonly ScalarFunction[] = family();
