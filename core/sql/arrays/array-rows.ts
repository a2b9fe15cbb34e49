/**
 * Reading rows of an ARRAY vector (core/data/vector.ts: elements row-major in `data`, element offsets per
 * row, `shapes` holding `dims` extents per row for arrays of more than one dimension).
 */
import { soundShape } from '../../data/array-shape';
import { Vector } from '../../data/vector';

export interface ArrayRow {
  /** Index of the row's first element in `data`. */
  readonly start: number;
  readonly shape: readonly number[];
  readonly data: Float64Array;
}

/** Row i of an ARRAY vector, or null when it is null. */
export function arrayRow(v: Vector, i: number): ArrayRow | null {
  if (v.nulls && v.nulls[i] === 1) return null;
  const offsets = v.offsets as Int32Array;
  const dims = v.type.dims ?? 1;
  const start = offsets[i];
  const count = offsets[i + 1] - start;
  if (dims === 1 || !v.shapes) return { start, shape: [count], data: v.data as Float64Array };
  const shape = new Int32Array(dims);
  soundShape(v.shapes, i * dims, dims, count, shape, 0);
  return { start, shape: Array.from(shape), data: v.data as Float64Array };
}

/** Number of elements of a shape. */
export function elementCount(shape: readonly number[]): number {
  let n = 1;
  for (const s of shape) n *= s;
  return n;
}
