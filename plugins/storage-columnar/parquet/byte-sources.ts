/**
 * ByteSources (core/extension/partition-bytes.ts) the engine makes itself: a local file read with positional
 * reads (the file stays open until `close`), and bytes in memory (tests, a file just written). `counted`
 * wraps any source so the Parquet tier's metrics see every byte a query reads.
 */
import { open, FileHandle } from 'node:fs/promises';
import { ByteSource } from '../../../core/extension/partition-bytes';
import { SvcError } from '../../../core/errors';

export class FileByteSource implements ByteSource {
  private handle: Promise<FileHandle> | undefined;

  /** `size`: the committed size when known (`_txn`); reads past it fail as they would past the file's end. */
  constructor(readonly path: string, private readonly knownSize?: number) {}

  async size(): Promise<number> {
    if (this.knownSize !== undefined) return this.knownSize;
    return (await (await this.file()).stat()).size;
  }

  async read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array> {
    signal?.throwIfAborted();
    if (offset < 0 || length < 0 || (this.knownSize !== undefined && offset + length > this.knownSize)) {
      throw new SvcError(`read past the end of a Parquet file [file=${this.path}, offset=${offset}, length=${length}]`);
    }
    // SharedArrayBuffer-backed, like column file bytes, so decoded views can reach the query workers.
    const out = new Uint8Array(new SharedArrayBuffer(length));
    const fh = await this.file();
    let done = 0;
    while (done < length) {
      const { bytesRead } = await fh.read(out, done, length - done, offset + done);
      if (bytesRead === 0) throw new SvcError(`Parquet file shorter than its recorded size [file=${this.path}, expected=${offset + length}]`);
      done += bytesRead;
    }
    return out;
  }

  async close(): Promise<void> {
    const h = this.handle;
    this.handle = undefined;
    if (h) await (await h).close().catch(() => undefined);
  }

  private file(): Promise<FileHandle> {
    if (!this.handle) {
      const h = open(this.path, 'r');
      // A failed open is retried by the next read, not remembered.
      h.catch(() => { if (this.handle === h) this.handle = undefined; });
      this.handle = h;
    }
    return this.handle;
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
