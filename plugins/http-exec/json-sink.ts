/**
 * The byte buffer /exec writes JSON into. Writers append ASCII and UTF-8 bytes at `pos` after `ensure`;
 * the route hands full chunks (~64 KB) to `res.write` and waits for 'drain' when the socket is behind,
 * so a response holds at most one chunk plus the socket's high-water mark.
 * Chunks go to the socket by reference, so a flushed buffer is only reused after its write callback.
 */
import { Writable } from 'node:stream';
import { ChunkPool } from './chunk-pool';

export const CHUNK_BYTES = 64 * 1024;
/** Room past the chunk mark, so the row that crosses it rarely needs a bigger buffer. */
const SLACK_BYTES = 4 * 1024;
/** The size of a pooled sink buffer. */
export const SINK_BUFFER_BYTES = CHUNK_BYTES + SLACK_BYTES;

export class JsonSink {
  buf: Buffer;
  pos = 0;
  /** Bytes handed to the response so far. */
  written = 0;
  private readonly chunkBytes: number;
  private readonly pool: ChunkPool;

  /** @param chunkBytes bytes after which `full` says to flush; @param pool where chunks come from and return to */
  constructor(chunkBytes = CHUNK_BYTES, pool?: ChunkPool) {
    this.chunkBytes = chunkBytes;
    this.pool = pool ?? new ChunkPool(chunkBytes + SLACK_BYTES, 0);
    this.buf = this.pool.acquire();
  }

  /** Makes room for `n` more bytes (grows for a single huge value; never shrinks a chunk). */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const bigger = Buffer.allocUnsafe(size);
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  get full(): boolean {
    return this.pos >= this.chunkBytes;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  /** ASCII text (keys, punctuation, numbers); the caller knows it has no character above 0x7f. */
  ascii(s: string): void {
    const n = s.length;
    this.ensure(n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  bytes(src: Uint8Array, start = 0, end = src.length): void {
    const n = end - start;
    this.ensure(n);
    const buf = this.buf;
    let p = this.pos;
    if (n > 32) {
      buf.set(src.subarray(start, end), p);
      p += n;
    } else {
      for (let i = start; i < end; i++) buf[p++] = src[i];
    }
    this.pos = p;
  }

  /** The bytes written since the last `take`, as a standalone Buffer (for tests and small bodies). */
  take(): Buffer {
    const out = Buffer.from(this.buf.subarray(0, this.pos));
    this.pos = 0;
    return out;
  }

  /**
   * Hands the pending bytes to the response. Resolves when the socket can take more: at once, or on
   * 'drain', when the response closes or when `signal` aborts (the caller then checks the signal).
   */
  async flush(res: Writable, signal?: AbortSignal): Promise<void> {
    if (this.pos === 0) return;
    const chunk = this.buf.subarray(0, this.pos);
    const owner = this.buf;
    this.written += this.pos;
    this.buf = this.pool.acquire();
    this.pos = 0;
    const ok = res.write(chunk, () => this.pool.release(owner));
    if (!ok && !res.destroyed && !signal?.aborted) await waitForDrain(res, signal);
  }

  /** Writes what is pending and ends the response. */
  end(res: Writable): void {
    this.written += this.pos;
    const owner = this.buf;
    if (this.pos > 0) res.end(owner.subarray(0, this.pos), () => this.pool.release(owner));
    else { res.end(); this.pool.release(owner); }
    this.pos = 0;
  }

  /** Gives the buffer back without writing it (the response was abandoned). */
  discard(): void {
    this.pool.release(this.buf);
    this.pos = 0;
  }
}

/** Resolves on 'drain', 'close' or the signal's abort (a timeout must not wait for a stalled reader). */
function waitForDrain(res: Writable, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
    signal?.addEventListener('abort', done);
  });
}
