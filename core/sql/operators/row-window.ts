/**
 * LIMIT and the /exec `limit` window as one operation over a stream: rows `[lo, hi)` where a negative
 * bound counts from the end. Non-negative windows stream and stop the input
 * early; windows from the end keep only the rows they may need.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType } from '../../data/column-type';
import { concatBatches, sliceBatch } from '../vector/vector-ops';

export interface Window {
  readonly lo: number;
  readonly hi?: number;
}

export async function* applyWindow(input: AsyncIterable<ColumnBatch>, types: readonly ColumnType[], w: Window): AsyncIterable<ColumnBatch> {
  if (w.lo >= 0 && (w.hi === undefined || w.hi >= 0)) {
    const hi = w.hi ?? Infinity;
    if (hi <= w.lo) return;
    let seen = 0;
    for await (const b of input) {
      const start = Math.max(0, w.lo - seen), end = Math.min(b.rowCount, hi - seen);
      seen += b.rowCount;
      if (end > start) yield sliceBatch(b, start, end);
      if (seen >= hi) return;
    }
    return;
  }
  // From the end: when lo < 0 only the last |lo| rows can be in the window.
  const keep = w.lo < 0 ? -w.lo : Infinity;
  const queue: ColumnBatch[] = [];
  let queued = 0, dropped = 0;
  for await (const b of input) {
    queue.push(b);
    queued += b.rowCount;
    while (queue.length > 1 && queued - queue[0].rowCount >= keep) { queued -= queue[0].rowCount; dropped += queue[0].rowCount; queue.shift(); }
  }
  const total = dropped + queued;
  const lo = Math.max(0, w.lo < 0 ? total + w.lo : w.lo);
  const hi = Math.min(total, w.hi === undefined ? total : w.hi < 0 ? total + w.hi : w.hi);
  if (hi <= lo || queue.length === 0) return;
  const all = concatBatches(types, queue);
  yield sliceBatch(all, lo - dropped, hi - dropped);
}

/** QuestDB LIMIT forms → a window; `hi` absent in the AST means `LIMIT lo`. */
export function limitWindow(lo: number, hi: number | undefined): Window {
  if (hi === undefined) return lo >= 0 ? { lo: 0, hi: lo } : { lo };
  if (lo >= 0 && hi >= 0) return { lo: Math.min(lo, hi), hi: Math.max(lo, hi) };
  if (lo < 0 && hi < 0) return { lo: Math.min(lo, hi), hi: Math.max(lo, hi) };
  if (lo >= 0 && hi < 0) return { lo, hi };
  return { lo, hi: undefined };
}
