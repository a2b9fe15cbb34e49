/**
 * Every large SharedArrayBuffer (column data, decoded Parquet pages, kernel outputs, parse slabs) is made
 * here. V8 (Node 20) does not count a SharedArrayBuffer's memory toward the pressure that starts a garbage
 * collection, so buffers nothing references any more stay mapped until a collection happens for other
 * reasons: a scan of a table larger than the column cache loads and drops buffers much faster than that, and a
 * full scan of a 300M-row table grew the server to 24 GB until the kernel killed it. So each thread counts
 * the shared bytes it made (and, on a query worker, the bytes its tasks referenced: its views keep buffers
 * alive too) and, past COLLECT_BYTES since the last time, asks for a collection: a minor one at once (the
 * views of a scan are young) and a major one as a task (cache entries evicted meanwhile are old).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Shared bytes made or referenced between two collections. */
export const COLLECT_BYTES = 256 * 1024 * 1024;

type Collector = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;

let collector: Collector | null | undefined;
let since = 0;
/** Collections asked for (for tests and metrics). */
let collections = 0;

function gcFunction(): Collector | null {
  if (collector !== undefined) return collector;
  try {
    const existing = (globalThis as { gc?: Collector }).gc;
    if (typeof existing === 'function') return (collector = existing);
    setFlagsFromString('--expose-gc');
    const made = runInNewContext('gc') as unknown;
    collector = typeof made === 'function' ? (made as Collector) : null;
  } catch {
    collector = null;
  }
  return collector;
}

/** Counts `bytes` of shared memory this thread made or now references; collects past COLLECT_BYTES. */
export function noteSharedBytes(bytes: number): void {
  since += bytes;
  if (since < COLLECT_BYTES) return;
  since = 0;
  const gc = gcFunction();
  if (!gc) return;
  collections++;
  gc({ type: 'minor' });
  gc({ type: 'major', execution: 'async' });
}

/** A new zeroed SharedArrayBuffer of `bytes`, counted toward the next collection. */
export function sharedBuffer(bytes: number): SharedArrayBuffer {
  noteSharedBytes(bytes);
  return new SharedArrayBuffer(bytes);
}

/** Collections this thread asked for so far. */
export function sharedCollections(): number {
  return collections;
}
