/**
 * A partition's SYMBOL column as posting lists: for every key, the ascending row numbers holding it. Built
 * in two passes over the column's keys (a counting sort) the first time a scan asks for the rows of a few
 * keys, then kept in the column cache beside the column (same file, same committed version), so a query
 * filtering `sym = 'x'` or `sym IN (…)` reads only those rows instead of the whole partition.
 */
import { SYMBOL_NULL } from '../../core/data/null-values';
import { lowerBound } from '../../core/data/sorted-search';

export interface SymbolPostings {
  /** `rows[starts[k + 1] … starts[k + 2])` hold key `k`; slot 0 is the null key (SYMBOL_NULL). */
  readonly starts: Int32Array;
  readonly rows: Int32Array;
}

/** Posting lists of `keys[0 … n)`, keys in `[-1, symbolCount)`; a key beyond the count goes to no list. */
export function buildPostings(keys: Int32Array, n: number, symbolCount: number): SymbolPostings {
  const slots = symbolCount + 1;
  const starts = new Int32Array(slots + 1);
  for (let i = 0; i < n; i++) {
    const s = keys[i] + 1;
    if (s >= 0 && s < slots) starts[s + 1]++;
  }
  for (let s = 0; s < slots; s++) starts[s + 1] += starts[s];
  const fill = starts.slice(0, slots);
  const rows = new Int32Array(starts[slots]);
  for (let i = 0; i < n; i++) {
    const s = keys[i] + 1;
    if (s >= 0 && s < slots) rows[fill[s]++] = i;
  }
  return { starts, rows };
}

/**
 * The lists of `keys[0 … n)` from those of its first `from` rows (`previous`, unchanged since): each
 * list's old rows are copied, then the rows `[from, n)` holding its key appended.
 */
export function extendPostings(previous: SymbolPostings, keys: Int32Array, from: number, n: number, symbolCount: number): SymbolPostings {
  const slots = Math.max(symbolCount + 1, previous.starts.length - 1);
  const oldSlots = previous.starts.length - 1;
  const starts = new Int32Array(slots + 1);
  for (let i = from; i < n; i++) {
    const s = keys[i] + 1;
    if (s >= 0 && s < slots) starts[s + 1]++;
  }
  for (let s = 0; s < slots; s++) {
    const old = s < oldSlots ? previous.starts[s + 1] - previous.starts[s] : 0;
    starts[s + 1] += starts[s] + old;
  }
  const rows = new Int32Array(starts[slots]);
  const fill = new Int32Array(slots);
  for (let s = 0; s < slots; s++) {
    let at = starts[s];
    if (s < oldSlots) {
      rows.set(previous.rows.subarray(previous.starts[s], previous.starts[s + 1]), at);
      at += previous.starts[s + 1] - previous.starts[s];
    }
    fill[s] = at;
  }
  for (let i = from; i < n; i++) {
    const s = keys[i] + 1;
    if (s >= 0 && s < slots) rows[fill[s]++] = i;
  }
  return { starts, rows };
}

/** Bytes a postings entry holds, for the column cache's budget. */
export function postingsBytes(p: SymbolPostings): number {
  return p.starts.byteLength + p.rows.byteLength;
}

/** The rows of `key` (SYMBOL_NULL for null) as a view; empty for a key the postings do not know. */
export function postingList(p: SymbolPostings, key: number): Int32Array {
  const s = key + 1;
  if (key < SYMBOL_NULL || s + 1 >= p.starts.length) return p.rows.subarray(0, 0);
  return p.rows.subarray(p.starts[s], p.starts[s + 1]);
}

/** First index of `list` whose row is ≥ `row` (the list ascends). */
export function firstFrom(list: Int32Array, row: number): number {
  return lowerBound(list, 0, list.length, row);
}

/** How many rows of `[lo, hi)` hold one of `keys` (distinct keys). */
export function countRows(p: SymbolPostings, keys: readonly number[], lo: number, hi: number): number {
  let n = 0;
  for (const k of keys) {
    const list = postingList(p, k);
    n += firstFrom(list, hi) - firstFrom(list, lo);
  }
  return n;
}

/**
 * The rows of `[lo, hi)` holding one of `keys` (distinct keys), ascending, written to `out` (at least
 * `countRows` long); returns how many. One key is a copy; several are merged list by list. With `outKeys`,
 * each row's key goes there too, so the key column need not be read at those rows (a random access each).
 */
export function selectRows(p: SymbolPostings, keys: readonly number[], lo: number, hi: number, out: Int32Array, outKeys?: Int32Array): number {
  let n = 0;
  for (const k of keys) {
    const list = postingList(p, k);
    const a = firstFrom(list, lo);
    const b = firstFrom(list, hi);
    if (b <= a) continue;
    if (n === 0) {
      out.set(list.subarray(a, b));
      outKeys?.fill(k, 0, b - a);
      n = b - a;
    } else {
      n = outKeys ? mergeKeyedInto(out, outKeys, n, list, a, b, k) : mergeInto(out, n, list, a, b);
    }
  }
  return n;
}

/** Merges `list[a … b)` into the ascending `out[0 … n)` in place, from the back; returns the new length. */
function mergeInto(out: Int32Array, n: number, list: Int32Array, a: number, b: number): number {
  let i = n - 1;
  let j = b - 1;
  let w = n + (b - a) - 1;
  while (j >= a) {
    if (i >= 0 && out[i] > list[j]) out[w--] = out[i--];
    else out[w--] = list[j--];
  }
  return n + (b - a);
}

/** `mergeInto`, moving each row's key in `keys` along with it; the list's rows hold `key`. */
function mergeKeyedInto(out: Int32Array, keys: Int32Array, n: number, list: Int32Array, a: number, b: number, key: number): number {
  let i = n - 1;
  let j = b - 1;
  let w = n + (b - a) - 1;
  while (j >= a) {
    if (i >= 0 && out[i] > list[j]) {
      keys[w] = keys[i];
      out[w--] = out[i--];
    } else {
      keys[w] = key;
      out[w--] = list[j--];
    }
  }
  return n + (b - a);
}
