/**
 * Reusable output chunks for /exec responses. A chunk handed to `res.write`/`res.end` is owned by the socket
 * until the write callback runs; then it comes back here. In steady state a request allocates no buffer
 * at all, which matters for `select 1` rates (a fresh buffer per request was a third of its CPU, in GC).
 * Memory stays bounded: at most `maxIdle` idle chunks are kept.
 */
export class ChunkPool {
  private readonly idle: Buffer[] = [];

  constructor(readonly chunkBytes: number, private readonly maxIdle = 64) {}

  acquire(): Buffer {
    return this.idle.pop() ?? Buffer.allocUnsafeSlow(this.chunkBytes);
  }

  /** Returns a chunk once nothing references it; chunks of another size (grown for a huge value) are dropped. */
  release(chunk: Buffer): void {
    if (chunk.length === this.chunkBytes && this.idle.length < this.maxIdle) this.idle.push(chunk);
  }
}
