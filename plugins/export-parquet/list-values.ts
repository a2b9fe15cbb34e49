/**
 * ARRAY rows as Parquet LISTs of DOUBLE (`raw_array_encoding=false`, the compatible form), one nested LIST
 * per dimension (parquet-schema.ts), so every reader sees the shape: DOUBLE[][] reads back as a list of
 * equal-length lists. Levels per element, for `d` dimensions: definition 0 a null row, 1 an array without
 * elements (written as the empty outer list, whatever its extents), 2d a null element (NaN), 2d + 1 a value;
 * repetition 0 starts a row and k (1..d) continues the list of dimension k, from the row-major position.
 * A row whose stored shape does not account for its elements is written as a null row.
 */
import { Vector } from '../../core/data/vector';
import { ColumnStats } from './column-stats';
import { PageValues } from './page-values';

export function appendListValues(p: PageValues, v: Vector, from: number, to: number, stats: ColumnStats | undefined, dims = 1): void {
  const offsets = v.offsets as Int32Array;
  const data = v.data as Float64Array;
  const nullMap = v.nulls;
  const shapes = dims > 1 ? v.shapes : undefined;
  const elements = offsets[to] - offsets[from];
  p.levels(elements + (to - from), true);
  p.ensureF64(elements);
  const nullDef = 2 * dims;
  const valueDef = nullDef + 1;
  // The row-major index of the element being written, one counter per dimension.
  const index = new Int32Array(dims);
  let c = p.count;
  let k = p.fixed;
  for (let i = from; i < to; i++) {
    if (nullMap && nullMap[i] === 1) { p.defs[c] = 0; p.reps[c++] = 0; p.nulls++; if (stats) stats.nulls++; continue; }
    const s = offsets[i], e = offsets[i + 1];
    if (s === e) { p.defs[c] = 1; p.reps[c++] = 0; continue; }
    const base = i * dims;
    if (shapes !== undefined && !shapeHolds(shapes, base, dims, e - s)) { p.defs[c] = 0; p.reps[c++] = 0; p.nulls++; if (stats) stats.nulls++; continue; }
    index.fill(0);
    let rep = 0;
    for (let j = s; j < e; j++) {
      const x = data[j];
      p.reps[c] = rep;
      if (x !== x) { p.defs[c++] = nullDef; p.nulls++; if (stats) stats.nulls++; }
      else {
        p.defs[c++] = valueDef;
        p.f64[k++] = x;
        if (stats) { if (x < stats.min) stats.min = x; if (x > stats.max) stats.max = x; }
      }
      // Advance the innermost counter, carrying outwards: the dimension that advanced is the next repetition.
      let dim = dims - 1;
      index[dim]++;
      while (dim > 0 && index[dim] === (shapes === undefined ? e - s : shapes[base + dim])) { index[dim] = 0; dim--; index[dim]++; }
      rep = dim + 1;
    }
  }
  p.count = c;
  p.fixed = k;
  p.rows += to - from;
}

/** The extents of one row multiply to its element count (each at least 1, as a non-empty array's are). */
function shapeHolds(shapes: Int32Array, base: number, dims: number, count: number): boolean {
  let product = 1;
  for (let d = 0; d < dims; d++) {
    const extent = shapes[base + d];
    if (extent < 1 || extent > count) return false;
    product *= extent;
  }
  return product === count;
}
