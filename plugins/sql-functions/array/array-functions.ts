/**
 * Common DOUBLE[] functions (QuestDB 9.4.4 names): array_sum, array_avg, array_count, array_min,
 * array_max over all elements (NaN elements are null and skipped), dim_length(arr, dim), array_position
 * (1-based, null when absent), dot_product, array_cum_sum and flatten (1-dimensional results).
 */
import { arrayType, ColumnType, Types } from '../../../core/data/column-type';
import { INT_NULL } from '../../../core/data/null-values';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { Vector } from '../../../core/data/vector';
import { SvcError } from '../../../core/errors';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { arrayRow, elementCount } from '../../../core/sql/arrays/array-rows';

const ANY_ARRAY = arrayType(Types.DOUBLE.tag, 1);
const FLAT = arrayType(Types.DOUBLE.tag, 1);

/** A DOUBLE per row from the row's elements (null array → NaN). */
function reduce(name: string, f: (data: Float64Array, from: number, to: number) => number): ScalarFunction {
  return {
    kind: 'scalar', name, args: [ANY_ARRAY], returns: Types.DOUBLE,
    kernel(args, n) {
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const row = arrayRow(args[0], i);
        out[i] = row ? f(row.data, row.start, row.start + elementCount(row.shape)) : NaN;
      }
      return { type: Types.DOUBLE, data: out };
    },
  };
}

function sum(d: Float64Array, from: number, to: number): number {
  let s = 0, c = 0;
  for (let k = from; k < to; k++) { const x = d[k]; if (x === x) { s += x; c++; } }
  return c ? s : NaN;
}

function count(d: Float64Array, from: number, to: number): number {
  let c = 0;
  for (let k = from; k < to; k++) if (d[k] === d[k]) c++;
  return c;
}

function extremum(max: boolean): (d: Float64Array, from: number, to: number) => number {
  return (d, from, to) => {
    let best = NaN;
    for (let k = from; k < to; k++) { const x = d[k]; if (x === x && (best !== best || (max ? x > best : x < best))) best = x; }
    return best;
  };
}

/** A 1-dimensional DOUBLE[] per row. */
function flatMap(name: string, f: (data: Float64Array, from: number, to: number) => ArrayLike<number>): ScalarFunction {
  return {
    kind: 'scalar', name, args: [ANY_ARRAY], returns: FLAT,
    kernel(args, n) {
      const b = new VectorBuilder(FLAT, Math.max(1, n));
      for (let i = 0; i < n; i++) {
        const row = arrayRow(args[0], i);
        if (!row) { b.appendNull(); continue; }
        const out = f(row.data, row.start, row.start + elementCount(row.shape));
        b.appendArray(out, [out.length]);
      }
      return b.build();
    },
  };
}

const intResult = (n: number, f: (i: number) => number | null): Vector => {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) { const x = f(i); out[i] = x === null ? INT_NULL : x; }
  return { type: Types.INT, data: out };
};

const dimLength: ScalarFunction = {
  kind: 'scalar', name: 'dim_length', args: [ANY_ARRAY, Types.INT], returns: Types.INT,
  kernel: (args, n) => intResult(n, (i) => {
    const row = arrayRow(args[0], i);
    const dim = args[1].data[i];
    if (!row || dim === INT_NULL) return null;
    if (dim < 1 || dim > row.shape.length) throw SvcError.badRequest(`array dimension out of bounds [dim=${dim}]`);
    return row.shape[dim - 1];
  }),
};

const arrayPosition: ScalarFunction = {
  kind: 'scalar', name: 'array_position', args: [ANY_ARRAY, Types.DOUBLE], returns: Types.INT,
  kernel: (args, n) => intResult(n, (i) => {
    const row = arrayRow(args[0], i);
    const x = args[1].data[i];
    if (!row) return null;
    const end = row.start + elementCount(row.shape);
    for (let k = row.start; k < end; k++) if (row.data[k] === x || (x !== x && row.data[k] !== row.data[k])) return k - row.start + 1;
    return null;
  }),
};

const dotProduct: ScalarFunction = {
  kind: 'scalar', name: 'dot_product', args: [ANY_ARRAY, ANY_ARRAY], returns: Types.DOUBLE,
  kernel(args, n) {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const a = arrayRow(args[0], i), b = arrayRow(args[1], i);
      if (!a || !b) { out[i] = NaN; continue; }
      if (a.shape.join() !== b.shape.join()) throw SvcError.badRequest('arrays have different shapes');
      let s = 0;
      for (let k = 0, len = elementCount(a.shape); k < len; k++) s += a.data[a.start + k] * b.data[b.start + k];
      out[i] = s;
    }
    return { type: Types.DOUBLE, data: out };
  },
};

export const arrayFunctions: readonly ScalarFunction[] = [
  reduce('array_sum', sum),
  reduce('array_avg', (d, from, to) => { const c = count(d, from, to); return c ? sum(d, from, to) / c : NaN; }),
  { ...reduce('array_count', count), returns: Types.INT as ColumnType, kernel: (args, n) => intResult(n, (i) => { const r = arrayRow(args[0], i); return r ? count(r.data, r.start, r.start + elementCount(r.shape)) : 0; }) },
  reduce('array_min', extremum(false)),
  reduce('array_max', extremum(true)),
  dimLength, arrayPosition, dotProduct,
  flatMap('array_cum_sum', (d, from, to) => { const out = new Float64Array(to - from); let s = 0; for (let k = from; k < to; k++) { if (d[k] === d[k]) s += d[k]; out[k - from] = s; } return out; }),
  flatMap('flatten', (d, from, to) => d.subarray(from, to)),
];
