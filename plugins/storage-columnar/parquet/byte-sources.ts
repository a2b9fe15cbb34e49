/**
 * ByteSources (core/extension/partition-bytes.ts) the engine makes itself: a local file read with positional
 * reads, and bytes in memory (tests, a file just written). `counted`
 * wraps any source so the Parquet tier's metrics see every byte a query reads.
 */
import { open, stat } from 'node:fs/promises';
import { ByteSource } from '../../../core/extension/partition-bytes';
import { SvcError } from '../../../core/errors';
import { sharedBuffer } from '../../../core/data/shared-buffers';

/**
 * A local file. Each `read` opens, reads and closes it: a chunk read is large, so the open costs little,
 * and no descriptor outlives a query (a retired partition's folder can go at once).
 */
export class FileByteSource implements ByteSource {
  /** `size`: the committed size when known (`_txn`); reads past it fail as they would past the file's end. */
  constructor(readonly path: string, private readonly knownSize?: number) {}

  async size(): Promise<number> {
    if (this.knownSize !== undefined) return this.knownSize;
    return (await stat(this.path)).size;
  }

  async read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array> {
    signal?.throwIfAborted();
    if (offset < 0 || length < 0 || (this.knownSize !== undefined && offset + length > this.knownSize)) {
      throw new SvcError(`read past the end of a Parquet file [file=${this.path}, offset=${offset}, length=${length}]`);
    }
    // SharedArrayBuffer-backed, like column file bytes.
    const out = new Uint8Array(sharedBuffer(length));
    const fh = await open(this.path, 'r');
    try {
      let done = 0;
      while (done < length) {
        const { bytesRead } = await fh.read(out, done, length - done, offset + done);
        if (bytesRead === 0) throw new SvcError(`Parquet file shorter than its recorded size [file=${this.path}, expected=${offset + length}]`);
        done += bytesRead;
      }
    } finally {
      await fh.close();
    }
    return out;
  }
}

export class MemoryByteSource implements ByteSource {
  constructor(private readonly bytes: Uint8Array) {}

  async size(): Promise<number> {
    return this.bytes.length;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    if (offset < 0 || length < 0 || offset + length > this.bytes.length) throw new SvcError(`read past the end [offset=${offset}, length=${length}]`);
    return this.bytes.subarray(offset, offset + length);
  }
}

/** Counts bytes and reads through `source` into `counter`. */
export function counted(source: ByteSource, counter: { bytes: number; reads: number }): ByteSource {
  return {
    size: () => source.size(),
    read: async (offset, length, signal) => {
      const b = await source.read(offset, length, signal);
      counter.bytes += b.length;
      counter.reads++;
      return b;
    },
    close: () => source.close?.() ?? Promise.resolve(),
  };
}
