/** Gathers rows by index where -1 means a null row (outer sides of ASOF/LT/SPLICE joins). */
import { ColumnType, isVarSize, typeName } from '../../data/column-type';
import { allocateData, elementsPerRow, Vector } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';
import { nullVector } from '../vector/cast-vector';

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

/** Null vectors by type, built once and handed out as views (columns a query never reads). */
export class NullVectors {
  private readonly cache = new Map<string, Vector>();

  get(type: ColumnType, n: number): Vector {
    const key = typeName(type);
    let v = this.cache.get(key);
    if (!v || vectorRows(v) < n) {
      v = nullVector(type, Math.max(n, 65536));
      this.cache.set(key, v);
    }
    if (v.offsets || elementsPerRow(type) !== 1) return n === vectorRows(v) ? v : gatherOrNull(v, new Int32Array(n).fill(-1), n);
    return { type, data: v.data.subarray(0, n), symbols: v.symbols };
  }
}

function vectorRows(v: Vector): number {
  return v.offsets ? v.offsets.length - 1 : v.data.length / elementsPerRow(v.type);
}
