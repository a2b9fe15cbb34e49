/**
 * Parquet LISTs of numbers (read as Arrow `List<…<List<Float64>>>`) as svc's DOUBLE arrays: one nested list
 * per dimension, as svc's own export writes DOUBLE[][] and DuckDB or pyarrow write nested lists. Each row
 * must be rectangular — every list at one depth of equal length, none null — or it is a bad value (NULL,
 * counted by `atomicity`); a null element is NaN (DOUBLE's null); integers and floats of every width become
 * doubles (decimals too). A row whose outer list is empty is an empty array (extents 0).
 */
import { Data, DataType, Type } from 'apache-arrow';
import { ColumnType } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { numberReader } from './arrow-numbers';
import type { Converted } from './arrow-column-converter';

/** The nesting depth of a list of numbers (`List<Float64>` 1, `List<List<Int32>>` 2), or undefined. */
export function listDepth(t: DataType): number | undefined {
  let depth = 0;
  let at: DataType = t;
  while (at.typeId === Type.List) {
    depth++;
    const child = (at as unknown as { children: { type: DataType }[] }).children[0];
    if (!child) return undefined;
    at = child.type;
  }
  if (depth === 0) return undefined;
  const leafIsNumber = at.typeId === Type.Int || at.typeId === Type.Decimal
    || (at.typeId === Type.Float && (at as unknown as { precision: number }).precision > 0);
  return leafIsNumber ? depth : undefined;
}

function isNullAt(data: Data, i: number): boolean {
  if (data.nullCount === 0) return false;
  const bitmap = data.nullBitmap;
  if (!bitmap || bitmap.length === 0) return false;
  const k = data.offset + i;
  return ((bitmap[k >> 3] >> (k & 7)) & 1) === 0;
}

/** Rows [0, n) of a list column of `dims` levels as a DOUBLE[]…[] vector. */
export function arrayVector(data: Data, n: number, type: ColumnType, dims: number): Converted {
  const levels: Data[] = [data];
  for (let d = 1; d <= dims; d++) levels.push(levels[d - 1].children[0]);
  const leaf = levels[dims];
  const read = numberReader(leaf.type);
  if (!read) throw new Error(`unchecked array element type ${String(leaf.type)}`);
  const value = read(leaf);
  // The leaf range of all n rows, through each level's offsets: room for every element at once.
  let lo = 0;
  let hi = n;
  // apache-arrow slices a list's offsets with the list (its `offset` then only applies to the validity bits).
  for (let d = 0; d < dims; d++) {
    const offsets = levels[d].valueOffsets as Int32Array;
    lo = offsets[lo];
    hi = offsets[hi];
  }
  const out = new Float64Array(Math.max(hi - lo, 0));
  const rowOffsets = new Int32Array(n + 1);
  const shapes = dims > 1 ? new Int32Array(n * dims) : undefined;
  let nulls: Uint8Array | undefined;
  let bad: Uint8Array | undefined;
  let written = 0;
  const extents = new Int32Array(dims);
  for (let i = 0; i < n; i++) {
    rowOffsets[i] = written;
    if (isNullAt(data, i)) { (nulls ??= new Uint8Array(n))[i] = 1; continue; }
    // The range of entries at each depth, checked to be rectangular as it narrows to the leaf.
    let start = i;
    let end = i + 1;
    let rectangular = true;
    for (let d = 0; d < dims && rectangular; d++) {
      const level = levels[d];
      const offsets = level.valueOffsets as Int32Array;
      let extent = -1;
      for (let j = start; j < end; j++) {
        if (d > 0 && isNullAt(level, j)) { rectangular = false; break; }
        const len = offsets[j + 1] - offsets[j];
        if (extent < 0) extent = len;
        else if (len !== extent) { rectangular = false; break; }
      }
      extents[d] = Math.max(extent, 0);
      const nextStart = offsets[start];
      end = offsets[end];
      start = nextStart;
    }
    if (!rectangular) {
      (bad ??= new Uint8Array(n))[i] = 1;
      (nulls ??= new Uint8Array(n))[i] = 1;
      continue;
    }
    // An empty outer list: no elements, every extent 0.
    if (extents[0] === 0) extents.fill(0);
    for (let j = start; j < end; j++) out[written++] = isNullAt(leaf, j) ? NaN : value(j);
    if (shapes) shapes.set(extents, i * dims);
  }
  rowOffsets[n] = written;
  const vector: Vector = { type, data: out.subarray(0, written), offsets: rowOffsets, nulls, shapes };
  return { vector, bad };
}
