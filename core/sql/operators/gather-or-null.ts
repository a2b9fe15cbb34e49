/** Gathers rows by index where -1 means a null row (outer sides of ASOF/LT/SPLICE joins). */
import { isVarSize } from '../../data/column-type';
import { allocateData, elementsPerRow, Vector } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';

export function gatherOrNull(v: Vector, sel: Int32Array, n: number): Vector {
  if (isVarSize(v.type) || v.exact || elementsPerRow(v.type) !== 1) {
    const b = new VectorBuilder(v.type, Math.max(1, n), v.symbols);
    for (let i = 0; i < n; i++) { if (sel[i] < 0) b.appendNull(); else b.appendFrom(v, sel[i]); }
    return b.build();
  }
  const nul = new VectorBuilder(v.type, 1);
  nul.appendNull();
  const nullValue = nul.build().data[0];
  const src = v.data;
  const out = allocateData(v.type, n);
  for (let i = 0; i < n; i++) { const s = sel[i]; out[i] = s < 0 ? nullValue : src[s]; }
  return { type: v.type, data: out, symbols: v.symbols };
}
