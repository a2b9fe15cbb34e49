/**
 * The bounded local cache of cold bytes: objects are cut into aligned blocks (`cold.cache.block.size`); a
 * read fetches only the blocks it misses, each run of neighbouring missing blocks with one ranged GET, and
 * keeps them as files under the cache folder. Past `cold.cache.size` the least recently used blocks are
 * deleted. Concurrent reads of the same missing block share one fetch. The folder is emptied at start, so
 * a crash never leaves a block the index does not know.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Fetches `length` bytes at `offset` of the object (one ranged GET). */
export type RangeFetch = (offset: number, length: number, signal?: AbortSignal) => Promise<Uint8Array>;

export interface CacheStats {
  readonly hits: number;
  readonly misses: number;
  /** Bytes fetched from the store since start. */
  readonly fetchedBytes: number;
  /** Ranged GETs made. */
  readonly fetches: number;
  /** Bytes the cache holds now. */
  readonly cachedBytes: number;
}

export class BlockCache {
  /** Block id → size, in least-recently-used-first order (a Map keeps insertion order). */
  private readonly blocks = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<Uint8Array>>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private fetchedBytes = 0;
  private fetches = 0;
  private tmpSeq = 0;

  constructor(private readonly dir: string, private readonly maxBytes: number, readonly blockSize: number) {}

  /** Empties the folder (at start, once the root is locked): blocks from an earlier run are not indexed. */
  reset(): void {
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
    this.blocks.clear();
    this.bytes = 0;
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, fetchedBytes: this.fetchedBytes, fetches: this.fetches, cachedBytes: this.bytes };
  }

  /** Bytes `[offset, offset + length)` of the object `objectId` (`objectSize` bytes long). */
  async read(objectId: string, objectSize: number, offset: number, length: number, fetch: RangeFetch, signal?: AbortSignal): Promise<Uint8Array> {
    if (length === 0) return new Uint8Array(0);
    const name = createHash('sha1').update(objectId).digest('hex');
    const first = Math.floor(offset / this.blockSize);
    const last = Math.floor((offset + length - 1) / this.blockSize);
    const parts = new Array<Promise<Uint8Array>>(last - first + 1);
    let runStart = -1;
    const flush = (end: number): void => {
      if (runStart < 0) return;
      const from = runStart;
      const run = this.fetchRun(name, objectSize, from, end, fetch, signal);
      for (let b = from; b <= end; b++) parts[b - first] = run.then((blocks) => blocks[b - from]);
      runStart = -1;
    };
    for (let b = first; b <= last; b++) {
      const id = `${name}-${b}`;
      const pending = this.inFlight.get(id);
      if (pending !== undefined) { flush(b - 1); this.hits++; parts[b - first] = pending; continue; }
      if (this.blocks.has(id)) {
        flush(b - 1);
        this.hits++;
        this.touch(id);
        parts[b - first] = this.readBlock(name, b, objectSize, fetch, signal);
        continue;
      }
      this.misses++;
      if (runStart < 0) runStart = b;
    }
    flush(last);
    const blocks = await Promise.all(parts);
    return slice(blocks, offset - first * this.blockSize, length);
  }

  private blockPath(id: string): string {
    return join(this.dir, id.slice(0, 2), id);
  }

  private touch(id: string): void {
    const size = this.blocks.get(id);
    if (size === undefined) return;
    this.blocks.delete(id);
    this.blocks.set(id, size);
  }

  /** A cached block, or (evicted meanwhile) fetched again. */
  private async readBlock(name: string, b: number, objectSize: number, fetch: RangeFetch, signal?: AbortSignal): Promise<Uint8Array> {
    try {
      return await readFile(this.blockPath(`${name}-${b}`));
    } catch {
      const [block] = await this.fetchRun(name, objectSize, b, b, fetch, signal);
      return block;
    }
  }

  /** Fetches blocks `from..to` with one GET, stores them, and returns them in order. */
  private fetchRun(name: string, objectSize: number, from: number, to: number, fetch: RangeFetch, signal?: AbortSignal): Promise<Uint8Array[]> {
    const start = from * this.blockSize;
    const end = Math.min(objectSize, (to + 1) * this.blockSize);
    const run = (async (): Promise<Uint8Array[]> => {
      const bytes = await fetch(start, end - start, signal);
      this.fetches++;
      this.fetchedBytes += bytes.length;
      const blocks: Uint8Array[] = [];
      for (let b = from; b <= to; b++) {
        const block = bytes.subarray((b - from) * this.blockSize, Math.min(bytes.length, (b - from + 1) * this.blockSize));
        blocks.push(block);
        await this.store(`${name}-${b}`, block);
      }
      return blocks;
    })();
    for (let b = from; b <= to; b++) {
      const id = `${name}-${b}`;
      const one = run.then((blocks) => blocks[b - from]);
      one.catch(() => undefined);
      this.inFlight.set(id, one);
    }
    const clear = (): void => { for (let b = from; b <= to; b++) this.inFlight.delete(`${name}-${b}`); };
    run.then(clear, clear);
    return run;
  }

  private async store(id: string, block: Uint8Array): Promise<void> {
    if (block.length > this.maxBytes) return;
    const path = this.blockPath(id);
    const tmp = `${path}.${++this.tmpSeq}.tmp`;
    try {
      await mkdir(join(this.dir, id.slice(0, 2)), { recursive: true });
      await writeFile(tmp, block);
      await rename(tmp, path);
    } catch {
      await unlink(tmp).catch(() => undefined);
      return; // a full or failing cache disk only costs speed
    }
    if (!this.blocks.has(id)) this.bytes += block.length;
    this.blocks.delete(id);
    this.blocks.set(id, block.length);
    await this.evict();
  }

  private async evict(): Promise<void> {
    for (const [id, size] of this.blocks) {
      if (this.bytes <= this.maxBytes) break;
      this.blocks.delete(id);
      this.bytes -= size;
      await unlink(this.blockPath(id)).catch(() => undefined);
    }
  }
}

/** `length` bytes at `offset` of the concatenated blocks. */
function slice(blocks: readonly Uint8Array[], offset: number, length: number): Uint8Array {
  if (blocks.length === 1) return blocks[0].subarray(offset, offset + length);
  const out = new Uint8Array(length);
  let pos = 0;
  let skip = offset;
  for (const b of blocks) {
    if (skip >= b.length) { skip -= b.length; continue; }
    const piece = b.subarray(skip, Math.min(b.length, skip + length - pos));
    out.set(piece, pos);
    pos += piece.length;
    skip = 0;
    if (pos === length) break;
  }
  return out;
}
