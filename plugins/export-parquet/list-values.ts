/**
 * ARRAY rows as a Parquet LIST of DOUBLE (`raw_array_encoding=false`, the compatible form): the
 * 3-level structure of LogicalTypes.md, levels per element — definition 0 null row, 1 empty list,
 * 2 null element (NaN), 3 value; repetition 0 starts a row. Multi-dimensional arrays are written
 * row-major as one flat list (their shape is not kept in this form; use raw_array_encoding=true).
 */
import { Vector } from '../../core/data/vector';
import { ColumnStats } from './column-stats';
import { PageValues } from './page-values';

export function appendListValues(p: PageValues, v: Vector, from: number, to: number, stats: ColumnStats | undefined): void {
  const offsets = v.offsets as Int32Array;
  const data = v.data as Float64Array;
  const nullMap = v.nulls;
  const elements = offsets[to] - offsets[from];
  p.levels(elements + (to - from), true);
  p.ensureF64(elements);
  let c = p.count;
  let k = p.fixed;
  for (let i = from; i < to; i++) {
    if (nullMap && nullMap[i] === 1) { p.defs[c] = 0; p.reps[c++] = 0; p.nulls++; if (stats) stats.nulls++; continue; }
    const s = offsets[i], e = offsets[i + 1];
    if (s === e) { p.defs[c] = 1; p.reps[c++] = 0; continue; }
    for (let j = s; j < e; j++) {
      const x = data[j];
      p.reps[c] = j === s ? 0 : 1;
      if (x !== x) { p.defs[c++] = 2; p.nulls++; if (stats) stats.nulls++; continue; }
      p.defs[c++] = 3;
      p.f64[k++] = x;
      if (stats) { if (x < stats.min) stats.min = x; if (x > stats.max) stats.max = x; }
    }
  }
  p.count = c;
  p.fixed = k;
  p.rows += to - from;
}
