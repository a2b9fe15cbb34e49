/**
 * Builds specialised element loops from fixed templates ("no user text enters the
 * generated source"). Every template string below is a constant of this file; only the project's own
 * operator snippets are spliced in, never query text.
 */
import { ColumnType, TypeTag } from '../../core/data/column-type';
import { INT_NULL, LONG_NULL } from '../../core/data/null-values';
import { allocateData, FixedArray, Vector } from '../../core/data/vector';

/** Which null sentinel a typed family uses inside the generated loop. */
export type NullKind = 'nan' | 'int' | 'long' | 'none';

export function nullKindOf(t: ColumnType): NullKind {
  switch (t.tag) {
    case TypeTag.FLOAT: case TypeTag.DOUBLE: return 'nan';
    case TypeTag.INT: return 'int';
    case TypeTag.LONG: case TypeTag.DATE: case TypeTag.TIMESTAMP: case TypeTag.TIMESTAMP_NS: return 'long';
    default: return 'none';
  }
}

function isNullExpr(v: string, k: NullKind): string {
  switch (k) {
    case 'nan': return `(${v} !== ${v})`;
    case 'int': return `(${v} === ${INT_NULL})`;
    case 'long': return `(${v} === ${LONG_NULL})`;
    default: return 'false';
  }
}

function nullValue(k: NullKind): string {
  switch (k) {
    case 'nan': return 'NaN';
    case 'int': return String(INT_NULL);
    case 'long': return String(LONG_NULL);
    default: return '0';
  }
}

type Loop2 = (a: FixedArray, b: FixedArray, out: FixedArray, n: number) => void;
type Loop1 = (a: FixedArray, out: FixedArray, n: number) => void;

const cache = new Map<string, Loop1 | Loop2>();

/**
 * A binary loop `out[i] = body(x, y)` where x = a[i], y = b[i]. `nullIn` short-circuits to the output
 * null when an input is null (skipped for 'nan' inputs when `propagateNaN`, since NaN propagates by itself).
 */
export function binaryLoop(body: string, inA: NullKind, inB: NullKind, out: NullKind, nullSafe = false): Loop2 {
  const key = `2|${body}|${inA}|${inB}|${out}|${nullSafe}`;
  let f = cache.get(key) as Loop2 | undefined;
  if (!f) {
    const check = nullSafe ? 'false' : `${isNullExpr('x', inA)} || ${isNullExpr('y', inB)}`;
    const src = `for (let i = 0; i < n; i++) { const x = a[i], y = b[i]; out[i] = (${check}) ? ${nullValue(out)} : (${body}); }`;
    f = new Function('a', 'b', 'out', 'n', src) as Loop2;
    cache.set(key, f);
  }
  return f;
}

export function unaryLoop(body: string, inA: NullKind, out: NullKind, nullSafe = false): Loop1 {
  const key = `1|${body}|${inA}|${out}|${nullSafe}`;
  let f = cache.get(key) as Loop1 | undefined;
  if (!f) {
    const check = nullSafe ? 'false' : isNullExpr('x', inA);
    const src = `for (let i = 0; i < n; i++) { const x = a[i]; out[i] = (${check}) ? ${nullValue(out)} : (${body}); }`;
    f = new Function('a', 'out', 'n', src) as Loop1;
    cache.set(key, f);
  }
  return f;
}

/** Runs a binary loop over two vectors into a new vector of `type`. */
export function runBinary(loop: Loop2, a: Vector, b: Vector, n: number, type: ColumnType): Vector {
  const out = allocateData(type, n);
  loop(a.data, b.data, out, n);
  return { type, data: out };
}

export function runUnary(loop: Loop1, a: Vector, n: number, type: ColumnType): Vector {
  const out = allocateData(type, n);
  loop(a.data, out, n);
  return { type, data: out };
}
