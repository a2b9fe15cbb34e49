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
