/** Row ranges of vectors: forward slices are views (zero copy); reversed ranges are copies. */
import { SymbolTable } from '../../core/data/symbol-table';
import { FixedArray, Vector, elementsPerRow } from '../../core/data/vector';

type Ctor = { new (n: number): FixedArray };

export function sliceVector(v: Vector, lo: number, hi: number, symbols?: SymbolTable): Vector {
  if (v.offsets) return { type: v.type, data: v.data, offsets: v.offsets.subarray(lo, hi + 1), nulls: v.nulls?.subarray(lo, hi) };
  const per = elementsPerRow(v.type);
  return { type: v.type, data: v.data.subarray(lo * per, hi * per), exact: v.exact?.subarray(lo, hi), symbols };
}

/** Rows `hi-1` down to `lo` as a new vector. */
export function reversedVector(v: Vector, lo: number, hi: number, symbols?: SymbolTable): Vector {
  const n = hi - lo;
  if (v.offsets) {
    const src = v.data as Uint8Array;
    const offsets = new Int32Array(n + 1);
    const data = new Uint8Array(v.offsets[hi] - v.offsets[lo]);
    const nulls = v.nulls ? new Uint8Array(n) : undefined;
    let p = 0;
    for (let i = 0; i < n; i++) {
      const r = hi - 1 - i;
      const s = v.offsets[r];
      const e = v.offsets[r + 1];
      data.set(src.subarray(s, e), p);
      p += e - s;
      offsets[i + 1] = p;
      if (nulls && v.nulls) nulls[i] = v.nulls[r];
    }
    return { type: v.type, data, offsets, nulls };
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
