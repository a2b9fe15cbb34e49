/**
 * Hot column files as decoded vectors, LRU by bytes (`cairo.column.cache.size`). An entry is a column file
 * path (its partition folder changes on every out-of-order rewrite) plus the committed version it was read
 * at (row count and column top), so a reader never gets bytes from another snapshot; a newer version
 * replaces the older one. Evicted or replaced vectors stay valid for readers that hold them.
 */
import { Vector } from '../../core/data/vector';

interface Entry { readonly vector: Vector; readonly bytes: number; readonly version: string }

export class ColumnCache {
  private readonly entries = new Map<string, Entry>();
  private used = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly capacityBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  /** `load` gets the entry of another version of the same file, if cached, to extend it instead of rereading. */
  get(key: string, version: string, load: (previous?: { vector: Vector; version: string }) => Vector): Vector {
    const hit = this.entries.get(key);
    let previous: { vector: Vector; version: string } | undefined;
    if (hit && hit.version !== version) {
      this.entries.delete(key);
      this.used -= hit.bytes;
      previous = hit;
    } else if (hit) {
      // Map keeps insertion order: re-inserting moves the entry to the most recently used end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits++;
      return hit.vector;
    }
    this.misses++;
    const vector = load(previous);
    const bytes = vectorBytes(vector);
    if (bytes <= this.capacityBytes) {
      this.entries.set(key, { vector, bytes, version });
      this.used += bytes;
      this.evict();
    }
    return vector;
  }

  /** Drops every entry whose key starts with `prefix` (a dropped table or partition folder). */
  invalidate(prefix: string): void {
    for (const [k, e] of this.entries) {
      if (k.startsWith(prefix)) {
        this.entries.delete(k);
        this.used -= e.bytes;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  private evict(): void {
    for (const [k, e] of this.entries) {
      if (this.used <= this.capacityBytes) break;
      this.entries.delete(k);
      this.used -= e.bytes;
    }
  }
}

function vectorBytes(v: Vector): number {
  return v.data.byteLength + (v.offsets?.byteLength ?? 0) + (v.nulls?.byteLength ?? 0) + (v.exact?.byteLength ?? 0);
}
