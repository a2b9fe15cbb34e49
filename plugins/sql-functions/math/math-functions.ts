/** Numeric functions. NaN is DOUBLE's null, so most kernels need no null branch. */
import { ColumnType, Types } from '../../../core/data/column-type';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { doubleUnary, rowFunction, typedUnary } from '../row-kernels';
import { unaryLoop } from '../kernel-templates';
import { runExactUnary } from '../exact-long-kernels';

const D = Types.DOUBLE, I = Types.INT, L = Types.LONG;

function roundHalfUp(x: number, scale: number): number {
  const f = Math.pow(10, scale);
  const r = Math.sign(x) * Math.round(Math.abs(x) * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

function roundHalfEven(x: number, scale: number): number {
  const f = Math.pow(10, scale);
  const v = x * f;
  const fl = Math.floor(v);
  const diff = v - fl;
  let r = diff > 0.5 ? fl + 1 : diff < 0.5 ? fl : (fl % 2 === 0 ? fl : fl + 1);
  if (Math.abs(diff - 0.5) < 1e-9 && diff !== 0.5) r = fl % 2 === 0 ? fl : fl + 1;
  return r / f;
}

const num = (x: unknown): number => Number(x);

function extremum(name: 'greatest' | 'least'): ScalarFunction {
  return rowFunction(name, ['same'], (a: readonly ColumnType[]) => a[0], (v) => {
    let best = v[0];
    for (const x of v) {
      if (x === null) return null;
      if (best === null || (name === 'greatest' ? x > best : x < best)) best = x;
    }
    return best;
  }, { variadic: true, nullSafe: true });
}

/** abs(LONG): exact beyond 2^53; abs(MIN_VALUE) is null like the input (it is LONG's null). */
const absLoop = unaryLoop('Math.abs(x)', 'long', 'long');
const exactAbs: ScalarFunction = {
  kind: 'scalar', name: 'abs', args: [L], returns: L,
  kernel: (a, n, type) => runExactUnary(absLoop, (x) => (x < 0n ? -x : x), a[0], n, type),
};

export const mathFunctions: readonly ScalarFunction[] = [
  // abs(E) is SHORT (a BYTE argument widens to it); Math.abs of a short wraps like Java's (short) cast.
  typedUnary('abs', Types.SHORT, '(Math.abs(x) << 16) >> 16'), typedUnary('abs', I, 'x < 0 ? (-x) | 0 : x'), exactAbs, doubleUnary('abs', 'Math.abs(x)'),
  doubleUnary('ceil', 'Math.ceil(x)'), doubleUnary('ceiling', 'Math.ceil(x)'), doubleUnary('floor', 'Math.floor(x)'),
  // floor, ceil and ceiling of a FLOAT stay FLOAT.
  typedUnary('ceil', Types.FLOAT, 'Math.ceil(x)'), typedUnary('ceiling', Types.FLOAT, 'Math.ceil(x)'), typedUnary('floor', Types.FLOAT, 'Math.floor(x)'),
  doubleUnary('sqrt', 'Math.sqrt(x)'), doubleUnary('exp', 'Math.exp(x)'), doubleUnary('ln', 'Math.log(x)'),
  doubleUnary('log', 'Math.log(x)'), doubleUnary('log10', 'Math.log10(x)'), doubleUnary('log2', 'Math.log2(x)'),
  doubleUnary('sin', 'Math.sin(x)'), doubleUnary('cos', 'Math.cos(x)'), doubleUnary('tan', 'Math.tan(x)'),
  doubleUnary('asin', 'Math.asin(x)'), doubleUnary('acos', 'Math.acos(x)'), doubleUnary('atan', 'Math.atan(x)'),
  doubleUnary('cot', '1 / Math.tan(x)'), doubleUnary('degrees', 'x * 180 / Math.PI'), doubleUnary('radians', 'x * Math.PI / 180'),
  // Java's Math.round: floor(x + 1/2) (JS's Math.round is the same rule), a LONG, so saturated at ±2^63; not
  // finite gives NULL; -0.5 <= x < 0 gives 0, not -0.
  doubleUnary('round', 'x - x !== 0 ? NaN : x >= 9223372036854775807 ? 9223372036854775807 : x <= -9223372036854775808 ? -9223372036854775808 : Math.round(x) + 0'),
  // sign keeps the argument's type; sign(-0.0) is 0.0.
  typedUnary('sign', Types.BYTE, 'x > 0 ? 1 : x < 0 ? -1 : 0'), typedUnary('sign', Types.SHORT, 'x > 0 ? 1 : x < 0 ? -1 : 0'),
  typedUnary('sign', I, 'x > 0 ? 1 : x < 0 ? -1 : 0'), typedUnary('sign', L, 'x > 0 ? 1 : x < 0 ? -1 : 0'),
  typedUnary('sign', Types.FLOAT, 'x !== x ? x : Math.sign(x) + 0'), doubleUnary('sign', 'x !== x ? x : Math.sign(x) + 0'),
  rowFunction('atan2', [D, D], D, (v) => Math.atan2(num(v[0]), num(v[1]))),
  rowFunction('power', [D, D], D, (v) => Math.pow(num(v[0]), num(v[1]))),
  rowFunction('round', [D, I], D, (v) => roundHalfUp(num(v[0]), num(v[1]))),
  rowFunction('round_half_even', [D, I], D, (v) => roundHalfEven(num(v[0]), num(v[1]))),
  rowFunction('round_down', [D, I], D, (v) => { const f = Math.pow(10, num(v[1])); return Math.trunc(num(v[0]) * f) / f; }),
  rowFunction('round_up', [D, I], D, (v) => { const f = Math.pow(10, num(v[1])); const x = num(v[0]) * f; return (x < 0 ? Math.floor(x) : Math.ceil(x)) / f; }),
  rowFunction('pi', [], D, () => Math.PI),
  extremum('greatest'), extremum('least'),
];
