/**
 * Every large SharedArrayBuffer (column data, decoded Parquet pages, kernel outputs, parse slabs) is made
 * here. V8 (Node 20) does not count a SharedArrayBuffer's memory toward the pressure that starts a garbage
 * collection, so buffers nothing references any more stay mapped until a collection happens for other
 * reasons: a scan of a table larger than the column cache loads and drops buffers much faster than that, and a
 * full scan of a 300M-row table grew the server to 24 GB until the kernel killed it. So each thread counts
 * the shared bytes it made and, past COLLECT_BYTES since the last time, asks for a collection: a minor one at
 * once (the views of a scan are young) and a major one as a task (cache entries evicted meanwhile are old).
 * A query worker's views of the main thread's buffers keep them alive too, so each job tells the worker how
 * many collections the main thread has made, and a worker that is behind collects once (`followCollections`).
 * Counting the bytes a worker's jobs reference instead would collect on every query over cached columns
 * (a day's partition of ten DOUBLE columns is 700 MB), and a forced major collection per query doubled the
 * time of small SAMPLE BY queries.
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
/** The main thread's collection count this worker last followed. */
let followed = 0;

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
  collect();
}

function collect(): void {
  const gc = gcFunction();
  if (!gc) return;
  collections++;
  gc({ type: 'minor' });
  gc({ type: 'major', execution: 'async' });
}

/**
 * On a worker thread: collects when the main thread has made collections since the last call (it dropped
 * buffers this thread's views may still hold); `mainCollections` is the main thread's `sharedCollections()`.
 * Whether it collected.
 */
export function followCollections(mainCollections: number): boolean {
  if (mainCollections <= followed) return false;
  followed = mainCollections;
  collect();
  return true;
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
