/**
 * DOUBLE arrays (`DOUBLE[]`, `DOUBLE[][]`, …) in the var-size format: each row's heap bytes are its
 * shape (one int32 extent per dimension, padded to 8 bytes) followed by the float64 elements, row-major;
 * a null row is empty with a negative end. Rows are multiples of 8 bytes, so elements stay aligned and
 * copy as bytes (NaN payloads intact). In memory (core/data/vector.ts): elements, element offsets, and
 * `shapes` for two or more dimensions, made sound as they are read (core/data/array-shape.ts), so a row
 * written with a degenerate shape never makes a reader walk more than its elements.
 */
import { soundShape } from '../../core/data/array-shape';
import { ColumnType } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { RawColumn } from './raw-column';

const shapeBytes = (dims: number): number => (dims * 4 + 7) & ~7;

export function appendArrayRows(t: ColumnType, v: Vector, lo: number, hi: number, dest: RawColumn): void {
  const dims = t.dims ?? 1;
  const offsets = v.offsets as Int32Array;
  const elements = v.data as Float64Array;
  const head = shapeBytes(dims);
  const n = hi - lo;
  dest.reserve(n, n * head + (offsets[hi] - offsets[lo]) * 8);
  const ends = dest.ends as Float64Array;
  const bytes = dest.bytes;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = dest.byteLength;
  for (let i = lo; i < hi; i++) {
    if (v.nulls && v.nulls[i] === 1) {
      ends[dest.rows + i - lo] = -(p + 1);
      continue;
    }
    const count = offsets[i + 1] - offsets[i];
    for (let d = 0; d < dims; d++) dv.setInt32(p + d * 4, v.shapes ? v.shapes[i * dims + d] : count, true);
    for (let d = dims * 4; d < head; d++) bytes[p + d] = 0;
    p += head;
    bytes.set(new Uint8Array(elements.buffer, elements.byteOffset + offsets[i] * 8, count * 8), p);
    p += count * 8;
    ends[dest.rows + i - lo] = p;
  }
  dest.byteLength = p;
  dest.rows += n;
}

/** `ends[i]` are the decoded row ends in `heap` (negative = null, as raw-column.ts); rows before `top` are null. */
export function decodeArrayColumn(t: ColumnType, heap: Uint8Array, ends: Float64Array, rows: number, top: number): Vector {
  const dims = t.dims ?? 1;
  const head = shapeBytes(dims);
  let total = 0;
  let prev = 0;
  for (let i = 0; i < rows - top; i++) {
    const v = ends[i];
    const end = v >= 0 ? v : -v - 1;
    if (v >= 0) total += (end - prev - head) / 8;
    prev = end;
  }
  const data = new Float64Array(total);
  const offsets = new Int32Array(rows + 1);
  const shapes = dims > 1 ? new Int32Array(rows * dims) : undefined;
  let nulls: Uint8Array | undefined;
  if (top > 0) nulls = new Uint8Array(rows).fill(1, 0, top);
  const dv = new DataView(heap.buffer, heap.byteOffset, heap.byteLength);
  const asDoubles = new Float64Array(heap.buffer, heap.byteOffset, heap.byteLength >> 3);
  let e = 0;
  prev = 0;
  for (let i = 0; i < rows - top; i++) {
    const r = i + top;
    const v = ends[i];
    if (v < 0) {
      prev = -v - 1;
      nulls ??= new Uint8Array(rows);
      nulls[r] = 1;
      offsets[r + 1] = e;
      continue;
    }
    const count = (v - prev - head) / 8;
    if (shapes) {
      for (let d = 0; d < dims; d++) shapes[r * dims + d] = dv.getInt32(prev + d * 4, true);
      // A shape stored before shapes were checked (e.g. [2147483647, 2147483647, 0]) reads as a sound one.
      soundShape(shapes, r * dims, dims, count, shapes, r * dims);
    }
    data.set(asDoubles.subarray((prev + head) >> 3, ((prev + head) >> 3) + count), e);
    e += count;
    offsets[r + 1] = e;
    prev = v;
  }
  return { type: t, data, offsets, nulls, shapes };
}
