/**
 * Generated accumulation loops (fixed templates, no query text). Each variant is its own
 * function, so V8 sees one array type per call site and keeps the loop monomorphic.
 */
import { INT_NULL, LONG_NULL } from '../../../core/data/null-values';

export type GroupedLoop = (d: ArrayLike<number>, groups: Int32Array, n: number, acc: Float64Array, counts: Float64Array) => void;
export type FlatLoop = (d: ArrayLike<number>, n: number, acc: Float64Array, counts: Float64Array) => void;

const cache = new Map<string, GroupedLoop | FlatLoop>();

/** `nullTest` uses x; `update` uses x, the slot expression `acc[g]` and `counts[g]`. */
function make(key: string, grouped: boolean, nullTest: string, update: string): GroupedLoop | FlatLoop {
  let f = cache.get(key);
  if (!f) {
    const slot = grouped ? 'groups[i]' : '0';
    const body = `for (let i = 0; i < n; i++) { const x = d[i]; if (${nullTest}) continue; const g = ${slot}; ${update} }`;
    f = grouped ? new Function('d', 'groups', 'n', 'acc', 'counts', body) as GroupedLoop : new Function('d', 'n', 'acc', 'counts', body) as FlatLoop;
    cache.set(key, f);
  }
  return f;
}

export type NullKind = 'nan' | 'long' | 'int';

function nullTest(k: NullKind): string {
  return k === 'nan' ? 'x !== x' : k === 'long' ? `x === ${LONG_NULL}` : `x === ${INT_NULL}`;
}

/** Ungrouped loops keep their accumulator in locals (no store per row). */
function flat(key: string, prologue: string, body: string, epilogue: string): FlatLoop {
  let f = cache.get(key) as FlatLoop | undefined;
  if (!f) {
    f = new Function('d', 'n', 'acc', 'counts', `${prologue} for (let i = 0; i < n; i++) { const x = d[i]; ${body} } ${epilogue}`) as FlatLoop;
    cache.set(key, f);
  }
  return f;
}

export function sumLoop(k: NullKind, grouped: boolean): GroupedLoop | FlatLoop {
  if (!grouped && k === 'nan') {
    // NaN (null) propagates through +: sum without a branch; only a NaN sum needs the null-skipping pass.
    return flat('fsum|nan', 'let s = 0;', 's += x;',
      'if (s === s) { acc[0] += s; counts[0] += n; } else { let t = 0, c = 0; '
      + 'for (let i = 0; i < n; i++) { const x = d[i]; if (x === x) { t += x; c++; } } acc[0] += t; counts[0] += c; }');
  }
  if (!grouped) return flat(`fsum|${k}`, 'let s = 0, c = 0;', `if (!(${nullTest(k)})) { s += x; c++; }`, 'acc[0] += s; counts[0] += c;');
  return make(`sum|${k}|${grouped}`, grouped, nullTest(k), 'acc[g] += x; counts[g]++;');
}

export function extremumLoop(k: NullKind, max: boolean, grouped: boolean): GroupedLoop | FlatLoop {
  const cmp = max ? '>' : '<';
  if (!grouped) {
    return flat(`fext|${k}|${max}`, `let best = counts[0] ? acc[0] : ${max ? '-Infinity' : 'Infinity'}, c = counts[0];`,
      `if (!(${nullTest(k)}) && (x ${cmp} best || c === 0)) { best = x; c = 1; }`, 'if (c) { acc[0] = best; counts[0] = 1; }');
  }
  return make(`ext|${k}|${max}|${grouped}`, grouped, nullTest(k), `if (counts[g] === 0 || x ${cmp} acc[g]) acc[g] = x; counts[g] = 1;`);
}

/** count(x): a DOUBLE or FLOAT counts its finite values only (QuestDB's CountDouble: ±Infinity is NULL). */
export function countLoop(k: NullKind | 'none', grouped: boolean): GroupedLoop | FlatLoop {
  return make(`count|${k}|${grouped}`, grouped, k === 'none' ? 'false' : k === 'nan' ? 'x - x !== 0' : nullTest(k), 'counts[g]++;');
}
