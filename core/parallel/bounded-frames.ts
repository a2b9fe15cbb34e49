/**
 * The frames (one partition's rows each) a parallel aggregate or SAMPLE BY holds at once: all of the scan's,
 * since its kernels run over every range before the partials merge. That is the whole table's columns for a
 * full scan, so past `maxBytes` of the columns read the collection stops, the scan is closed, and the query
 * runs on the main thread instead, which streams partitions through the column cache in bounded memory.
 */
import { ColumnBatch } from '../data/column-batch';
import { vectorBytes } from '../data/vector';

/** Every frame of `frames`, or undefined once the columns at `slots` pass `maxBytes`. */
export async function boundedFrames(frames: AsyncIterable<ColumnBatch>, slots: readonly number[], maxBytes: number): Promise<ColumnBatch[] | undefined> {
  const out: ColumnBatch[] = [];
  let bytes = 0;
  const read = [...new Set(slots)];
  // Leaving the loop early closes the scan (its iterator's return()).
  for await (const f of frames) {
    out.push(f);
    for (const c of read) bytes += vectorBytes(f.vectors[c]);
    if (bytes > maxBytes) return undefined;
  }
  return out;
}
