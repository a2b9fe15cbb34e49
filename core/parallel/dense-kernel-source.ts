/**
 * Kernel sources of the dense GROUP BY on one number key (dense-keys.ts), from fixed snippets like
 * kernel-source.ts's. A key column whose values, scaled by S (1, 10, … 10,000) and rounded, fall in a
 * short range groups like a SYMBOL key: the rounded scaled key minus the range's minimum indexes dense
 * arrays, with no hash and no probe.
 * - probe, over rows `[lo, hi)`: the least and greatest key (NaN aside), and whether every key is exactly
 *   its rounded scaled value divided by S (then a slot holds one key only, `(slot - 1 + min) / S`, and the
 *   dense kernel needs no key check). Argument: S. Returns `range` `[min, max, exact (1 or 0)]`.
 * - dense: slot 0 is NaN's, slot `k + 1` that of the key `(min + k) / S` (`-0` is keyed as 0); per slot the
 *   rows (counted in a per-thread Int32Array, a quarter of the memory the keys and counts as doubles took,
 *   so the slots stay in cache), the ordinal of its first row, and per aggregate an accumulator and a
 *   count. Arguments: the filter's `a0…`, then S, min, the slot count and the ordinal of row `lo`.
 */
import { AggregateKernelShape, leadArgs } from './kernel-shape';
import { blocks, cached, prologue, step } from './kernel-source';

export function probeKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['probe', shape.keyColumn, shape.columns]), () => `${prologue(shape.columns, 1)} const B = rt.block, K = c${shape.keyColumn}, S = a0; `
    + 'let mn = Infinity, mx = -Infinity, ex = 1; '
    + 'for (let b = lo; b < hi; b += B) { if (rt.stopped()) return null; const e = b + B < hi ? b + B : hi; '
    + 'for (let i = b; i < e; i++) { const x = K[i]; if (x === x) { mn = Math.min(mn, x); mx = Math.max(mx, x); if (Math.round(x * S) / S !== x) ex = 0; } } } '
    + 'return { range: Float64Array.of(mn, mx, ex) };');
}

export function denseKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['dense', shape]), () => {
    const aggs = shape.aggregates;
    const args = leadArgs(shape);
    const state = ['const C = rt.counts(SL), O = rt.zeros(SL);',
      ...aggs.map((f, j) => (f.op === 'count' ? '' : `const A${j} = rt.zeros(SL), N${j} = rt.zeros(SL);`))].join(' ');
    const perRow = `const x = c${shape.keyColumn}[i]; let g = 0; if (x === x) g = (Math.round(x * S) - MN + 1) | 0; `
      + `if (C[g]++ === 0) O[g] = AT + (i - lo); ${aggs.map((f, j) => step(f, `A${j}[g]`, `N${j}[g]`)).join(' ')}`;
    const presence = 'const P = rt.zeros(SL); for (let g = 0; g < SL; g++) P[g] = C[g];';
    const fields = aggs.map((f, j) => (f.op === 'count' ? 'P, P' : `A${j}, N${j}`));
    return `${prologue(shape.columns, args + 4)} const sel = rt.sel, B = rt.block, S = a${args}, MN = a${args + 1}, SL = a${args + 2}, AT = a${args + 3}; `
      + `${state} let R = 0; ${blocks(shape, perRow, '')} ${presence} return { presence: P, firsts: O, fields: [${fields.join(', ')}] };`;
  });
}
