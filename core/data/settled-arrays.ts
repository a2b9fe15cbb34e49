/**
 * Arrays whose contents never change again: committed column data as the storage decoded it (a later commit
 * gives a new array, the old one stays as it was). Facts computed once from such an array may be kept for
 * as long as the array lives (dense-keys.ts keeps a key column's range); an array not settled (a scratch or
 * pooled buffer, a view of part of a column) gets no such memo.
 */
import { FixedArray } from './vector';

const settled = new WeakSet<FixedArray>();

export function settle(array: FixedArray): void {
  settled.add(array);
}

export function isSettled(array: FixedArray): boolean {
  return settled.has(array);
}

/** Where a view's rows lie: the settled array and the view's first element in it. */
export interface SettledOrigin {
  readonly array: FixedArray;
  readonly offset: number;
}

const views = new WeakMap<FixedArray, SettledOrigin>();

/** Whether `array` is a settled FLOAT or DOUBLE column array (the kind facts per block are kept for). */
export function isSettledFloats(array: FixedArray): boolean {
  return (array instanceof Float64Array || array instanceof Float32Array) && settled.has(array);
}

/** Notes that `view` is `array`'s elements from `offset` on, when `array` is a settled FLOAT or DOUBLE array. */
export function noteView(view: FixedArray, array: FixedArray, offset: number): void {
  if (isSettledFloats(array)) views.set(view, { array, offset });
}

/** The settled array `data` is (offset 0) or is a noted view of; undefined for anything else. */
export function settledOrigin(data: FixedArray): SettledOrigin | undefined {
  return settled.has(data) ? { array: data, offset: 0 } : views.get(data);
}
