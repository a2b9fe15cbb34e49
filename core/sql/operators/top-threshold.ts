/**
 * The cut of a top-N (ORDER BY … LIMIT n): once n rows are kept, a row can enter only if its first sort key
 * is at least as good as the worst kept row's. For a number key (and no exact 64-bit values) a batch's
 * candidates are found by one typed loop over that key's array, and only they are gathered and compared row
 * by row; the rest of the batch is never copied. Ties pass the cut (the full comparison orders them), and
 * NULLs order as the comparator does: NaN first ascending (last descending), INT/LONG nulls as their minimum.
 */
import { TypeTag } from '../../data/column-type';
import { FixedArray, Vector } from '../../data/vector';

const NUMBER_KEYS = new Set([TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.FLOAT, TypeTag.DOUBLE,
  TypeTag.TIMESTAMP, TypeTag.DATE, TypeTag.TIMESTAMP_NS]);

/** True when `v` can be cut by value: a number key whose float64s are its values. */
export function cuttable(v: Vector): boolean {
  return NUMBER_KEYS.has(v.type.tag) && v.exact === undefined && !v.offsets;
}

/**
 * Writes to `sel` the rows of `[0, n)` whose key is at least as good as `cut` in the order (`descending` or
 * not), NaN counting as the least value; returns their count.
 */
export function candidates(data: FixedArray, n: number, cut: number, descending: boolean, sel: Int32Array): number {
  if (data instanceof Float64Array) return descending ? downF64(data, n, cut, sel) : upF64(data, n, cut, sel);
  if (data instanceof Int32Array) return descending ? downI32(data, n, cut, sel) : upI32(data, n, cut, sel);
  return descending ? downAny(data, n, cut, sel) : upAny(data, n, cut, sel);
}

// One loop per array kind: a loop that has seen several kinds falls back to V8's generic element access.

function downF64(d: Float64Array, n: number, cut: number, sel: Int32Array): number {
  let k = 0;
  // A NaN cut lets everything in (NaN is the least value); otherwise NaN fails `>=` by itself.
  if (cut !== cut) { for (let i = 0; i < n; i++) sel[k++] = i; return k; }
  for (let i = 0; i < n; i++) if (d[i] >= cut) sel[k++] = i;
  return k;
}

function upF64(d: Float64Array, n: number, cut: number, sel: Int32Array): number {
  let k = 0;
  if (cut !== cut) { for (let i = 0; i < n; i++) { const x = d[i]; if (x !== x) sel[k++] = i; } return k; }
  for (let i = 0; i < n; i++) { const x = d[i]; if (x <= cut || x !== x) sel[k++] = i; }
  return k;
}

function downI32(d: Int32Array, n: number, cut: number, sel: Int32Array): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (d[i] >= cut) sel[k++] = i;
  return k;
}

function upI32(d: Int32Array, n: number, cut: number, sel: Int32Array): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (d[i] <= cut) sel[k++] = i;
  return k;
}

function downAny(d: FixedArray, n: number, cut: number, sel: Int32Array): number {
  let k = 0;
  if (cut !== cut) { for (let i = 0; i < n; i++) sel[k++] = i; return k; }
  for (let i = 0; i < n; i++) if (Number(d[i]) >= cut) sel[k++] = i;
  return k;
}

function upAny(d: FixedArray, n: number, cut: number, sel: Int32Array): number {
  let k = 0;
  if (cut !== cut) { for (let i = 0; i < n; i++) { const x = Number(d[i]); if (x !== x) sel[k++] = i; } return k; }
  for (let i = 0; i < n; i++) { const x = Number(d[i]); if (x <= cut || x !== x) sel[k++] = i; }
  return k;
}
