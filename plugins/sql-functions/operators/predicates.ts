/**
 * IS [NOT] NULL, IN (list), BETWEEN, LIKE/ILIKE and regex `~`/`!~`.
 * IN takes its list as constants; the set is built once per batch from row 0 of each constant vector.
 */
import { ColumnType, Types, TypeTag } from '../../../core/data/column-type';
import { Vector } from '../../../core/data/vector';
import { exactAt } from '../../../core/data/exact-longs';
import { DOUBLE_TOLERANCE, LONG_NULL_BIG } from '../../../core/data/null-values';
import { FunctionContext, ScalarFunction } from '../../../core/extension/sql-function';
import { readValue, SqlValue } from '../../../core/sql/vector/sql-value';
import { castVector } from '../../../core/sql/vector/cast-vector';
import { argumentPosition, patternCache } from '../text/pattern-cache';

const B = Types.BOOLEAN;

function isNull(negated: boolean): ScalarFunction {
  return {
    kind: 'scalar', name: negated ? 'isnotnull' : 'isnull', args: ['any'], returns: B,
    kernel(args, n): Vector {
      const v = args[0];
      const out = new Uint8Array(n);
      const hit = negated ? 0 : 1, miss = 1 - hit;
      if (isFloat(v.type)) {
        // QuestDB's Numbers.isNull: NaN and ±Infinity are a DOUBLE's (or FLOAT's) NULL.
        const d = v.data as Float64Array | Float32Array;
        for (let i = 0; i < n; i++) out[i] = d[i] - d[i] !== 0 ? hit : miss;
        return { type: B, data: out };
      }
      // An ARRAY row has no single value (readValue gives null for every one): its null flag says.
      if (v.type.tag === TypeTag.ARRAY) for (let i = 0; i < n; i++) out[i] = v.nulls?.[i] === 1 ? hit : miss;
      else for (let i = 0; i < n; i++) out[i] = readValue(v, i) === null ? hit : miss;
      return { type: B, data: out };
    },
  };
}

function valueKey(x: SqlValue): string | number | boolean | null {
  if (x instanceof Uint8Array) return Buffer.from(x).toString('hex');
  // Beyond 2^53 a LONG stays exact as its digits (readValue gives a number within 2^53).
  if (typeof x === 'bigint') return x.toString();
  return x;
}

/** `in(x, c1, c2, …)`: the constants are cast to x's type so `sym IN ('a')` compares keys. */
export const inFunction: ScalarFunction = {
  kind: 'scalar', name: 'in', args: ['any', 'any'], variadic: true, returns: B,
  kernel(args, n): Vector {
    const x = args[0];
    const out = new Uint8Array(n);
    if (x.type.tag === TypeTag.SYMBOL) {
      const keys = new Set<number>();
      for (let k = 1; k < args.length; k++) {
        const s = readValue(args[k], 0);
        // A value the dictionary lacks matches no row (keyOf's -1 would be the NULL key).
        const key = s === null ? -1 : (x.symbols?.keyOf(String(s)) ?? -2);
        keys.add(s !== null && key < 0 ? -2 : key);
      }
      const d = x.data as Int32Array;
      for (let i = 0; i < n; i++) out[i] = keys.has(d[i]) ? 1 : 0;
      return { type: B, data: out };
    }
    if (isFloat(x.type)) return doubleIn(x, args, n);
    const set = new Set<string | number | boolean | null>();
    // A NULL item matches NULL values only: for a type without NULL (BYTE, SHORT, BOOLEAN) it matches
    // nothing, rather than its stored stand-in 0 / false.
    const nullable = !NOT_NULLABLE.has(x.type.tag);
    for (let k = 1; k < args.length; k++) {
      if (!nullable && readValue(args[k], 0) === null) continue;
      // An integer item compares as the number it is (QuestDB widens to LONG): cast to a narrower column's
      // type it would wrap around (-65536 as a BYTE is 0).
      const exact = INTEGERS.has(x.type.tag) && INTEGERS.has(args[k].type.tag);
      set.add(valueKey(readValue(exact ? args[k] : castVector(args[k], x.type, 1), 0)));
    }
    if (!x.offsets && !x.exact && x.type.tag !== TypeTag.UUID && x.type.tag !== TypeTag.LONG256 && x.type.tag !== TypeTag.IPV4 && x.type.tag !== TypeTag.CHAR) {
      const nums = new Set<number>();
      for (const v of set) if (typeof v === 'number') nums.add(v);
      const hasNull = set.has(null);
      for (let i = 0; i < n; i++) {
        const v = readValue(x, i);
        out[i] = (v === null ? hasNull : nums.has(typeof v === 'boolean' ? Number(v) : Number(v))) ? 1 : 0;
      }
      if (x.type.tag === TypeTag.BOOLEAN) for (let i = 0; i < n; i++) out[i] = set.has(x.data[i] !== 0) ? 1 : 0;
      return { type: B, data: out };
    }
    for (let i = 0; i < n; i++) out[i] = set.has(valueKey(readValue(x, i))) ? 1 : 0;
    return { type: B, data: out };
  },
};

const NOT_NULLABLE = new Set([TypeTag.BYTE, TypeTag.SHORT, TypeTag.BOOLEAN]);
const INTEGERS = new Set([TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG]);

function isFloat(t: ColumnType): boolean {
  return t.tag === TypeTag.DOUBLE || t.tag === TypeTag.FLOAT;
}

/** A DOUBLE/FLOAT IN list: a value is in when it equals an item as `=` does (within 1e-10; NULL matches NULL). */
function doubleIn(x: Vector, args: readonly Vector[], n: number): Vector {
  const items = args.slice(1).map((a) => Number(castVector(a, Types.DOUBLE, 1).data[0]));
  const d = x.data as Float64Array | Float32Array;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = d[i];
    const nul = v - v !== 0;
    for (const y of items) {
      if (nul ? y - y !== 0 : Math.abs(v - y) <= DOUBLE_TOLERANCE) { out[i] = 1; break; }
    }
  }
  return { type: B, data: out };
}

/** `between(x, a, b)`: inclusive, bounds in any order. */
function between(t: ColumnType): ScalarFunction {
  return {
    kind: 'scalar', name: 'between', args: [t, t, t], returns: B,
    kernel(args, n): Vector {
      if (args.some((v) => v.exact)) return exactBetween(args, n);
      const [x, a, b] = args.map((v) => castVector(v, Types.DOUBLE, n).data);
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const lo = Math.min(a[i], b[i]), hi = Math.max(a[i], b[i]);
        out[i] = x[i] >= lo && x[i] <= hi ? 1 : 0;
      }
      return { type: B, data: out };
    },
  };
}

/** between() over 64-bit values of which some lie beyond 2^53 (their doubles may tie): exact; null is never between. */
function exactBetween(args: readonly Vector[], n: number): Vector {
  const out = new Uint8Array(n);
  const [x, a, b] = args;
  for (let i = 0; i < n; i++) {
    const v = exactAt(x, i), p = exactAt(a, i), q = exactAt(b, i);
    if (v === LONG_NULL_BIG || p === LONG_NULL_BIG || q === LONG_NULL_BIG) continue;
    out[i] = (p <= q ? v >= p && v <= q : v >= q && v <= p) ? 1 : 0;
  }
  return { type: B, data: out };
}

function betweenText(t: ColumnType): ScalarFunction {
  return {
    kind: 'scalar', name: 'between', args: [t, t, t], returns: B,
    kernel(args, n): Vector {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const x = readValue(args[0], i), a = readValue(args[1], i), b = readValue(args[2], i);
        if (x === null || a === null || b === null) continue;
        const lo = a < b ? a : b, hi = a < b ? b : a;
        out[i] = x >= lo && x <= hi ? 1 : 0;
      }
      return { type: B, data: out };
    },
  };
}

/** Tests one value against a compiled pattern (LIKE matcher or RE2 program). */
interface TextTest {
  test(value: string): boolean;
}

/**
 * LIKE, ILIKE, `~`, `!~` over STRING, VARCHAR and SYMBOL. Patterns come from the one PatternCache and run
 * in time linear in the value (like-matcher.ts, RE2), so no row can hold the event loop for long.
 */
function textMatch(name: string, make: (p: string, position: number) => TextTest, negated: boolean): ScalarFunction[] {
  return [Types.STRING, Types.VARCHAR, Types.SYMBOL].map((t) => ({
    kind: 'scalar' as const, name, args: [t, Types.STRING], returns: B,
    kernel(args: readonly Vector[], n: number, _type: ColumnType, _context: FunctionContext, site?: object): Vector {
      const out = new Uint8Array(n);
      const [x, p] = args;
      const position = argumentPosition(site, 1);
      let last: string | null = null;
      let re: TextTest | undefined;
      if (x.type.tag === TypeTag.SYMBOL && x.symbols) {
        // Match each dictionary entry once, then look rows up by key.
        const pat = readValue(p, 0);
        if (pat === null) return { type: B, data: out };
        const r = make(String(pat), position);
        const hits = new Uint8Array(x.symbols.size);
        for (let k = 0; k < hits.length; k++) hits[k] = r.test(x.symbols.value(k) ?? '') !== negated ? 1 : 0;
        const d = x.data as Int32Array;
        for (let i = 0; i < n; i++) out[i] = d[i] < 0 ? 0 : hits[d[i]];
        return { type: B, data: out };
      }
      for (let i = 0; i < n; i++) {
        const s = readValue(x, i), pat = readValue(p, i);
        if (s === null || pat === null) continue;
        if (pat !== last) { last = String(pat); re = make(last, position); }
        out[i] = (re as TextTest).test(String(s)) !== negated ? 1 : 0;
      }
      return { type: B, data: out };
    },
  }));
}

export const predicateFunctions: readonly ScalarFunction[] = [
  isNull(false), isNull(true), inFunction,
  between(Types.DOUBLE), between(Types.LONG), between(Types.TIMESTAMP), between(Types.TIMESTAMP_NS), betweenText(Types.STRING), betweenText(Types.VARCHAR),
  ...textMatch('like', (p) => patternCache.like(p, false), false),
  ...textMatch('ilike', (p) => patternCache.like(p, true), false),
  ...textMatch('~', (p, position) => patternCache.regex(p, position), false),
  ...textMatch('!~', (p, position) => patternCache.regex(p, position), true),
];
