/**
 * Shared memory for the batches a parse worker sends back. A batch's arrays are copied into one
 * SharedArrayBuffer (a slab) and posted as views on it, so the request thread receives them without a copy
 * or an allocation: structured-cloning plain arrays cost a copy on each side and ~0.6 GB of fresh
 * ArrayBuffers per GB of CSV on the request thread, whose external memory then set off a full garbage
 * collection every ~150 ms. The request thread hands a slab back once the writer has copied the batch
 * (worker-parser.ts), and the worker reuses it, so a steady import allocates no batch memory at all. A
 * batch under MIN_SLAB_BYTES travels as plain arrays, copied by postMessage: allocating a SharedArrayBuffer
 * costs more than cloning a few KiB. Nothing is transferred (architecture.md: a detached ArrayBuffer slows
 * every typed-array loop of its thread).
 */
import { ColumnBatch } from '../../core/data/column-batch';
import { FixedArray } from '../../core/data/vector';
import { float64Pool } from '../../core/parallel/shared-array-pool';
import { WireBatch, WireVector } from './worker-protocol';

type Shareable = FixedArray | BigInt64Array;
type ViewConstructor<T> = new (buffer: SharedArrayBuffer, byteOffset: number, length: number) => T;

const ALIGN = 8;
/** Slabs kept for reuse by one worker; the request thread holds at most a few batches of one lane at once. */
const KEEP = 16;
const MIN_SLAB_BYTES = 64 << 10;

const aligned = (bytes: number): number => Math.ceil(bytes / ALIGN) * ALIGN;

export class SlabPool {
  /** Slabs as doubles (a slab's length is a multiple of ALIGN bytes). */
  private readonly slabs = float64Pool(KEEP);

  /** Slabs the request thread is done with. */
  give(slabs: readonly SharedArrayBuffer[]): void {
    if (slabs.length > 0) this.slabs.give(slabs.map((s) => new Float64Array(s)));
  }

  /**
   * The batch with every array copied into one slab, or as it is when small (postMessage then copies it:
   * call it right before posting, as a lent batch's arrays are the sinks').
   */
  share(batch: ColumnBatch): WireBatch {
    let bytes = 0;
    for (const v of batch.vectors) {
      bytes += aligned(v.data.byteLength) + aligned(v.offsets?.byteLength ?? 0) + aligned(v.nulls?.byteLength ?? 0) + aligned(v.exact?.byteLength ?? 0);
    }
    if (bytes < MIN_SLAB_BYTES) {
      return { rowCount: batch.rowCount, vectors: batch.vectors.map((v) => ({ data: v.data, offsets: v.offsets, nulls: v.nulls, exact: v.exact })) };
    }
    const slab = this.take(bytes);
    let at = 0;
    const put = <T extends Shareable>(a: T): T => {
      const view = copyInto(a, slab, at);
      at += aligned(a.byteLength);
      return view;
    };
    const vectors = batch.vectors.map((v): WireVector => ({
      data: put(v.data),
      offsets: v.offsets && put(v.offsets),
      nulls: v.nulls && put(v.nulls),
      exact: v.exact && put(v.exact),
    }));
    return { rowCount: batch.rowCount, vectors, slab };
  }

  /** A kept slab large enough, or a new one with a quarter more room (batch sizes settle after the first few). */
  private take(bytes: number): SharedArrayBuffer {
    return this.slabs.take(Math.ceil(bytes / ALIGN), 1.25).buffer as SharedArrayBuffer;
  }
}

/** `a`'s bytes at `slab[at..]`, as a view of `a`'s own kind. */
function copyInto<T extends Shareable>(a: T, slab: SharedArrayBuffer, at: number): T {
  new Uint8Array(slab, at, a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  const View = a.constructor as ViewConstructor<T>;
  return new View(slab, at, a.length);
}
