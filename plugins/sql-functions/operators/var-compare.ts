/** Byte-wise comparison of var-size rows (UTF-8 preserves code point order). */
import { Vector } from '../../../core/data/vector';

export function compareVarRows(a: Vector, i: number, b: Vector, j: number): number {
  const ao = a.offsets as Int32Array, bo = b.offsets as Int32Array;
  const ad = a.data, bd = b.data;
  let p = ao[i], q = bo[j];
  const pe = ao[i + 1], qe = bo[j + 1];
  while (p < pe && q < qe) {
    const d = ad[p] - bd[q];
    if (d !== 0) return d;
    p++; q++;
  }
  return (pe - p) - (qe - q);
}
