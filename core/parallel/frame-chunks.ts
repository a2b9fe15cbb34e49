/**
 * Cuts a scan's frames into row ranges for the workers: about `pieces` ranges in all, of similar size,
 * never across a frame (a frame is one partition's rows, whose vectors the task references). Ranges
 * keep frame and row order, so outputs merged in range order see rows in scan order.
 */
import { ColumnBatch } from '../data/column-batch';

export interface FrameRange {
  readonly frame: number;
  readonly lo: number;
  readonly hi: number;
}

export function frameRanges(frames: readonly ColumnBatch[], pieces: number): FrameRange[] {
  const total = frames.reduce((s, f) => s + f.rowCount, 0);
  const target = Math.max(1, Math.ceil(total / Math.max(1, pieces)));
  const out: FrameRange[] = [];
  frames.forEach((f, frame) => {
    const n = f.rowCount;
    const count = Math.max(1, Math.round(n / target));
    for (let k = 0; k < count; k++) {
      const lo = Math.floor((n * k) / count), hi = Math.floor((n * (k + 1)) / count);
      if (hi > lo) out.push({ frame, lo, hi });
    }
  });
  return out;
}
