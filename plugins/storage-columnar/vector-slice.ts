/** Row ranges of vectors: forward slices are views (zero copy); reversed ranges are copies. */
import { SymbolTable } from '../../core/data/symbol-table';
import { FixedArray, Vector, elementsPerRow } from '../../core/data/vector';

type Ctor = { new (n: number): FixedArray };

export function sliceVector(v: Vector, lo: number, hi: number, symbols?: SymbolTable): Vector {
  if (v.offsets) {
    const dims = v.type.dims ?? 1;
    return {
      type: v.type, data: v.data, offsets: v.offsets.subarray(lo, hi + 1), nulls: v.nulls?.subarray(lo, hi),
      shapes: v.shapes?.subarray(lo * dims, hi * dims),
    };
  }
  const per = elementsPerRow(v.type);
  // All of the rows: the column's own array, not a view of it, so memos kept with a settled array apply.
  if (lo === 0 && hi * per === v.data.length) return { type: v.type, data: v.data, exact: v.exact, symbols };
  return { type: v.type, data: v.data.subarray(lo * per, hi * per), exact: v.exact?.subarray(lo, hi), symbols };
}

/** Rows `hi-1` down to `lo` as a new vector. */
export function reversedVector(v: Vector, lo: number, hi: number, symbols?: SymbolTable): Vector {
  const n = hi - lo;
  if (v.offsets) {
    const src = v.data;
    const offsets = new Int32Array(n + 1);
    const data = new (src.constructor as Ctor)(v.offsets[hi] - v.offsets[lo]);
    const dims = v.type.dims ?? 1;
    const shapes = v.shapes ? new Int32Array(n * dims) : undefined;
    const nulls = v.nulls ? new Uint8Array(n) : undefined;
    let p = 0;
    for (let i = 0; i < n; i++) {
      const r = hi - 1 - i;
      const s = v.offsets[r];
      const e = v.offsets[r + 1];
      (data as Uint8Array).set((src as Uint8Array).subarray(s, e), p);
      p += e - s;
      offsets[i + 1] = p;
      if (nulls && v.nulls) nulls[i] = v.nulls[r];
      if (shapes && v.shapes) shapes.set(v.shapes.subarray(r * dims, (r + 1) * dims), i * dims);
    }
    return { type: v.type, data, offsets, nulls, shapes };
  }
  const per = elementsPerRow(v.type);
  const src = v.data;
  const data = new (src.constructor as Ctor)(n * per);
  for (let i = 0; i < n; i++) {
    const r = (hi - 1 - i) * per;
    for (let k = 0; k < per; k++) data[i * per + k] = src[r + k];
  }
  let exact: BigInt64Array | undefined;
  if (v.exact) {
    exact = new BigInt64Array(n);
    for (let i = 0; i < n; i++) exact[i] = v.exact[hi - 1 - i];
  }
  return { type: v.type, data, exact, symbols };
}
