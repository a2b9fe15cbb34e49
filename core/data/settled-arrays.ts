/**
 * Arrays whose contents never change again: committed column data as the storage decoded it (a later commit
 * gives a new array, the old one stays as it was). Facts computed once from such an array may be kept for
 * as long as the array lives (dense-keys.ts keeps a key column's range); an array not settled (a scratch or
 * pooled buffer, a view of part of a column) gets no such memo.
 */
import { FixedArray } from './vector';

const settled = new WeakSet<FixedArray>();
/** The settled arrays on each buffer (one, as a rule: the column cache gives each column array its own). */
const onBuffer = new WeakMap<ArrayBufferLike, FixedArray[]>();

export function settle(array: FixedArray): void {
  if (settled.has(array)) return;
  settled.add(array);
  const list = onBuffer.get(array.buffer);
  if (list) list.push(array);
  else onBuffer.set(array.buffer, [array]);
}

export function isSettled(array: FixedArray): boolean {
  return settled.has(array);
}

/** Where a view's rows lie: the settled array and the view's first element in it. */
export interface SettledOrigin {
  readonly array: FixedArray;
  readonly offset: number;
}

/** Whether `array` is a settled FLOAT or DOUBLE column array (the kind facts per block are kept for). */
export function isSettledFloats(array: FixedArray): boolean {
  return (array instanceof Float64Array || array instanceof Float32Array) && settled.has(array);
}

/**
 * The settled array `data` is (offset 0) or lies within (a `subarray` of it: the same buffer, element type
 * and alignment, e.g. the rows of a partition an interval keeps); undefined for anything else.
 */
export function settledOrigin(data: FixedArray): SettledOrigin | undefined {
  if (settled.has(data)) return { array: data, offset: 0 };
  const list = onBuffer.get(data.buffer);
  if (!list) return undefined;
  for (const array of list) {
    const bytes = data.byteOffset - array.byteOffset;
    if (array.constructor === data.constructor && bytes >= 0 && bytes % array.BYTES_PER_ELEMENT === 0 && bytes + data.byteLength <= array.byteLength) {
      return { array, offset: bytes / array.BYTES_PER_ELEMENT };
    }
  }
  return undefined;
}
