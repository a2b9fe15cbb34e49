/**
 * `arr[i]`, `arr[i, j]`, `arr[lo:hi]`, `arr[lo:, j]` (1-based, `hi` exclusive): an index picks one element
 * of its dimension and drops the dimension, a slice keeps it. Indexing every dimension gives a DOUBLE;
 * an index or slice bound outside the array gives null (an empty dimension for a slice).
 */
import { arrayType, ColumnType, Types } from '../../data/column-type';
import { INT_NULL } from '../../data/null-values';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { ScalarFunction } from '../../extension/sql-function';
import { arrayRow } from './array-rows';

/** One subscript: `index` (one INT argument) or a slice with optional bounds (an INT argument each). */
export type Subscript = { readonly kind: 'index' } | { readonly kind: 'slice'; readonly lo: boolean; readonly hi: boolean };

export function accessType(dims: number, subscripts: readonly Subscript[]): ColumnType {
  const kept = dims - subscripts.filter((s) => s.kind === 'index').length;
  return kept === 0 ? Types.DOUBLE : arrayType(Types.DOUBLE.tag, kept);
}

/** The access function: argument 0 is the array, then the INT bounds of `subscripts` in order. */
export function arrayAccess(dims: number, subscripts: readonly Subscript[]): ScalarFunction {
  const returns = accessType(dims, subscripts);
  const bounds = subscripts.reduce((n, s) => n + (s.kind === 'index' ? 1 : (s.lo ? 1 : 0) + (s.hi ? 1 : 0)), 0);
  return {
    kind: 'scalar', name: '[]', args: [arrayType(Types.DOUBLE.tag, dims), ...Array.from({ length: bounds }, () => Types.INT)], returns,
    kernel(args, n, type) {
      const scalar = type.tag === Types.DOUBLE.tag;
      const out = scalar ? new Float64Array(n) : undefined;
      const b = scalar ? undefined : new VectorBuilder(type, Math.max(1, n));
      for (let i = 0; i < n; i++) {
        const picked = select(args, i, subscripts);
        if (out) out[i] = picked && picked.elements.length === 1 ? picked.elements[0] : NaN;
        else if (!picked) b?.appendNull();
        else b?.appendArray(picked.elements, picked.shape);
      }
      return out ? { type, data: out } : (b as VectorBuilder).build();
    },
  };
}

function select(args: readonly Vector[], i: number, subscripts: readonly Subscript[]): { elements: number[]; shape: number[] } | null {
  const row = arrayRow(args[0], i);
  if (!row) return null;
  const dims = row.shape.length;
  const strides = new Array<number>(dims).fill(1);
  for (let d = dims - 2; d >= 0; d--) strides[d] = strides[d + 1] * row.shape[d + 1];
  // Per dimension the chosen [from, to) range (0-based) and whether it stays a dimension.
  const ranges: [number, number, boolean][] = [];
  let arg = 1;
  const bound = (): number | null => { const x = args[arg++].data[i]; return x === INT_NULL ? null : x; };
  for (let d = 0; d < dims; d++) {
    const s = subscripts[d];
    const len = row.shape[d];
    if (!s) { ranges.push([0, len, true]); continue; }
    if (s.kind === 'index') {
      const k = bound();
      if (k === null || k < 1 || k > len) return null;
      ranges.push([k - 1, k, false]);
      continue;
    }
    const lo = s.lo ? bound() : 1, hi = s.hi ? bound() : len + 1;
    if (lo === null || hi === null) return null;
    const from = Math.min(len, Math.max(0, lo - 1)), to = Math.min(len, Math.max(from, hi - 1));
    ranges.push([from, to, true]);
  }
  const elements: number[] = [];
  const visit = (d: number, base: number): void => {
    if (d === dims) { elements.push(row.data[row.start + base]); return; }
    for (let k = ranges[d][0]; k < ranges[d][1]; k++) visit(d + 1, base + k * strides[d]);
  };
  visit(0, 0);
  return { elements, shape: ranges.filter((r) => r[2]).map((r) => r[1] - r[0]) };
}
