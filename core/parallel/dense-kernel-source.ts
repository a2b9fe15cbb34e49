/**
 * Kernel sources of the dense GROUP BY on one number key (dense-keys.ts), from fixed snippets like
 * kernel-source.ts's. A key column whose values, scaled by S (1, 10, … 10,000) and rounded, fall in a
 * short range groups like a SYMBOL key: the rounded scaled key minus the range's minimum indexes dense
 * arrays, with no hash and no probe.
 * - probe, over rows `[lo, hi)`: the least and greatest key (NaN aside). Returns `range` `[min, max]`.
 * - dense: slot 0 is NaN's, slot `k + 1` that of the keys rounding to `min + k`; per slot the rows, the
 *   key, the ordinal of its first row, and per aggregate an accumulator and a count. Every row's key must
 *   equal its slot's first key (`-0` is keyed as 0); when two keys share a slot the kernel answers
 *   `collided` at once. Arguments: the filter's `a0…`, then S, min, the slot count and the ordinal of row `lo`.
 */
import { AggregateKernelShape } from './kernel-shape';
import { blocks, cached, prologue, step } from './kernel-source';

export function probeKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['probe', shape.keyColumn, shape.columns]), () => `${prologue(shape.columns, 0)} const B = rt.block, K = c${shape.keyColumn}; `
    + 'let mn = Infinity, mx = -Infinity; '
    + 'for (let b = lo; b < hi; b += B) { if (rt.stopped()) return null; const e = b + B < hi ? b + B : hi; '
    + 'for (let i = b; i < e; i++) { const x = K[i]; if (x === x) { mn = Math.min(mn, x); mx = Math.max(mx, x); } } } '
    + 'return { range: Float64Array.of(mn, mx) };');
}

export function denseKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['dense', shape]), () => {
    const aggs = shape.aggregates;
    const args = shape.filter?.args ?? 0;
    // A slot's row count and key sit side by side (one cache line a row); split apart once at the end.
    const state = ['const PK = rt.zeros(2 * SL), O = rt.zeros(SL);',
      ...aggs.map((f, j) => (f.op === 'count' ? '' : `const A${j} = rt.zeros(SL), N${j} = rt.zeros(SL);`))].join(' ');
    const perRow = `const x = c${shape.keyColumn}[i] + 0; let g = 0; `
      + 'if (x === x) { g = (Math.round(x * S) - MN + 1) | 0; const n = PK[2 * g]; if (n === 0) { PK[2 * g + 1] = x; O[g] = AT + (i - lo); } '
      + 'else if (PK[2 * g + 1] !== x) return { collided: true }; PK[2 * g] = n + 1; } '
      + `else if (PK[0]++ === 0) O[0] = AT + (i - lo); ${aggs.map((f, j) => step(f, `A${j}[g]`, `N${j}[g]`)).join(' ')}`;
    const split = 'const P = rt.zeros(SL), K = rt.zeros(SL); for (let g = 0; g < SL; g++) { P[g] = PK[2 * g]; K[g] = PK[2 * g + 1]; }';
    const fields = aggs.map((f, j) => (f.op === 'count' ? 'P, P' : `A${j}, N${j}`));
    return `${prologue(shape.columns, args + 4)} const sel = rt.sel, B = rt.block, S = a${args}, MN = a${args + 1}, SL = a${args + 2}, AT = a${args + 3}; `
      + `${state} let R = 0; ${blocks(shape, perRow, '')} ${split} return { keys: K, presence: P, firsts: O, fields: [${fields.join(', ')}] };`;
  });
}
