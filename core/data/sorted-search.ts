/**
 * Searches in ascending number arrays (designated timestamps, posting lists): the first index holding a
 * value at or above (lowerBound) or above (upperBound) a bound, by binary search, or by galloping from a
 * start when the answer is likely near it.
 */

/** First index in `a[lo..hi)` (ascending) whose value is >= `value`; `hi` when none. */
export function lowerBound(a: ArrayLike<number>, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in `a[lo..hi)` (ascending) whose value is > `value`; `hi` when none. */
export function upperBound(a: ArrayLike<number>, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * lowerBound over `a[from..end)` probing `from + 1, + 2, + 4, …` first: O(log d) reads for an answer d
 * past `from`, most of them close to it.
 */
export function gallopLowerBound(a: ArrayLike<number>, from: number, end: number, value: number): number {
  let lo = from, step = 1, hi = from + 1;
  while (hi < end && a[hi] < value) {
    lo = hi + 1;
    step *= 2;
    hi = from + step;
  }
  return lowerBound(a, Math.min(lo, end), Math.min(hi, end), value);
}
