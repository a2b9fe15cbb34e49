/**
 * Numeric expressions: + − × ÷ %, unary minus, abs, sign, floor, ceil, round, sqrt, ln, power, casts between
 * the numeric types, CASE and length(). Result types follow QuestDB (INT op INT is INT, anything with LONG
 * is LONG, FLOAT op FLOAT or a narrower integer is FLOAT, anything with DOUBLE is DOUBLE); the DuckDB side
 * computes exactly and applies QuestDB's wrap-around, null and non-finite rules (duck-macros.ts).
 */
import { FuzzTypeName, isFloat, isInteger, numericRank } from './fuzz-types';
import { Expr, node } from './expr';
import type { ExpressionGenerator, Want } from './expression-generator';
import { predicateExpression } from './predicate-expressions';
import { timeField } from './time-expressions';

type Op = '+' | '-' | '*' | '/' | '%';

/** The type QuestDB computes `a op b` in. */
export function arithmeticType(a: FuzzTypeName, b: FuzzTypeName): FuzzTypeName {
  if (a === 'DOUBLE' || b === 'DOUBLE') return 'DOUBLE';
  if (a === 'FLOAT' || b === 'FLOAT') return a === 'LONG' || b === 'LONG' ? 'DOUBLE' : 'FLOAT';
  return a === 'LONG' || b === 'LONG' ? 'LONG' : 'INT';
}

const DUCK_TYPE: Partial<Record<FuzzTypeName, string>> = { BYTE: 'TINYINT', SHORT: 'SMALLINT', INT: 'INTEGER', LONG: 'BIGINT', FLOAT: 'REAL', DOUBLE: 'DOUBLE' };

/**
 * An operand computed in a wider type gets an explicit cast when it is itself computed: QuestDB's INT
 * functions answer a LONG or DOUBLE read without wrapping (getLong widens), which differs between its
 * compiled and interpreted paths; a cast reads the INT value first, in both.
 */
export function widen(e: Expr, to: FuzzTypeName): Expr {
  if (e.type === to || e.kids.length === 0 || numericRank(e.type) >= numericRank(to)) return e;
  if (to === 'INT' && (e.type === 'BYTE' || e.type === 'SHORT')) return e;
  const t = to.toLowerCase();
  return node({ type: to, q: ([x]) => `cast(${x} as ${t})`, d: ([x]) => `(${x})::${DUCK_TYPE[to]}` }, [e]);
}

/** QuestDB's value of INT/LONG arithmetic: wrapped to the type, its minimum is NULL. */
function wrapInt(type: FuzzTypeName, exact: string): string {
  return type === 'LONG' ? `q_i64(${exact})` : `q_i32(${exact})`;
}

export function arithmetic(op: Op, a: Expr, b: Expr): Expr {
  const type = arithmeticType(a.type, b.type);
  const [x, y] = [widen(a, type), widen(b, type)];
  if (isInteger(type)) {
    const exact = (l: string, r: string): string =>
      op === '/' ? `q_idiv(${l}, ${r})` : op === '%' ? `q_imod(${l}, ${r})` : `(${l})::HUGEINT ${op} (${r})::HUGEINT`;
    return node({ type, q: ([l, r]) => `(${l} ${op} ${r})`, d: ([l, r]) => wrapInt(type, exact(l, r)) }, [x, y]);
  }
  const ft = DUCK_TYPE[type];
  const d = ([l, r]: readonly string[]): string => {
    const e = `(${l})::${ft} ${op} (${r})::${ft}`;
    // QuestDB: a quotient that is not finite is NaN (null); other operators keep ±Infinity.
    return op === '/' ? `q_fin(${e})` : `q_nn(${e})`;
  };
  // A float remainder is ill-conditioned: it depends on every bit of its operands, so an operand that two
  // libms may round apart (ln, sqrt, a sum) makes it incomparable, however small their difference.
  const unstable = op === '%' && (x.exactness !== 'exact' || y.exactness !== 'exact');
  return node({ type, q: ([l, r]) => `(${l} ${op} ${r})`, d, exactness: unstable ? 'unstable' : undefined }, [x, y]);
}

function negate(a: Expr): Expr {
  // QuestDB's unary minus keeps BYTE and SHORT (-(-128) wraps to -128).
  const d = a.type === 'BYTE' ? ([x]: readonly string[]) => `q_i8(-(${x})::HUGEINT)` : a.type === 'SHORT' ? ([x]: readonly string[]) => `q_i16(-(${x})::HUGEINT)` : ([x]: readonly string[]) => `(-(${x}))`;
  return node({ type: a.type, q: ([x]) => `(-(${x}))`, d }, [a]);
}

export function abs(a: Expr): Expr {
  // abs(E), abs(I), abs(L), abs(D): a BYTE goes in as a SHORT, a FLOAT as a DOUBLE.
  const type: FuzzTypeName = a.type === 'BYTE' ? 'SHORT' : a.type === 'FLOAT' ? 'DOUBLE' : a.type;
  // abs(SHORT) is `value < 0 ? (short) -value : value`: abs(-32768) wraps to -32768.
  const d = type === 'SHORT' ? ([x]: readonly string[]) => `q_i16(abs((${x})::INTEGER))`
    : isInteger(type) ? ([x]: readonly string[]) => `abs((${x})::${DUCK_TYPE[type]})::${DUCK_TYPE[type]}` : ([x]: readonly string[]) => `abs(${x})`;
  return node({ type, q: ([x]) => `abs(${x})`, d }, [a]);
}

/** A DOUBLE (or FLOAT for floor/ceil of a FLOAT) function of one numeric argument. */
function floatFunction(g: ExpressionGenerator, a: Expr): Expr {
  const name = g.rnd.pick(['floor', 'ceil', 'round', 'sqrt', 'ln', 'sign', 'round2']);
  // floor(F) and floor(D): QuestDB's overload priorities send BYTE, SHORT and INT to FLOAT, LONG to DOUBLE.
  const keepsFloat = (name === 'floor' || name === 'ceil') && (a.type === 'FLOAT' || a.type === 'INT' || a.type === 'SHORT' || a.type === 'BYTE');
  const type: FuzzTypeName = keepsFloat ? 'FLOAT' : 'DOUBLE';
  const x = keepsFloat ? widen(a, 'FLOAT') : widen(a, 'DOUBLE');
  const dbl = (s: string): string => (keepsFloat ? `(${s})::REAL` : `(${s})::DOUBLE`);
  switch (name) {
    case 'floor': case 'ceil': return node({ type, q: ([v]) => `${name}(${v})`, d: ([v]) => `q_nn(${name}(${dbl(v)}))` }, [x]);
    // Math.round: floor(x + 1/2) computed exactly, saturated to LONG; NaN and ±Infinity give NULL.
    case 'round': return node({ type, q: ([v]) => `round(${v})`, d: ([v]) => `q_round(${dbl(v)})` }, [x]);
    case 'round2': {
      // round(x, n) on moderate values only: QuestDB scales through a LONG, so beyond ±9.2e18 / 10^n it is
      // not a rounding any more (and svc's differs); NULL stays NULL.
      const c = g.columnOf('numeric', (col) => col.profile === 'small');
      if (!c) return floatFunction(g, a);
      const digits = g.rnd.int(-2, 4);
      return node({ type: 'DOUBLE', exactness: 'ulp', q: ([v]) => `round(${v}, ${digits})`, d: ([v]) => `q_fin(round((${v})::DOUBLE, ${digits}))` }, [g.ref(c)]);
    }
    case 'sqrt': return node({ type, exactness: 'ulp', q: ([v]) => `sqrt(${v})`, d: ([v]) => `CASE WHEN ${dbl(v)} >= 0 THEN sqrt(${dbl(v)}) END` }, [x]);
    // Math.log: -Infinity at 0, NaN (NULL) below.
    case 'ln': return node({ type, exactness: 'ulp', q: ([v]) => `ln(${v})`, d: ([v]) => `CASE WHEN ${dbl(v)} > 0 THEN ln(${dbl(v)}) WHEN ${dbl(v)} = 0 THEN '-Infinity'::DOUBLE END` }, [x]);
    default: {
      // sign keeps its argument's type (sign(B), sign(E), sign(I), sign(L), sign(F), sign(D)).
      const t = a.type;
      return node({ type: t, q: ([v]) => `sign(${v})`, d: ([v]) => `(sign(${v}))::${DUCK_TYPE[t]}` }, [a]);
    }
  }
}

/** `cast(x as T)` between numeric types with QuestDB's narrowing rules. */
export function numericCast(a: Expr, to: FuzzTypeName): Expr {
  const t = to.toLowerCase();
  let d: (k: readonly string[]) => string;
  if (isFloat(a.type) && isInteger(to)) {
    const [lo, hi] = to === 'LONG' ? ['-9223372036854775808', '9223372036854775807'] : to === 'INT' ? ['-2147483648', '2147483647'] : to === 'SHORT' ? ['-32768', '32767'] : ['-128', '127'];
    // Out of range or null: NULL for INT/LONG, 0 for SHORT/BYTE (they have no null).
    d = to === 'LONG' ? ([x]) => `q_i64(q_d2i(${x}, ${lo}, ${hi}))` : to === 'INT' ? ([x]) => `q_i32(q_d2i(${x}, ${lo}, ${hi}))`
      : ([x]) => `coalesce(q_d2i(${x}, ${lo}, ${hi}), 0)::${DUCK_TYPE[to]}`;
  } else if (isInteger(to)) {
    d = to === 'LONG' ? ([x]) => `(${x})::BIGINT` : to === 'INT' ? ([x]) => `q_i32(${x})` : to === 'SHORT' ? ([x]) => `q_i16(${x})` : ([x]) => `q_i8(${x})`;
  } else if (to === 'FLOAT' && a.type === 'DOUBLE') {
    d = ([x]) => `CASE WHEN q_dnull(${x}) OR abs(${x}) > 3.4028234663852886e38 THEN NULL ELSE (${x})::REAL END`;
  } else {
    d = ([x]) => `(${x})::${DUCK_TYPE[to]}`;
  }
  return node({ type: to, q: ([x]) => `cast(${x} as ${t})`, d }, [a]);
}

export function numericExpression(g: ExpressionGenerator, want: Want, depth: number): Expr {
  const r = g.rnd;
  const sub = (w: Want = want): Expr => g.of(w, depth - 1);
  const choice = r.weighted<string>([['arith', 6], ['neg', 1], ['abs', 1], ['func', want === 'integer' ? 0 : 2], ['cast', 2], ['case', 1], ['length', want === 'float' ? 0 : 1], ['field', want === 'float' ? 0 : 1]]);
  switch (choice) {
    case 'arith': {
      const op = r.weighted<Op>([['+', 3], ['-', 3], ['*', 2], ['/', 2], ['%', 1]]);
      const a = sub(want === 'float' ? r.pick<Want>(['float', 'numeric']) : want);
      const b = sub(want === 'float' ? r.pick<Want>(['float', 'numeric']) : want === 'integer' ? 'integer' : r.pick<Want>(['numeric', want]));
      const e = arithmetic(op, a, b);
      return g.matches(want, e.type) ? e : numericCast(e, want === 'integer' ? 'LONG' : 'DOUBLE');
    }
    case 'neg': return negate(sub());
    case 'abs': return abs(sub());
    case 'func': {
      const e = floatFunction(g, sub(r.pick<Want>(['float', 'numeric'])));
      return g.matches(want, e.type) ? e : numericCast(e, 'LONG');
    }
    case 'cast': {
      const to: FuzzTypeName = want === 'integer' ? r.pick(['INT', 'LONG', 'SHORT', 'BYTE']) : want === 'float' ? r.pick(['DOUBLE', 'FLOAT']) : r.pick(['INT', 'LONG', 'DOUBLE', 'SHORT', 'BYTE', 'FLOAT']);
      const from = sub(r.pick<Want>(['numeric', 'float', 'integer']));
      return from.type === to ? from : numericCast(from, to);
    }
    case 'case': {
      const a = sub();
      const b = g.rnd.chance(0.5) ? g.constant(a.type) : sub();
      const type = a.type === b.type ? a.type : arithmeticType(a.type, b.type);
      const [x, y] = [widenValue(a, type), widenValue(b, type)];
      const p = predicateExpression(g, depth - 1);
      return node({ type, q: ([c, t, e]) => `CASE WHEN ${c} THEN ${t} ELSE ${e} END`, d: ([c, t, e]) => `CASE WHEN ${c} THEN ${t} ELSE ${e} END` }, [p, x, y]);
    }
    case 'field': return timeField(g, depth - 1);
    default: {
      const s = g.of('text', depth - 1);
      // QuestDB: length(NULL) is -1; STRING and SYMBOL (Java strings) count UTF-16 units, VARCHAR code points.
      const d = s.type !== 'VARCHAR' ? ([x]: readonly string[]) => `q_len16(${x})` : ([x]: readonly string[]) => `q_len(${x})`;
      return node({ type: 'INT', q: ([x]) => `length(${x})`, d }, [s]);
    }
  }
}

/** A CASE branch in the other branch's type: an explicit cast for any widening (BYTE/SHORT in an INT CASE too). */
function widenValue(e: Expr, to: FuzzTypeName): Expr {
  return e.type === to ? e : numericCast(e, to);
}
