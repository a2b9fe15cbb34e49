/**
 * Kernel source of GROUP BY two SYMBOL keys (tuple mode): a row's group is the slot (key₁ + 1) × S2 + key₂ + 1
 * of a dense 2-D array over both dictionaries (S2 = size₂ + 1; the null key is slot 0 of its axis), so a row
 * costs two key reads and its aggregates' steps, with no hash. Each slot notes the ordinal of its first row,
 * so the request thread can put the groups in the order the main thread's GroupBy gives (first seen first).
 * Arguments: the leading `a0…` (filter, computed values), then the slot count, S2 and the ordinal of row `lo`.
 */
import { AggregateKernelShape, leadArgs } from './kernel-shape';
import { blocks, cached, prologue, step } from './kernel-source';

export function tupleKernelSource(shape: AggregateKernelShape): string {
  return cached(JSON.stringify(['tuple', shape]), () => {
    const aggs = shape.aggregates;
    const args = leadArgs(shape);
    const state = ['const C = rt.counts(SL), O = rt.zeros(SL);',
      ...aggs.map((f, j) => (f.op === 'count' ? '' : `const A${j} = rt.zeros(SL), N${j} = rt.zeros(SL);`))].join(' ');
    const perRow = `const g = (c${shape.keyColumn}[i] + 1) * S2 + c${shape.keyColumn2 ?? shape.keyColumn}[i] + 1; `
      + `if (C[g]++ === 0) O[g] = AT + (i - lo); ${aggs.map((f, j) => step(f, `A${j}[g]`, `N${j}[g]`)).join(' ')}`;
    const presence = 'const P = rt.zeros(SL); for (let g = 0; g < SL; g++) P[g] = C[g];';
    const fields = aggs.map((f, j) => (f.op === 'count' ? 'P, P' : `A${j}, N${j}`));
    return `${prologue(shape.columns, args + 3)} const sel = rt.sel, B = rt.block, SL = a${args}, S2 = a${args + 1}, AT = a${args + 2}; `
      + `${state} let R = 0; ${blocks(shape, perRow, '')} ${presence} return { presence: P, firsts: O, fields: [${fields.join(', ')}] };`;
  });
}
