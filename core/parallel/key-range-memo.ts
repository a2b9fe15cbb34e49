/**
 * The dense GROUP BY probe's answer (dense-keys.ts) for a whole settled key array, by scale: its least and
 * greatest key and whether every key is its rounded scaled value over the scale (`[min, max, exact]`). A
 * committed column's keys never change (core/data/settled-arrays.ts), so the answer is kept with the array
 * (a zone map of one zone) and a repeated GROUP BY over the same partitions reads the key column once, not
 * twice; a later commit brings a new array and a new probe.
 */
import { isSettled } from '../data/settled-arrays';
import { FixedArray } from '../data/vector';

const memo = new WeakMap<FixedArray, Map<number, Float64Array>>();

/** The range of `keys` at `scale` if known; only for a settled array probed over all of its `rows`. */
export function knownRange(keys: FixedArray, rows: number, scale: number): Float64Array | undefined {
  return rows === keys.length ? memo.get(keys)?.get(scale) : undefined;
}

/** Keeps `range`, probed over all `rows` of `keys` at `scale`, when `keys` is settled and has no other rows. */
export function keepRange(keys: FixedArray, rows: number, scale: number, range: Float64Array): void {
  if (rows !== keys.length || !isSettled(keys)) return;
  let byScale = memo.get(keys);
  if (!byScale) memo.set(keys, (byScale = new Map()));
  byScale.set(scale, range);
}
