/**
 * Typed arrays on SharedArrayBuffers, kept for reuse between queries: a SharedArrayBuffer is costly to
 * make (its memory is mapped and zeroed, and it is released only by a garbage collection), more than the
 * kernels that fill it. An array goes back only once no task writes it and nothing reads what it holds;
 * it comes out again for any request it is long enough for, with stale contents (the user writes before it
 * reads). At most `maxKept` are kept — a longer one displaces the shortest when full — and none after
 * `idleMs` without a return. Pools: the parallel filter's selection vectors, the parallel gather's row lists, the radix GROUP BY's record
 * buffer, the dense GROUP BY's output slabs, and a CSV parse worker's batch slabs
 * (plugins/import-delimited/batch-slabs.ts).
 */
import { sharedBuffer } from '../data/shared-buffers';
export class SharedArrayPool<T extends Int32Array | Float64Array> {
  private readonly kept: T[] = [];
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly make: (buffer: SharedArrayBuffer) => T, private readonly bytesPerElement: number,
    private readonly maxKept: number, private readonly idleMs = 30_000) {}

  /**
   * An array of at least `length` elements; a new one has `headroom` times that, so requests that wander a
   * little around a size (batches of about the same rows) reuse it.
   */
  take(length: number, headroom = 1): T {
    for (let k = this.kept.length - 1; k >= 0; k--) {
      if (this.kept[k].length >= length) return this.kept.splice(k, 1)[0];
    }
    return this.make(sharedBuffer(Math.max(1, Math.ceil(length * headroom)) * this.bytesPerElement));
  }

  give(arrays: readonly T[]): void {
    for (const a of arrays) {
      if (this.kept.length < this.maxKept) {
        this.kept.push(a);
        continue;
      }
      let shortest = 0;
      for (let k = 1; k < this.kept.length; k++) if (this.kept[k].length < this.kept[shortest].length) shortest = k;
      if (this.kept[shortest].length < a.length) this.kept[shortest] = a;
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => { this.kept.length = 0; this.idle = undefined; }, this.idleMs);
    this.idle.unref();
  }

  /** Arrays kept now (tests). */
  get size(): number {
    return this.kept.length;
  }
}

/** Int32 arrays (selection vectors). */
export function int32Pool(maxKept: number, idleMs?: number): SharedArrayPool<Int32Array> {
  return new SharedArrayPool((b) => new Int32Array(b), 4, maxKept, idleMs);
}

/** Float64 arrays (records, output slabs). */
export function float64Pool(maxKept: number, idleMs?: number): SharedArrayPool<Float64Array> {
  return new SharedArrayPool((b) => new Float64Array(b), 8, maxKept, idleMs);
}
