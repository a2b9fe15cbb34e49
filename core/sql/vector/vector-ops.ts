/**
 * Whole-vector helpers the operators share: gathering selected rows (a filter's output), slicing
 * (LIMIT), constant vectors. Loops run over the typed arrays; no per-row objects.
 */
import { ColumnType, TypeTag, isVarSize } from '../../data/column-type';
import { ColumnBatch } from '../../data/column-batch';
import { VectorBuilder } from '../../data/vector-builder';
import { allocateData, elementsPerRow, FixedArray, Vector } from '../../data/vector';
import { SqlValue } from './sql-value';
import { appendValue } from './append-value';

/** Rows `sel[0..n)` of `v`, in that order. */
export function gather(v: Vector, sel: Int32Array, n: number): Vector {
  if (v.offsets) return gatherVar(v, sel, n);
  const w = elementsPerRow(v.type);
  const src = v.data;
  const out = allocateData(v.type, n);
  if (w === 1 && src instanceof Float64Array) {
    gatherF64(src, out as Float64Array, sel, n);
  } else if (w === 1 && src instanceof Int32Array) {
    gatherI32(src, out as Int32Array, sel, n);
  } else if (w === 1) {
    for (let i = 0; i < n; i++) out[i] = src[sel[i]];
  } else {
    for (let i = 0; i < n; i++) {
      const s = sel[i] * w;
      for (let k = 0; k < w; k++) out[i * w + k] = src[s + k];
    }
  }
  let exact: BigInt64Array | undefined;
  if (v.exact) {
    exact = new BigInt64Array(n);
    for (let i = 0; i < n; i++) exact[i] = v.exact[sel[i]];
  }
  return { type: v.type, data: out, symbols: v.symbols, exact };
}

// One loop per common array kind: a loop shared by every kind of typed array runs V8's slow generic
// element access (several times slower per row).
function gatherF64(src: Float64Array, out: Float64Array, sel: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) out[i] = src[sel[i]];
}

function gatherI32(src: Int32Array, out: Int32Array, sel: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) out[i] = src[sel[i]];
}

function gatherVar(v: Vector, sel: Int32Array, n: number): Vector {
  const o = v.offsets as Int32Array;
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes += o[sel[i] + 1] - o[sel[i]];
  const src = v.data;
  const data = v.type.tag === TypeTag.ARRAY ? new Float64Array(bytes) : new Uint8Array(bytes);
  const offsets = new Int32Array(n + 1);
  const nulls = v.nulls ? new Uint8Array(n) : undefined;
  const dims = v.type.dims ?? 1;
  const shapes = v.shapes ? new Int32Array(n * dims) : undefined;
  let p = 0;
  for (let i = 0; i < n; i++) {
    const r = sel[i];
    const a = o[r], b = o[r + 1];
    data.set(src.subarray(a, b), p);
    p += b - a;
    offsets[i + 1] = p;
    if (nulls) nulls[i] = (v.nulls as Uint8Array)[r];
    if (shapes) for (let k = 0; k < dims; k++) shapes[i * dims + k] = (v.shapes as Int32Array)[r * dims + k];
  }
  return { type: v.type, data, offsets, nulls, shapes };
}

/** Rows `[lo, hi)` of `v` as a view. */
export function sliceVector(v: Vector, lo: number, hi: number): Vector {
  if (v.offsets) {
    const o = v.offsets;
    const base = o[lo];
    const offsets = new Int32Array(hi - lo + 1);
    for (let i = lo; i <= hi; i++) offsets[i - lo] = o[i] - base;
    const dims = v.type.dims ?? 1;
    return { type: v.type, data: v.data.subarray(base, o[hi]), offsets, nulls: v.nulls?.subarray(lo, hi), shapes: v.shapes?.subarray(lo * dims, hi * dims) };
  }
  const w = elementsPerRow(v.type);
  return { type: v.type, data: v.data.subarray(lo * w, hi * w), symbols: v.symbols, exact: v.exact?.subarray(lo, hi) };
}

export function sliceBatch(b: ColumnBatch, lo: number, hi: number): ColumnBatch {
  if (lo === 0 && hi === b.rowCount) return b;
  return { rowCount: hi - lo, vectors: b.vectors.map((v) => sliceVector(v, lo, hi)) };
}

/** A column's stand-in in a gathered batch (its values are not needed), or undefined to gather it. */
export type PassedOver = (column: number, n: number) => Vector | undefined;

export function gatherBatch(b: ColumnBatch, sel: Int32Array, n: number, passed?: PassedOver): ColumnBatch {
  return { rowCount: n, vectors: b.vectors.map((v, c) => passed?.(c, n) ?? gather(v, sel, n)) };
}

/** A vector of `n` copies of one value (a constant operand). */
export function constantVector(type: ColumnType, value: SqlValue, n: number): Vector {
  if (!isVarSize(type) && type.tag !== TypeTag.SYMBOL && type.tag !== TypeTag.UUID && type.tag !== TypeTag.LONG256) {
    const one = new VectorBuilder(type, 1);
    appendValue(one, value);
    const x = one.build();
    const data: FixedArray = allocateData(type, n);
    const w = elementsPerRow(type);
    if (w === 1) data.fill(x.data[0]);
    else for (let i = 0; i < n; i++) for (let k = 0; k < w; k++) data[i * w + k] = x.data[k];
    let exact: BigInt64Array | undefined;
    if (x.exact) { exact = new BigInt64Array(n); exact.fill(x.exact[0]); }
    return { type, data, exact };
  }
  const b = new VectorBuilder(type, Math.max(1, n));
  for (let i = 0; i < n; i++) appendValue(b, value);
  return b.build();
}

/**
 * Concatenates batches with the same column types into one (sort, buffering operators). Columns of fixed
 * width are copied into arrays from `allocate` (sized like allocateData's); one batch is returned as it is.
 */
export function concatBatches(types: readonly ColumnType[], batches: readonly ColumnBatch[],
  allocate: (type: ColumnType, rows: number) => FixedArray = allocateData): ColumnBatch {
  if (batches.length === 1) return batches[0];
  let total = 0;
  for (const b of batches) total += b.rowCount;
  const vectors = types.map((t, c) => {
    const first = batches[0]?.vectors[c];
    if (!isVarSize(t) && first && batches.every((b) => b.vectors[c].symbols === first.symbols && !b.vectors[c].exact)) {
      const w = elementsPerRow(t);
      const data = allocate(t, total);
      let p = 0;
      for (const b of batches) { copyInto(data, b.vectors[c].data, b.rowCount * w, p); p += b.rowCount * w; }
      return { type: t, data, symbols: first.symbols } as Vector;
    }
    const vb = new VectorBuilder(t, Math.max(1, total));
    for (const b of batches) for (let i = 0; i < b.rowCount; i++) vb.appendFrom(b.vectors[c], i);
    return vb.build();
  });
  return { rowCount: total, vectors };
}

/** `target.set(source[0..n), at)` across the FixedArray union (same element kind by construction). */
function copyInto(target: FixedArray, source: FixedArray, n: number, at: number): void {
  if (target.constructor === source.constructor) {
    (target as Float64Array).set(source.subarray(0, n) as Float64Array, at);
    return;
  }
  for (let i = 0; i < n; i++) target[at + i] = source[i];
}
