/**
 * One partition of one window call. Frame bounds are positions in the sorted
 * permutation; both ends only move forward as the current row advances, so sums use prefix sums,
 * min/max a monotonic deque, and RANGE offsets two pointers over the ORDER BY values.
 */
import { TypeTag } from '../../data/column-type';
import { INT_NULL, LONG_NULL } from '../../data/null-values';
import { Vector } from '../../data/vector';
import { readValue } from '../vector/sql-value';
import type { BoundWindowCall, WindowOutput } from './window';

export interface PartitionView {
  /** Sorted row order; the partition is perm[lo..hi). */
  readonly perm: Int32Array;
  readonly lo: number;
  readonly hi: number;
  readonly args: readonly Vector[];
  /** Values of the single ORDER BY key (RANGE offsets). */
  readonly orderValues?: ArrayLike<number>;
  readonly descending: boolean;
  /** True when two rows have equal ORDER BY values. */
  readonly peer: (a: number, b: number) => boolean;
}

export function computeWindow(c: BoundWindowCall, v: PartitionView, out: WindowOutput): void {
  const { perm, lo, hi } = v;
  switch (c.name) {
    case 'row_number':
      for (let j = lo; j < hi; j++) out.values[perm[j]] = j - lo + 1;
      return;
    case 'rank': case 'dense_rank': {
      let rank = 1, dense = 1;
      for (let j = lo; j < hi; j++) {
        if (j > lo && !v.peer(perm[j - 1], perm[j])) { rank = j - lo + 1; dense++; }
        out.values[perm[j]] = c.name === 'rank' ? rank : dense;
      }
      return;
    }
    case 'percent_rank': case 'cume_dist': {
      const len = hi - lo;
      for (let j = lo; j < hi;) {
        // A peer group shares rank (first position) and cumulative distribution (last position).
        let e = j + 1;
        while (e < hi && v.peer(perm[j], perm[e])) e++;
        const value = c.name === 'percent_rank' ? (len > 1 ? (j - lo) / (len - 1) : 0) : (e - lo) / len;
        for (let p = j; p < e; p++) out.values[perm[p]] = value;
        j = e;
      }
      return;
    }
    case 'ntile': {
      const len = hi - lo, buckets = c.offset;
      const small = Math.floor(len / buckets), extra = len % buckets;
      // The first `extra` buckets hold one row more (SQL standard).
      for (let j = lo; j < hi; j++) {
        const k = j - lo;
        const bucket = k < extra * (small + 1) ? Math.floor(k / (small + 1)) : extra + Math.floor((k - extra * (small + 1)) / Math.max(1, small));
        out.values[perm[j]] = bucket + 1;
      }
      return;
    }
    case 'lag': case 'lead': {
      const step = c.name === 'lag' ? -c.offset : c.offset;
      const fallback = v.args[2];
      const nn = c.ignoreNulls ? nonNullPositions(v) : undefined;
      let before = 0;
      for (let j = lo; j < hi; j++) {
        let s = j + step;
        if (nn) {
          // Count only non-null rows: the offset-th one before (or after) the current row.
          while (before < nn.length && nn[before] < j) before++;
          const after = before + (nn[before] === j ? 1 : 0);
          const t = c.name === 'lag' ? before - c.offset : after + c.offset - 1;
          s = t >= 0 && t < nn.length ? nn[t] : -1;
        }
        if (s >= lo && s < hi) out.source[perm[j]] = perm[s];
        else if (fallback) { out.source[perm[j]] = -3; out.useFallback(fallback); }
        else out.source[perm[j]] = -1;
      }
      return;
    }
    default: frameFunction(c, v, out);
  }
}

function frameFunction(c: BoundWindowCall, v: PartitionView, out: WindowOutput): void {
  const { perm, lo, hi } = v;
  const [flo, fhi] = frameBounds(c, v);
  const arg = v.args[0];
  if (c.name === 'first_value' || c.name === 'last_value' || c.name === 'nth_value') {
    const nn = c.ignoreNulls ? nonNullPositions(v) : undefined;
    for (let j = lo; j < hi; j++) {
      const k = j - lo;
      let at = c.name === 'first_value' ? flo[k] : c.name === 'last_value' ? fhi[k] : flo[k] + c.offset - 1;
      if (nn) {
        // The first / last / n-th non-null row inside the frame.
        const a = lowerIndex(nn, flo[k]), b = lowerIndex(nn, fhi[k] + 1) - 1;
        const t = c.name === 'first_value' ? a : c.name === 'last_value' ? b : a + c.offset - 1;
        at = t >= a && t <= b ? nn[t] : -1;
      }
      out.source[perm[j]] = at < 0 || flo[k] > fhi[k] || at > fhi[k] ? -1 : perm[at];
    }
    return;
  }
  const len = hi - lo;
  const value = new Float64Array(len), present = new Uint8Array(len);
  for (let k = 0; k < len; k++) {
    if (!arg) { present[k] = 1; continue; }
    const x = arg.data[perm[lo + k]];
    if (!isNullNumber(arg, x)) { value[k] = x; present[k] = 1; }
  }
  if (c.name === 'min' || c.name === 'max') { extremes(c.name === 'max', value, present, flo, fhi, lo, perm, out, arg?.exact); return; }
  const sums = new Float64Array(len + 1), counts = new Float64Array(len + 1);
  for (let k = 0; k < len; k++) { sums[k + 1] = sums[k] + value[k]; counts[k + 1] = counts[k] + present[k]; }
  for (let j = lo; j < hi; j++) {
    const k = j - lo, a = flo[k] - lo, b = fhi[k] - lo;
    const row = perm[j];
    const cnt = a > b ? 0 : counts[b + 1] - counts[a];
    if (c.name === 'count') { out.values[row] = cnt; continue; }
    if (cnt === 0) { out.nulls[row] = 1; continue; }
    const sum = sums[b + 1] - sums[a];
    out.values[row] = c.name === 'avg' ? sum / cnt : sum;
  }
}

/**
 * min/max over each row's frame with a monotonic deque. The result is the argument's row itself (copied,
 * so a LONG beyond 2^53 stays exact); with `exact` values (such LONGs) rows compare as 64-bit integers.
 */
function extremes(max: boolean, value: Float64Array, present: Uint8Array, flo: Int32Array, fhi: Int32Array, lo: number, perm: Int32Array, out: WindowOutput,
  exact?: BigInt64Array): void {
  const len = value.length;
  const deque = new Int32Array(len);
  // Whether the deque's tail row t gives way to row k (it is no better than k).
  const yields = exact
    ? (t: number, k: number): boolean => (max ? exact[perm[lo + t]] <= exact[perm[lo + k]] : exact[perm[lo + t]] >= exact[perm[lo + k]])
    : (t: number, k: number): boolean => (max ? value[t] <= value[k] : value[t] >= value[k]);
  let head = 0, tail = 0, next = 0;
  for (let k = 0; k < len; k++) {
    const a = flo[k] - lo, b = fhi[k] - lo;
    while (next <= b && next < len) {
      if (present[next]) {
        while (tail > head && yields(deque[tail - 1], next)) tail--;
        deque[tail++] = next;
      }
      next++;
    }
    while (tail > head && deque[head] < a) head++;
    const row = perm[lo + k];
    if (tail === head || a > b) out.nulls[row] = 1; else out.source[row] = perm[lo + deque[head]];
  }
}

/** Inclusive frame [flo[k], fhi[k]] (positions in perm) for each row k of the partition. */
function frameBounds(c: BoundWindowCall, v: PartitionView): [Int32Array, Int32Array] {
  const { perm, lo, hi } = v;
  const len = hi - lo;
  const flo = new Int32Array(len), fhi = new Int32Array(len);
  // Peer groups (rows with equal ORDER BY values) for RANGE CURRENT ROW.
  const peerStart = new Int32Array(len), peerEnd = new Int32Array(len);
  for (let k = 0; k < len; k++) peerStart[k] = k > 0 && v.peer(perm[lo + k - 1], perm[lo + k]) ? peerStart[k - 1] : k;
  for (let k = len - 1; k >= 0; k--) peerEnd[k] = k < len - 1 && v.peer(perm[lo + k + 1], perm[lo + k]) ? peerEnd[k + 1] : k;
  const key = (k: number): number => {
    const x = Number((v.orderValues as ArrayLike<number>)[perm[lo + k]]);
    return v.descending ? -x : x;
  };
  let p = 0, q = 0;
  for (let k = 0; k < len; k++) {
    const s = c.start, e = c.end;
    let a: number, b: number;
    if (s.kind === 'unbounded') a = 0;
    else if (s.kind === 'current') a = c.rows ? k : peerStart[k];
    else if (c.rows) a = Math.max(0, k + s.amount);
    else {
      const target = key(k) + s.amount;
      while (p < len && key(p) < target) p++;
      a = p;
    }
    if (e.kind === 'unbounded') b = len - 1;
    else if (e.kind === 'current') b = c.rows ? k : peerEnd[k];
    else if (c.rows) b = Math.min(len - 1, k + e.amount);
    else {
      const target = key(k) + e.amount;
      if (q < k) q = k;
      while (q < len && key(q) <= target) q++;
      b = q - 1;
    }
    flo[k] = lo + a;
    fhi[k] = lo + b;
  }
  return [flo, fhi];
}

/** Positions (in perm) of the partition's rows whose first argument is not null, ascending. */
function nonNullPositions(v: PartitionView): Int32Array {
  const arg = v.args[0];
  const out: number[] = [];
  for (let j = v.lo; j < v.hi; j++) if (readValue(arg, v.perm[j]) !== null) out.push(j);
  return Int32Array.from(out);
}

/** First index of `list` (ascending) whose value is >= x. */
function lowerIndex(list: Int32Array, x: number): number {
  let lo = 0, hi = list.length;
  while (lo < hi) { const m = (lo + hi) >>> 1; if (list[m] < x) lo = m + 1; else hi = m; }
  return lo;
}

function isNullNumber(v: Vector, x: number): boolean {
  switch (v.type.tag) {
    case TypeTag.DOUBLE: case TypeTag.FLOAT: return x !== x;
    case TypeTag.INT: return x === INT_NULL;
    case TypeTag.LONG: case TypeTag.TIMESTAMP: case TypeTag.DATE: return x === LONG_NULL;
    default: return false;
  }
}
